import { type AttemptChannel, attemptMessage, whatsappLink } from '@core/lead-attempts'
import type { LeadSummary } from '@core/pipeline'
import { lazy, Suspense, useState } from 'react'
import { LeadReach } from './lead-reach'

/**
 * What the contact buttons need of a lead: an inbox row has it all, the lead page's lead its stored fields
 * too (a lead listed before rows carried the capacity has it only there).
 */
export type ContactLead = Pick<LeadSummary, 'id' | 'status' | 'name' | 'phone' | 'email' | 'capacityKw'> & {
  readonly fields?: Readonly<Record<string, unknown>>
}

const AttemptDialog = lazy(() =>
  import('./attempt-dialog').then((module) => ({ default: module.AttemptDialog })),
)

/** The capacity a quote asked for, in kW, for the first message. */
function capacityOf(lead: ContactLead): number | string | undefined {
  if (lead.capacityKw !== undefined) return lead.capacityKw
  const value = lead.fields?.capacityKw
  return typeof value === 'number' || (typeof value === 'string' && value.trim() !== '') ? value : undefined
}

export interface LeadContactProps {
  readonly lead: ContactLead
  /** The signed-in colleague, who writes the first message. */
  readonly me: string
  /** Short buttons named for the person ("Call", read as "Call Asha Rao"): an inbox row's. */
  readonly compact?: boolean
  /** After the dialog saved the attempt (the inbox reads its rows again). */
  readonly onLogged?: () => void
}

/**
 * Call, WhatsApp and E-mail on a lead, for the roles that log attempts, on the lead page and in each inbox
 * row: a tap opens the phone, the WhatsApp chat (a new tab, the message typed in) or the mail program, and
 * the dialog that logs how it went.
 */
export function LeadContact({ lead, me, compact = false, onLogged }: LeadContactProps) {
  const [channel, setChannel] = useState<AttemptChannel | null>(null)
  const whatsapp = whatsappLink(lead.phone, attemptMessage({ name: lead.name, me, kW: capacityOf(lead) }))
  return (
    <>
      <LeadReach lead={lead} whatsapp={whatsapp} onContact={setChannel} compact={compact} />
      {channel ? (
        // The dialog and its rules load at the first tap: the page opens without them.
        <Suspense fallback={null}>
          <AttemptDialog
            lead={lead}
            channel={channel}
            onClose={() => setChannel(null)}
            {...(onLogged ? { onLogged } : {})}
          />
        </Suspense>
      ) : null}
    </>
  )
}
