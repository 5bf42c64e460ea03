import { type GstMode, gstModeLabels } from '@core/quote'

/** The quote page's copy and the messages of its form. */
export const quotePage = {
  heading: 'Get your solar quote',
  intro:
    'Tell us about your electricity bill and the capacity you have in mind. We will show an estimate now and reach out with a detailed proposal.',
  calculatorLink: 'Not sure of the size? See your cost after subsidy and payback in the solar calculator',
  reportAttached:
    'The figures of your solar report go to our team with this request, so the engineer who calls sees what you saw.',
  tabsLabel: 'Who is the quote for?',
  gstLabel: 'GST rate',
  gstModes: gstModeLabels,
  priceLabel: 'Estimated price',
  priceHint: {
    current: 'Includes GST at the current rate',
    previous: 'Includes GST at the previous rate: ₹5,000 more than at the current rate',
  } satisfies Record<GstMode, string>,
  /** GST in plain words, under the price. */
  gstExplained:
    'GST is the tax included in this price; you pay nothing on top. The price you see here is the price our team quotes you.',
  /** Beside the price when the request comes from a solar report: what comes back, and when. */
  afterSubsidy: (net: string, subsidy: string) =>
    `${net} after the ${subsidy} PM Surya Ghar subsidy. You pay the full price at installation; the subsidy is credited to your bank account after commissioning and inspection.`,
  noPrice: 'Choose a capacity to see the estimated price.',
  fields: {
    billRangePlaceholder: 'Select a range',
    capacityPlaceholder: 'Not sure yet',
    capacityHint: 'Optional. Choosing a bill range suggests one.',
    /** The first option of a select the form draws from its declaration: nothing chosen yet. */
    choicePlaceholder: 'Select',
  },
  /** The agree box's words with the terms and the privacy notice linked (the stored text: quoteConsent, quote.ts). */
  // The terms alone: the privacy notice is a notice beside the form (ConsentBoxes), not a box to agree to.
  agreeParts: { before: 'I agree to the ', terms: 'terms of service' },
  submitLabel: 'Submit Details',
  submittingLabel: 'Submitting...',
  /** What the confirmation calls what was sent. */
  sentWhat: 'quote request',
  failedMessage: 'Failed to submit quote',
  illustration: {
    src: '/images/quote-illustration.svg',
    fallbackSrc: '/images/placeholder.svg',
    alt: 'A house with solar panels on its roof',
  },
} as const
