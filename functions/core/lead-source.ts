import type { FieldDeclarations, FieldPattern } from './field-declarations'

/**
 * Where a lead came from: a public form (which one, sent from which page) or staff who added it by hand (by
 * which channel), and the UTM parameters of the URL the visitor first landed on. The public pages import
 * this module (the landing capture, the forms), so it stays small and imports nothing with weight.
 */

/** The ways a lead reaches the staff other than a public form: what the manual lead's form offers. */
export const manualChannelLabels = {
  phone: 'Phone-in',
  'walk-in': 'Walk-in',
  indiamart: 'IndiaMART',
  justdial: 'JustDial',
  marketplace: 'Other marketplace',
  referral: 'Referral',
  other: 'Other',
} as const
export type ManualChannel = keyof typeof manualChannelLabels
export const manualChannels = /* @__PURE__ */ Object.keys(manualChannelLabels) as ManualChannel[]

/** The public forms a lead is sent from. */
export type LeadForm = 'quote' | 'contact'

/** A lead's source, stored with it (`source`). */
export type LeadSource =
  | { readonly kind: 'form'; readonly form: LeadForm; readonly page?: string }
  | { readonly kind: 'manual'; readonly channel: ManualChannel }

/** The source filter's values besides a UTM source: every form lead, every lead added by hand. */
export const sourceKinds = ['form', 'manual'] as const
export type SourceKind = (typeof sourceKinds)[number]

/** The UTM parameters kept, by their name in a URL, with the lead field each fills. */
export const utmParameters = {
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  utm_term: 'utmTerm',
  utm_content: 'utmContent',
} as const
export type UtmField = (typeof utmParameters)[keyof typeof utmParameters]
export type UtmValues = Partial<Readonly<Record<UtmField, string>>>

/** The longest UTM value kept; the landing capture cuts a longer one to this length. */
export const utmMaxLength = 100

/**
 * A UTM value: letters (with their marks, for any script), digits, spaces and the punctuation campaign tools use. The landing capture keeps only
 * values that pass it, so a visitor's form is never refused for a link they followed.
 */
export const utmPattern: FieldPattern = {
  regex: /^[\p{L}\p{M}\p{N} ._~+\-:/|@()%]+$/u,
  message: 'Use letters, digits, spaces and . _ ~ + - : / | @ ( ) % only',
  hint: 'A UTM value',
}

/** The longest page path kept as a form lead's page. */
export const sourcePageMaxLength = 200

/** The page a form was sent from: a path of the site, without its query or fragment. */
export const sourcePagePattern: FieldPattern = {
  // Not `//…`, which a browser reads as another host.
  regex: /^\/(?!\/)[A-Za-z0-9\-._~/]*$/,
  message: 'The page is a path of the site, such as /get-quote',
  hint: 'A path of the site',
}

/** A stored lead's source; a quote or contact stored before sources existed came from its form. */
export function storedSource(form: LeadForm, value: unknown): LeadSource {
  const source = value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined
  if (source?.kind === 'manual' && Object.hasOwn(manualChannelLabels, String(source.channel))) {
    return { kind: 'manual', channel: source.channel as ManualChannel }
  }
  const page = typeof source?.page === 'string' ? source.page : undefined
  return { kind: 'form', form, ...(page ? { page } : {}) }
}

const formLabels: Readonly<Record<LeadForm, string>> = { quote: 'Quote form', contact: 'Contact form' }

/**
 * The source as staff read it, short: "Quote form, /get-quote", "Phone-in (by hand)", with the UTM source,
 * medium and campaign after it when the visit had them ("… · google / cpc / rooftop").
 */
export function sourceLabel(source: LeadSource, utm: UtmValues = {}): string {
  const own =
    source.kind === 'manual'
      ? `${manualChannelLabels[source.channel]} (by hand)`
      : `${formLabels[source.form]}${source.page ? `, ${source.page}` : ''}`
  const campaign = [utm.utmSource, utm.utmMedium, utm.utmCampaign].filter(Boolean).join(' / ')
  return campaign ? `${own} · ${campaign}` : own
}

/**
 * The fields every public form's lead carries about where it came from (quote-fields.ts, contact-fields.ts):
 * the page it was sent from and the landing URL's UTM parameters, sent by the page (never shown to the
 * visitor, not personal data), and the source the server works out of them (`{ kind: 'form', form, page }`).
 * The staff e-mail names them in one "Source" line (sourceLabel); the exports give each UTM value a column
 * and the source its own columns (core/exports.ts).
 */
export const sourceFields = {
  page: {
    kind: 'tracking',
    label: 'Sent from page',
    maxLength: sourcePageMaxLength,
    pattern: sourcePagePattern,
    notNotified: true,
  },
  utmSource: {
    kind: 'tracking',
    label: 'UTM source',
    maxLength: utmMaxLength,
    pattern: utmPattern,
    exportWidth: 16,
    notNotified: true,
  },
  utmMedium: {
    kind: 'tracking',
    label: 'UTM medium',
    maxLength: utmMaxLength,
    pattern: utmPattern,
    exportWidth: 14,
    notNotified: true,
  },
  utmCampaign: {
    kind: 'tracking',
    label: 'UTM campaign',
    maxLength: utmMaxLength,
    pattern: utmPattern,
    exportWidth: 18,
    notNotified: true,
  },
  utmTerm: {
    kind: 'tracking',
    label: 'UTM term',
    maxLength: utmMaxLength,
    pattern: utmPattern,
    exportWidth: 14,
    notNotified: true,
  },
  utmContent: {
    kind: 'tracking',
    label: 'UTM content',
    maxLength: utmMaxLength,
    pattern: utmPattern,
    exportWidth: 14,
    notNotified: true,
  },
  /** Worked out by the server from the page (or by the staff's channel for a lead added by hand). */
  source: { kind: 'derived', label: 'Source', notNotified: true },
} as const satisfies FieldDeclarations

/**
 * A checked form lead's fields as stored: the page folded into its source, the UTM values kept as sent
 * (trimmed). What else the form sent is kept as it is.
 */
export function withFormSource<T extends { readonly page?: string | undefined }>(
  form: LeadForm,
  checked: T,
): Omit<T, 'page'> & { source: LeadSource } {
  const { page, ...fields } = checked
  return { ...fields, source: { kind: 'form', form, ...(page ? { page } : {}) } }
}

/** The UTM values of a stored lead (or a checked request), the ones it has. */
export function utmValuesOf(lead: Readonly<Record<string, unknown>>): UtmValues {
  const values: Partial<Record<UtmField, string>> = {}
  for (const field of Object.values(utmParameters)) {
    const value = lead[field]
    if (typeof value === 'string' && value !== '') values[field] = value
  }
  return values
}
