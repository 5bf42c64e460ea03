import type { FieldDeclarations } from './field-declarations'
import { sourcePageMaxLength, sourcePagePattern, utmMaxLength, utmPattern } from './landing-utm'

/**
 * The fields every public form's lead carries about where it came from (quote-fields.ts, contact-fields.ts),
 * a module of its own so the form pages load them without the rest of lead-source.ts:
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
