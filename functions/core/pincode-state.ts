import { pincodePattern } from './quote'

/**
 * The state or union territory of an Indian PIN code, read from its leading digits. The first two or three
 * digits of a PIN name a postal circle and its sorting districts (India Post's PIN plan); a few prefixes are
 * shared by two states and are told apart by a fourth or fifth digit where that split is known. It is a
 * prefix-level reading, not a post-office directory: a PIN near a state border can still come out as the
 * neighbouring state, and unused prefixes (and 9xxxxx, the Army Postal Service) name no state. The visitor
 * can correct the state the report uses (stateOfReport).
 */

/** A prefix of 1–5 digits and the state or union territory its PINs belong to. */
export interface PincodePrefix {
  /** The leading digits; the longest matching prefix wins. */
  readonly prefix: string
  readonly state: string
}

/** Where the prefix table comes from, shown with the report's assumptions and in the README. */
export const pincodeStateSource = {
  name: 'India Post, PIN code plan (postal circles by the first digits of the PIN)',
  url: 'https://www.indiapost.gov.in/',
} as const

/** Expands `from`–`to` (three-digit prefixes, inclusive) into one entry each. */
function range(from: number, to: number, state: string): PincodePrefix[] {
  return Array.from({ length: to - from + 1 }, (_, index) => ({ prefix: String(from + index), state }))
}

/** The prefix table, three digits unless a longer prefix settles a shared sorting district. */
export const pincodePrefixes: readonly PincodePrefix[] = /* @__PURE__ */ (() => [
  ...range(110, 110, 'Delhi'),
  ...range(120, 136, 'Haryana'),
  ...range(140, 159, 'Punjab'),
  ...range(160, 160, 'Chandigarh'),
  ...range(171, 177, 'Himachal Pradesh'),
  ...range(180, 193, 'Jammu and Kashmir'),
  ...range(194, 194, 'Ladakh'),
  ...range(201, 285, 'Uttar Pradesh'),
  // Uttarakhand's sorting districts within the Uttar Pradesh range.
  ...range(246, 246, 'Uttarakhand'),
  ...range(248, 249, 'Uttarakhand'),
  ...range(263, 263, 'Uttarakhand'),
  { prefix: '2447', state: 'Uttarakhand' },
  { prefix: '2476', state: 'Uttarakhand' },
  // Khatima (262308), Tanakpur (262309) and Banbasa (262310), Udham Singh Nagar and Champawat. An
  // assumption, not a published table: these 4-digit prefixes (and 2447, 2476 above) are read from the PIN
  // codes of towns known to be in Uttarakhand; a PIN of another state under them reads as Uttarakhand, and
  // the visitor can choose the state on the page.
  { prefix: '2623', state: 'Uttarakhand' },
  { prefix: '2624', state: 'Uttarakhand' },
  { prefix: '2625', state: 'Uttarakhand' },
  ...range(301, 345, 'Rajasthan'),
  ...range(360, 396, 'Gujarat'),
  { prefix: '3962', state: 'Dadra and Nagar Haveli and Daman and Diu' },
  ...range(400, 445, 'Maharashtra'),
  ...range(403, 403, 'Goa'),
  ...range(450, 488, 'Madhya Pradesh'),
  ...range(490, 497, 'Chhattisgarh'),
  ...range(500, 509, 'Telangana'),
  ...range(515, 535, 'Andhra Pradesh'),
  ...range(560, 591, 'Karnataka'),
  ...range(600, 643, 'Tamil Nadu'),
  ...range(605, 605, 'Puducherry'),
  ...range(670, 695, 'Kerala'),
  { prefix: '68255', state: 'Lakshadweep' },
  ...range(700, 743, 'West Bengal'),
  ...range(737, 737, 'Sikkim'),
  ...range(744, 744, 'Andaman and Nicobar Islands'),
  ...range(751, 770, 'Odisha'),
  ...range(781, 788, 'Assam'),
  ...range(790, 792, 'Arunachal Pradesh'),
  ...range(793, 794, 'Meghalaya'),
  ...range(795, 795, 'Manipur'),
  ...range(796, 796, 'Mizoram'),
  ...range(797, 798, 'Nagaland'),
  ...range(799, 799, 'Tripura'),
  ...range(800, 855, 'Bihar'),
  ...[814, 815, 816, 822, 825, 826, 827, 828, 829, 831, 832, 833, 834, 835].flatMap((prefix) =>
    range(prefix, prefix, 'Jharkhand'),
  ),
])()

/** A later entry for the same prefix replaces an earlier one (Goa's 403 within Maharashtra's range). */
const byPrefix: ReadonlyMap<string, string> = /* @__PURE__ */ (() =>
  new Map(pincodePrefixes.map((entry) => [entry.prefix, entry.state] as const)))()

/** The state or union territory of a 6-digit PIN code, or undefined when its prefix names none. */
export function stateOfPincode(pincode: string): string | undefined {
  if (!pincodePattern.test(pincode)) return undefined
  for (let length = 5; length >= 1; length -= 1) {
    const state = byPrefix.get(pincode.slice(0, length))
    if (state !== undefined) return state
  }
  return undefined
}

/** Every state and union territory the prefix table names, in alphabetical order: the ones a visitor may choose. */
export const pincodeStates: readonly string[] = /* @__PURE__ */ (() =>
  [...new Set(pincodePrefixes.map((entry) => entry.state))].sort())()

/** The state a report uses and why: the visitor's choice, the PIN code's prefix, or none found. */
export interface ReportState {
  readonly state: string | undefined
  readonly basis: 'chosen' | 'pincode' | 'unknown'
}

/** The state of a report: the one the visitor chose (a known one) wins over the PIN code's reading. */
export function stateOfReport(pincode: string, chosen: string | undefined): ReportState {
  if (chosen !== undefined && pincodeStates.includes(chosen)) return { state: chosen, basis: 'chosen' }
  const state = stateOfPincode(pincode)
  return state === undefined ? { state, basis: 'unknown' } : { state, basis: 'pincode' }
}
