import { company, whatsappLink } from '~/content/company'
import { ShellIcon } from './ui/shell-icons'

/**
 * The button's name for screen readers: a word no form label contains ('Message' and 'Chat' are the contact
 * form's field and the contact menu's entry, which a screen reader's list and a test's lookup would confuse).
 */
export const whatsappButtonLabel = 'WhatsApp us'

/** The first message of a chat opened from the floating button. */
export const whatsappGreeting = `Hello ${company.name}, I would like to know more about your solutions.`

/**
 * The floating WhatsApp button of every public page (the site's shell draws it): one tap opens a chat with the
 * company's WhatsApp number (functions/core/company.ts). A plain link with nothing to run, so it costs the
 * pages no hydration work; hidden in print.
 */
export function WhatsAppButton() {
  return (
    <a
      href={whatsappLink(whatsappGreeting)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={whatsappButtonLabel}
      className="print:hidden fixed right-4 bottom-4 z-30 inline-flex size-14 items-center justify-center rounded-full bg-[#128c7e] text-white shadow-lift hover:bg-[#075e54] sm:right-6 sm:bottom-6"
    >
      <ShellIcon name="whatsapp" className="size-7" />
    </a>
  )
}
