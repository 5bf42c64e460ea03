import { type AttemptChannel, attemptChannelLabels } from '@core/lead-attempts'
import type { LeadSummary } from '@core/pipeline'
import { buttonVariants } from '~/components/button'
import { leadCopy } from '~/features/admin/leads/content'

/**
 * The ways to reach a lead as links a phone, WhatsApp or a mail program opens: the lead page's and each inbox
 * row's (a module of its own, so the inbox loads none of the lead page's field tables).
 */

export const dial = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`
export const mailTo = (email: string) => `mailto:${email}`

export interface LeadReachProps {
  readonly lead: Pick<LeadSummary, 'name' | 'phone' | 'email'>
  /**
   * The WhatsApp chat with the lead's phone, one link per message (lead-attempts.ts `messagesFor`,
   * `whatsappLink`): a button of its own; with several, it opens the list to pick one from.
   */
  readonly whatsapp?:
    | readonly {
        readonly name: string
        readonly href: string
        /** Why this message may not be sent to the person (an offer without their consent): shown, not linked. */
        readonly refusal?: string
      }[]
    | undefined
  /** Told which way a button reached out, and the message's name for WhatsApp, after the tap. */
  readonly onContact?: (channel: AttemptChannel, message?: string) => void
  /**
   * Short buttons for an inbox row: the channel's name alone ("Call"), the person's name (or number) in its
   * accessible name ("Call Asha Rao"), so a list of rows reads apart.
   */
  readonly compact?: boolean
}

/**
 * The lead's phone and e-mail as buttons to call or write, at the top of its page and in its inbox row
 * (staff work on phones).
 */
export function LeadReach({ lead, whatsapp, onContact, compact = false }: LeadReachProps) {
  const ways = [
    lead.phone
      ? { channel: 'call' as const, href: dial(lead.phone), reach: lead.phone, say: leadCopy.call }
      : undefined,
    lead.phone && whatsapp?.length === 1 && whatsapp[0] && !whatsapp[0].refusal
      ? { channel: 'whatsapp' as const, href: whatsapp[0].href, reach: lead.phone, say: leadCopy.whatsapp }
      : undefined,
    lead.email
      ? { channel: 'email' as const, href: mailTo(lead.email), reach: lead.email, say: leadCopy.write }
      : undefined,
  ].filter((way) => way !== undefined)
  if (ways.length === 0) return null
  const who = lead.name?.trim() || lead.phone || lead.email || ''
  return (
    <div className="flex flex-wrap gap-2">
      {ways.map(({ channel, href, reach, say }) => (
        <a
          key={channel}
          href={href}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          // The chat opens in a tab of its own, so the lead's page stays for the outcome.
          {...(channel === 'whatsapp' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          {...(compact ? { 'aria-label': say(who) } : {})}
          onClick={
            onContact
              ? () => onContact(channel, channel === 'whatsapp' ? whatsapp?.[0]?.name : undefined)
              : undefined
          }
        >
          {compact ? attemptChannelLabels[channel] : say(reach)}
        </a>
      ))}
      {lead.phone && whatsapp && (whatsapp.length > 1 || whatsapp[0]?.refusal) ? (
        // Several messages: the button opens them, each a link to the chat with its text typed in.
        <details className="relative">
          <summary
            className={buttonVariants({
              variant: 'outline',
              size: 'sm',
              className: 'cursor-pointer list-none',
            })}
            aria-label={compact ? leadCopy.whatsapp(who) : undefined}
          >
            {compact ? attemptChannelLabels.whatsapp : leadCopy.whatsapp(lead.phone)}
          </summary>
          <ul className="absolute z-20 mt-1 flex min-w-48 flex-col rounded-lg border border-slate-200 bg-white py-1 shadow-md">
            {whatsapp.map(({ name, href, refusal }) => (
              <li key={name}>
                {refusal ? (
                  // Not a link: this message may not go to this person, and the reason says why.
                  <p aria-disabled="true" className="block cursor-not-allowed px-3 py-2 text-sm text-muted">
                    {leadCopy.whatsappMessage(name)}
                    <span className="block text-xs">{refusal}</span>
                  </p>
                ) : (
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="block px-3 py-2 text-sm text-ink hover:bg-brand-50 focus-visible:bg-brand-50"
                    onClick={(event) => {
                      event.currentTarget.closest('details')?.removeAttribute('open')
                      onContact?.('whatsapp', name)
                    }}
                  >
                    {leadCopy.whatsappMessage(name)}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  )
}
