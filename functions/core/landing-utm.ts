import type { FieldPattern } from './field-declarations'

/**
 * The rules of what a visit sends about where it came from: the landing URL's UTM parameters and the page a
 * form is sent from. Every public page loads this module (web/app/lib/landing-source.ts keeps the landing's
 * values), so it holds only these few constants; the rest of a lead's source is lead-source.ts.
 */

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

/**
 * The source filter's values besides a UTM source: every form lead, every lead added by hand (here, beside
 * the UTM rules the filter also checks, so the workspace's inbox loads no more of lead-source.ts).
 */
export const sourceKinds = ['form', 'manual'] as const
export type SourceKind = (typeof sourceKinds)[number]
