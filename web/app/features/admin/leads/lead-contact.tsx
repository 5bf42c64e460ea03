import { type AttemptChannel, attemptMessage, whatsappLink } from '@core/lead-attempts'
import type { LeadDetail } from '@core/pipeline'
import { lazy, Suspense, useState } from 'react'
import { LeadReach } from './lead-fields'

type Lead = LeadDetail['lead']

const AttemptDialog = lazy(() =>
  import('./attempt-dialog').then((module) => ({ default: module.AttemptDialog })),
)

/** The capacity a quote asked for, in kW, for the first message. */
function capacityOf(lead: Lead): number | string | undefined {
  const value = lead.fields.capacityKw
  return typeof value === 'number' || (typeof value === 'string' && value.trim() !== '') ? value : undefined
}

export interface LeadContactProps {
  readonly lead: Lead
  /** The signed-in colleague, who writes the first message. */
  readonly me: string
}

/**
 * Call, WhatsApp and E-mail on a lead, for the roles that log attempts: a tap opens the phone, the WhatsApp
 * chat (a new tab, the message typed in) or the mail program, and the dialog that logs how it went.
 */
export function LeadContact({ lead, me }: LeadContactProps) {
  const [channel, setChannel] = useState<AttemptChannel | null>(null)
  const whatsapp = whatsappLink(lead.phone, attemptMessage({ name: lead.name, me, kW: capacityOf(lead) }))
  return (
    <>
      <LeadReach lead={lead} whatsapp={whatsapp} onContact={setChannel} />
      {channel ? (
        // The dialog and its rules load at the first tap: the lead page opens without them.
        <Suspense fallback={null}>
          <AttemptDialog lead={lead} channel={channel} onClose={() => setChannel(null)} />
        </Suspense>
      ) : null}
    </>
  )
}
