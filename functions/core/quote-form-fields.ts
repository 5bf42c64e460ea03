import { adultField, whatsappUpdatesField } from './consent-fields'
import type { FieldDeclarations } from './field-declarations'
import { mobileField } from './phone'
import {
  billPattern,
  capacityOptionsKw,
  commercialBillRanges,
  gstModeLabels,
  pincodePattern,
  quoteCategoryLabels,
  residentialBillRanges,
  roofTypeLabels,
  surveySlotLabels,
} from './quote'

// What is worked out of other tables at load is in functions called as pure: a bundle that imports this
// module for one of its exports leaves the rest out.

/** The bill ranges of every tab, each shown in rupees. */
function billRangeChoices(
  ...tabs: readonly (readonly { readonly value: string }[])[]
): Record<string, string> {
  return Object.fromEntries(tabs.flat().map((range) => [range.value, `₹${range.value}`]))
}

/** The capacities in kW, each shown with its unit. */
function capacityChoices(capacities: readonly number[]): Record<string, string> {
  return Object.fromEntries(capacities.map((kw) => [String(kw), `${kw} kW`]))
}

/** The API's message for a capacity that is not an option. */
function capacityMessage(capacities: readonly number[]): string {
  return `Choose a capacity of ${capacities.join(', ')} kW`
}

const billRangeOptions = /* @__PURE__ */ billRangeChoices(residentialBillRanges, commercialBillRanges)

/**
 * The fields a visitor fills in on the quote form (/get-quote), in the order of the form, the exports and the
 * staff e-mail. The solar calculator reads them (its inputs' limits and labels, the capacity's rule) without
 * what a lead carries about where it came from: quote-fields.ts adds the source fields for the form and the
 * API, so the calculator's page does not load them.
 */
export const quoteFormFields = {
  name: {
    kind: 'text',
    label: 'Name',
    required: true,
    maxLength: 120,
    personal: 'name',
    inbox: 'name',
    exportWidth: 24,
    input: { autoComplete: 'name' },
  },
  whatsapp: { ...mobileField, label: 'WhatsApp Number', required: true },
  pincode: {
    kind: 'text',
    label: 'PIN Code',
    required: true,
    maxLength: 6,
    pattern: { regex: pincodePattern, message: 'Enter a 6-digit PIN code', hint: 'A 6-digit PIN code' },
    personal: 'place',
    inbox: 'pincode',
    exportWidth: 10,
    input: { inputMode: 'numeric', autoComplete: 'postal-code' },
  },
  siteAddress: {
    kind: 'text',
    label: 'Site address',
    required: false,
    maxLength: 300,
    personal: 'place',
    exportWidth: 32,
    notNotified: true,
    input: { autoComplete: 'street-address', multiline: true },
  },
  category: {
    kind: 'choice',
    label: 'Category',
    required: true,
    options: quoteCategoryLabels,
    ownControl: true,
    exportWidth: 14,
  },
  billRange: {
    kind: 'choice',
    label: 'Monthly Bill Range (₹)',
    required: false,
    options: billRangeOptions,
    message: 'Choose a bill range of this tab',
    ownControl: true,
    exportWidth: 14,
  },
  bill: {
    kind: 'text',
    label: 'Average Monthly Bill (₹)',
    required: true,
    maxLength: 12,
    pattern: { regex: billPattern, message: 'Enter the bill in rupees', hint: 'The amount in rupees' },
    exportWidth: 14,
    input: { inputMode: 'numeric' },
  },
  capacityKw: {
    kind: 'choice',
    label: 'Capacity (kW)',
    required: false,
    numeric: true,
    options: /* @__PURE__ */ capacityChoices(capacityOptionsKw),
    message: /* @__PURE__ */ capacityMessage(capacityOptionsKw),
    ownControl: true,
    exportWidth: 14,
  },
  gstMode: {
    kind: 'choice',
    label: 'GST mode',
    required: false,
    options: gstModeLabels,
    default: 'current',
    message: 'GST mode is current or previous',
    ownControl: true,
    exportWidth: 10,
  },
  roofType: {
    kind: 'choice',
    label: 'Roof type',
    required: false,
    options: roofTypeLabels,
    exportWidth: 14,
  },
  /** A preferred day for the site survey: not in the past, within 60 days (survey-slot.ts, quote-schema.ts). */
  surveyDate: {
    kind: 'text',
    label: 'Preferred survey date',
    required: false,
    maxLength: 10,
    exportWidth: 12,
    input: { type: 'date' },
  },
  surveySlot: {
    kind: 'choice',
    label: 'Preferred survey time',
    required: false,
    options: surveySlotLabels,
    exportWidth: 12,
  },
  /** The page's own formatted estimate, kept as sent (the server computes its own). */
  estimatedCost: { kind: 'derived', label: 'Estimated cost', maxLength: 40, exportWidth: 16 },
  report: { kind: 'derived', label: 'Solar report inputs', exportWidth: 40 },
  solarReport: { kind: 'derived', label: 'Solar report (server)', exportWidth: 40 },
  /** The short reference the visitor was given (lead-reference.ts), made by the server. */
  reference: { kind: 'derived', label: 'Reference', exportWidth: 10 },
  agree: {
    kind: 'consent',
    label: 'Agreed to terms',
    message: 'Please agree to the terms of service',
    exportWidth: 16,
    notNotified: true,
  },
  // The boxes of the privacy notice's purposes (consent-fields.ts). The form takes no e-mail address, so it
  // asks for no newsletter: only WhatsApp updates (privacy-notice.ts).
  adult: adultField,
  whatsappUpdates: whatsappUpdatesField,
} as const satisfies FieldDeclarations
