import { companyFacts } from './company'
import { type LeadSegment, leadSegmentLabels, phoneKey } from './inbox-search'

/**
 * A contact attempt on a lead: how staff reached out (a call, a WhatsApp message, an e-mail) and how it went,
 * logged in one action from the lead page's dialog (POST /api/admin/leads/{id}/attempts). The channels, the
 * outcomes and their labels, and the WhatsApp link a tap opens, its message filled from a template (owners
 * edit them in the settings; their placeholders and limits are here, the one list; the
 * `tel:` and `mailto:` links are the lead page's own). No zod here (lead-attempt-schema.ts checks the body): the lead page and the inbox row
 * draw the buttons with this alone.
 */

export const attemptChannels = ['call', 'whatsapp', 'email'] as const
export type AttemptChannel = (typeof attemptChannels)[number]

export const attemptChannelLabels: Readonly<Record<AttemptChannel, string>> = {
  call: 'Call',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
}

export const attemptOutcomes = ['connected', 'no-answer', 'wrong-number', 'callback', 'sent'] as const
export type AttemptOutcome = (typeof attemptOutcomes)[number]

export const attemptOutcomeLabels: Readonly<Record<AttemptOutcome, string>> = {
  connected: 'Connected',
  'no-answer': 'No answer',
  'wrong-number': 'Wrong number',
  callback: 'Call back',
  sent: 'Sent',
}

/** The outcomes each channel can have: a message is sent; a call is not. */
export function outcomesOf(channel: AttemptChannel): readonly AttemptOutcome[] {
  return channel === 'call' ? attemptOutcomes.filter((outcome) => outcome !== 'sent') : attemptOutcomes
}

/** The longest note an attempt keeps (it lives on the lead's item, in its history). */
export const attemptNoteLimit = 500

/**
 * Whether a lead has been answered: its first attempt stamped `firstContactAt` (never moved after). The
 * response clock's sweep skips such a lead (business-clock.ts `responseClockOf` reads it as 'answered').
 */
export const isAnswered = (lead: { readonly firstContactAt?: string | undefined }): boolean =>
  lead.firstContactAt !== undefined

/**
 * The digits of a phone number in E.164 as wa.me takes them (no `+`), from the number as people type it:
 * `+` or `00` and a country code are kept as written; otherwise the number is Indian (the last 10 digits,
 * inbox-search.ts `phoneKey`, after 91). Undefined when there are too few digits for a number.
 */
export function e164Digits(phone: string | undefined): string | undefined {
  if (phone === undefined) return undefined
  const trimmed = phone.trim()
  const digits = trimmed.replace(/\D/g, '')
  const international = trimmed.startsWith('+') ? digits : trimmed.startsWith('00') ? digits.slice(2) : ''
  if (international !== '') {
    // E.164: a country code and the number, 15 digits at most.
    return international.length >= 8 && international.length <= 15 && !international.startsWith('0')
      ? international
      : undefined
  }
  const local = phoneKey(digits)
  return local === undefined ? undefined : `91${local}`
}

/** What a message template's placeholders are filled with. */
export interface TemplateValues {
  /** The person's name as they gave it. */
  readonly name?: string | undefined
  /** Who writes: the signed-in colleague. */
  readonly me: string
  /** The capacity asked for, in kW (quotes). */
  readonly kW?: number | string | undefined
  /** The quote's category (residential, housing society, commercial). */
  readonly category?: LeadSegment | undefined
}

/** The placeholders a message template may hold, the one list the settings' rules and the filling read. */
export const templatePlaceholders = ['name', 'me', 'company', 'kW', 'category'] as const
export type TemplatePlaceholder = (typeof templatePlaceholders)[number]

/**
 * What a message is to the person: the reply to their own request (the legitimate use of what they gave,
 * always allowed), or an update or offer, which needs their WhatsApp consent (consent-fields.ts
 * `whatsappUpdates`, unticked unless they ticked it, and off again once they withdraw it).
 */
export const messageKinds = ['reply', 'offer'] as const
export type MessageKind = (typeof messageKinds)[number]

export const messageKindLabels: Readonly<Record<MessageKind, string>> = {
  reply: 'Reply to their request',
  offer: 'Update or offer (needs their consent)',
}

