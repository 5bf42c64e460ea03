import { type UtmField, type UtmValues, utmParameters } from './landing-utm'

/**
 * Where a lead came from: a public form (which one, sent from which page) or staff who added it by hand (by
 * which channel), and the UTM parameters of the URL the visitor first landed on: what the server and the
 * workspace read. The public pages import only landing-utm.ts (the capture's rules) and source-fields.ts
 * (the forms' declarations), so none of this joins the chunk every page loads.
 */

export { type SourceKind, sourceKinds, type UtmField, type UtmValues } from './landing-utm'

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

/** The longest note that comes with a lead added by hand. */
export const manualLeadNoteLimit = 2000

/** The public forms a lead is sent from. */
export type LeadForm = 'quote' | 'contact'

/** A lead's source, stored with it (`source`). */
export type LeadSource =
  | { readonly kind: 'form'; readonly form: LeadForm; readonly page?: string }
  | { readonly kind: 'manual'; readonly channel: ManualChannel }

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
