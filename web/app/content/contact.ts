/** The contact page's copy and the messages of its form. */
export const contactPage = {
  title: 'Contact Us',
  description:
    'Talk to our solar, wind, storage and EV-charging team in Hyderabad. Send us a message and we will get back to you shortly.',
  heading: 'Get in touch',
  intro:
    'Planning rooftop solar, a wind-hybrid project or EV charging? Tell us a little about it and our team will call you back.',
  formHeading: 'Tell us about your project',
  requiredNote: 'Your name and a phone number or an e-mail address are all we need to answer you.',
  subjectPlaceholder: 'Choose a subject',
  otherSubjectLabel: 'Your subject',
  submitLabel: 'Send Message',
  sendingLabel: 'Sending...',
  /** What the confirmation calls what was sent. */
  sentWhat: 'message',
  failedMessage: 'Failed to send message',
  detailsHeading: 'Reach us directly',
  illustration: {
    src: '/images/contact-illustration.svg',
    fallbackSrc: '/images/placeholder.svg',
    alt: 'Solar panels and a wind turbine under the sun',
  },
} as const
