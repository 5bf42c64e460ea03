import { type GstMode, gstModeLabels, quoteConsent } from '@core/quote'

/** The quote page's copy and the messages of its form. */
export const quotePage = {
  heading: 'Get your solar quote',
  intro:
    'Tell us about your electricity bill and the capacity you have in mind. We will show an estimate now and reach out with a detailed proposal.',
  calculatorLink: 'Not sure of the size? See your cost after subsidy and payback in the solar calculator',
  reportAttached: 'Your solar savings report will be sent with this request.',
  tabsLabel: 'Who is the quote for?',
  gstLabel: 'GST rate',
  gstModes: gstModeLabels,
  priceLabel: 'Estimated price',
  priceHint: {
    current: 'At the current GST rate',
    previous: 'At the previous GST rate',
  } satisfies Record<GstMode, string>,
  noPrice: 'Choose a capacity to see the estimated price.',
  fields: {
    billRangePlaceholder: 'Select a range',
    capacityPlaceholder: 'Not sure yet',
    capacityHint: 'Optional. Choosing a bill range suggests one.',
    /** The first option of a select the form draws from its declaration: nothing chosen yet. */
    choicePlaceholder: 'Select',
  },
  agree: quoteConsent.text,
  submitLabel: 'Submit Details',
  submittingLabel: 'Submitting...',
  sentMessage: 'Quote request submitted — we will reach out soon',
  failedMessage: 'Failed to submit quote',
  illustration: {
    src: '/images/quote-illustration.svg',
    fallbackSrc: '/images/placeholder.svg',
    alt: 'A house with solar panels on its roof',
  },
} as const
