import {
  type AttemptChannel,
  type MessageTemplate,
  mayOfferOnWhatsapp,
  messagesFor,
  offerWithoutConsentMessage,
  whatsappLink,
} from '@core/lead-attempts'
import type { LeadSummary } from '@core/pipeline'
import { lazy, Suspense, useEffect, useState } from 'react'
import { fetchMessageTemplates } from '~/features/admin/leads/api/admin-message-templates'
import { leadCopy } from './content'
import { LeadReach } from './lead-reach'

/**
 * The owners' templates, read once per page load for every button that needs them (a list of rows asks
 * once). A failed read falls back to the built-in message; the next page load reads them again.
 */
let templatesRead: Promise<readonly MessageTemplate[]> | undefined
function readTemplates(): Promise<readonly MessageTemplate[]> {
  templatesRead ??= fetchMessageTemplates().catch(() => {
    templatesRead = undefined
    return []
  })
  return templatesRead
}

/** Forgets the templates read, so the next button reads them again (tests; a page load does it anyway). */
export function forgetMessageTemplates(): void {
  templatesRead = undefined
}

/** The templates once read (undefined until then: the WhatsApp button waits for its message). */
function useMessageTemplates(): readonly MessageTemplate[] | undefined {
  const [templates, setTemplates] = useState<readonly MessageTemplate[] | undefined>(undefined)
  useEffect(() => {
    let current = true
    void readTemplates().then((read) => {
      if (current) setTemplates(read)
    })
    return () => {
      current = false
    }
  }, [])
  return templates
}

/**
 * What the contact buttons need of a lead: an inbox row has it all, the lead page's lead its stored fields
 * too (a lead listed before rows carried the capacity has it only there).
 */
export type ContactLead = Pick<
  LeadSummary,
  'id' | 'status' | 'name' | 'phone' | 'email' | 'capacityKw' | 'segment'
> & {
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
  const [tapped, setTapped] = useState<{ channel: AttemptChannel; template?: string | undefined } | null>(
    null,
  )
  const templates = useMessageTemplates()
  const values = { name: lead.name, me, kW: capacityOf(lead), category: lead.segment }
  // An update or offer needs the person's WhatsApp consent, which only the lead's own fields hold (an inbox
  // row has none of them): there it is offered from the lead's page.
  const offerRefusal = lead.fields === undefined ? leadCopy.offerOnLeadPage : offerWithoutConsentMessage
  const offersAllowed = mayOfferOnWhatsapp(lead.fields)
  const whatsapp = templates
    ? messagesFor(templates, values).flatMap(({ name, text, kind }) => {
        const href = whatsappLink(lead.phone, text)
        if (!href) return []
        return [{ name, href, ...(kind === 'offer' && !offersAllowed ? { refusal: offerRefusal } : {}) }]
      })
    : []
  // The template's name goes with the attempt only where owners named it (not the built-in message).
  const named = templates !== undefined && templates.length > 0
  const channel = tapped?.channel
  return (
    <>
      <LeadReach
        lead={lead}
        whatsapp={whatsapp}
        onContact={(tappedChannel, template) =>
          setTapped({ channel: tappedChannel, template: named ? template : undefined })
        }
        compact={compact}
      />
      {channel ? (
        // The dialog and its rules load at the first tap: the page opens without them.
        <Suspense fallback={null}>
          <AttemptDialog
            lead={lead}
            channel={channel}
            template={tapped?.template}
            onClose={() => setTapped(null)}
            {...(onLogged ? { onLogged } : {})}
          />
        </Suspense>
      ) : null}
    </>
  )
}