/** A named WhatsApp message template, as owners edit them in the workspace's settings. */
export interface MessageTemplate {
  readonly name: string
  readonly text: string
  /** A reply unless owners mark it an update or offer; templates saved before kinds existed are replies. */
  readonly kind?: MessageKind
}

/** Why an update or offer is not sent to a person: what the button and the API's 409 say. */
export const offerWithoutConsentMessage =
  'They have not agreed to WhatsApp updates and offers: send only the reply to their request.'

/**
 * Whether a lead's person may be sent an update or offer on WhatsApp: they ticked the box and have not
 * withdrawn it since (a withdrawal sets the box false, functions/lib/db/consent-effects.ts).
 */
export function mayOfferOnWhatsapp(fields: Readonly<Record<string, unknown>> | undefined): boolean {
  return fields?.whatsappUpdates === true
}

/** GET /api/admin/message-templates: the owners' templates, none before they saved any. */
export interface MessageTemplatesReply {
  readonly templates: readonly MessageTemplate[]
}

/** How many templates owners may keep, and the length of a name and of a text. */
export const messageTemplateLimits = { count: 5, name: 40, text: 500 } as const

/** The placeholders a template names that are not ones it may hold (`{price}`), each once, as written. */
export function unknownPlaceholders(template: string): string[] {
  const named = [...template.matchAll(/\{([^{}]*)\}/g)].map((match) => match[1] ?? '')
  const unknown = named.filter((name) => !(templatePlaceholders as readonly string[]).includes(name))
  return [...new Set(unknown)]
}

/**
 * The default messages of a first contact, by kind of lead: `{name}`, `{me}`, `{company}` and `{kW}` are
 * filled in (fillTemplate). They are the messages until owners save templates of their own in the
 * workspace's settings (messageFor).
 */
export const defaultAttemptTemplates = {
  /** A quote with a capacity. */
  quote:
    'Namaste {name}, this is {me} from {company} about your {kW} kW solar quote. Is this a good time to talk?',
  /** A quote without a capacity, and a contact message. */
  general: 'Namaste {name}, this is {me} from {company} about your enquiry. Is this a good time to talk?',
} as const

/**
 * A template with its placeholders filled; a value that is missing leaves the sentence without it (a
 * missing capacity takes its unit along: "your {kW} kW quote" reads "your quote").
 */
export function fillTemplate(template: string, values: TemplateValues): string {
  const kW = values.kW === undefined ? '' : String(values.kW).trim()
  const filled: Record<TemplatePlaceholder, string> = {
    name: values.name?.trim() ?? '',
    me: values.me,
    company: companyFacts.name,
    kW,
    category: values.category ? leadSegmentLabels[values.category].toLowerCase() : '',
  }
  const pattern = new RegExp(`\\{(${templatePlaceholders.join('|')})\\}`, 'g')
  return (
    (kW === '' ? template.replace(/\{kW\}\s*kW\b/g, '') : template)
      .replace(pattern, (_, key: TemplatePlaceholder) => filled[key])
      // A name left out leaves "Namaste ," behind: the space before the comma goes with it.
      .replace(/ +,/g, ',')
      .replace(/ {2,}/g, ' ')
      .trim()
  )
}

/** The first-contact message for a lead: the quote's own when it names a capacity. */
export function attemptMessage(values: TemplateValues): string {
  const hasCapacity = values.kW !== undefined && String(values.kW).trim() !== ''
  return fillTemplate(hasCapacity ? defaultAttemptTemplates.quote : defaultAttemptTemplates.general, values)
}

/**
 * The messages staff may send a lead, named: each of the owners' templates filled in, or, before they
 * saved any, the default one for this lead (attemptMessage).
 */
export function messagesFor(
  templates: readonly MessageTemplate[],
  values: TemplateValues,
): { readonly name: string; readonly text: string; readonly kind: MessageKind }[] {
  if (templates.length === 0) return [{ name: 'Default', text: attemptMessage(values), kind: 'reply' }]
  return templates.map((template) => ({
    name: template.name,
    text: fillTemplate(template.text, values),
    kind: template.kind ?? 'reply',
  }))
}

/** The WhatsApp chat with this phone number, the message typed in; undefined for a number it cannot read. */
export function whatsappLink(phone: string | undefined, message: string): string | undefined {
  const digits = e164Digits(phone)
  return digits === undefined ? undefined : `https://wa.me/${digits}?text=${encodeURIComponent(message)}`
}
