import { type AttemptChannel, attemptChannelLabels } from '@core/lead-attempts'
import type { LeadSummary } from '@core/pipeline'
import { buttonVariants } from '~/components/button'
import { leadCopy } from '~/features/admin/content/leads'

/**
 * The ways to reach a lead as links a phone, WhatsApp or a mail program opens: the lead page's and each inbox
 * row's (a module of its own, so the inbox loads none of the lead page's field tables).
 */

export const dial = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`
export const mailTo = (email: string) => `mailto:${email}`

export interface LeadReachProps {
  readonly lead: Pick<LeadSummary, 'name' | 'phone' | 'email'>
  /** The WhatsApp chat with the lead's phone (lead-attempts.ts `whatsappLink`): a button of its own. */
  readonly whatsapp?: string | undefined
  /** Told which way a button reached out, after the tap (the contact attempt's dialog). */
  readonly onContact?: (channel: AttemptChannel) => void
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
    lead.phone && whatsapp
      ? { channel: 'whatsapp' as const, href: whatsapp, reach: lead.phone, say: leadCopy.whatsapp }
      : undefined,
    lead.email
      ? { channel: 'email' as const, href: mailTo(lead.email), reach: lead.email, say: leadCopy.write }
      : undefined,
  ].filter((way) => way !== undefined)
  if (ways.length === 0) return null
  const who = lead.name?.trim() || lead.phone || lead.email || ''
  return (
    <p className="flex flex-wrap gap-2">
      {ways.map(({ channel, href, reach, say }) => (
        <a
          key={channel}
          href={href}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          // The chat opens in a tab of its own, so the lead's page stays for the outcome.
          {...(channel === 'whatsapp' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          {...(compact ? { 'aria-label': say(who) } : {})}
          onClick={onContact ? () => onContact(channel) : undefined}
        >
          {compact ? attemptChannelLabels[channel] : say(reach)}
        </a>
      ))}
    </p>
  )
}
