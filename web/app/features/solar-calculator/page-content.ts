import type { QuoteCategory } from '@core/quote'
import { quoteFormFields } from '@core/quote-form-fields'

/**
 * The copy the solar calculator's page shows before there is a report: its heading, the form and the
 * prompts. The report's copy (content.ts) loads with the report, so it is not part of the page's first load.
 */
export const calculatorPageCopy = {
  eyebrow: 'Solar Calculator',
  heading: 'What will solar cost you after the subsidy?',
  intro:
    'Enter your electricity bill and PIN code. We size a rooftop system, price it with our own price list, take off the PM Surya Ghar subsidy where it applies and show when it pays back. Every figure is an estimate.',
  reportTitle: 'Solar Savings Report',
  prompt: 'Enter your monthly bill or units (or choose a capacity) and your PIN code to see your report.',
  loading: 'Working out your report…',
  fixErrors: 'Correct the highlighted fields to see your report.',
  form: {
    legend: 'About your site',
    category: 'Who is it for?',
    categoryLabels: {
      residential: 'Residential',
      housing: 'Housing society',
      commercial: 'Commercial',
    } satisfies Record<QuoteCategory, string>,
    basis: 'I know my',
    basisBill: 'Monthly bill (₹)',
    basisUnits: 'Monthly units (kWh)',
    bill: 'Average monthly bill (₹)',
    units: 'Average monthly units (kWh)',
    pincode: quoteFormFields.pincode.label,
    roof: 'Shade-free roof area (sq ft, optional)',
    roofHint: 'About 100 sq ft per kW of panels.',
    capacity: 'Capacity (kW, optional)',
    capacityPlaceholder: 'Recommend one for me',
    tariff: 'Your tariff (₹ per unit)',
    tariffHint: 'A typical rate for your category; your bill shows your own. Change it here.',
    fixedCharge: 'Fixed part of your bill (₹ a month)',
    fixedChargeHint:
      'Fixed or demand charges, meter rent and duty: solar does not remove them. A typical amount; your bill shows yours.',
    state: 'State (for the subsidy)',
    statePlaceholder: (state: string) => `${state} (from the PIN code)`,
    stateUnknown: 'From the PIN code',
    stateHint: 'Read from the PIN code; choose yours if it is wrong (near a state border).',
    houses: 'Number of houses',
    housesHint: 'The scheme counts 3 kW per house towards a society’s subsidy.',
    submit: 'Show my report',
  },
}
