/** The footer's newsletter box (an e-mail input and a Subscribe button; its submission is ours). */
export const newsletterBox = {
  /** The visible label of the e-mail input (its accessible name too; it must not contain "Email", which
   *  the contact form's field is found by). */
  heading: 'Newsletter',
  intro: 'Solar tips, subsidy news and project stories, about once a month.',
  emailPlaceholder: 'you@example.com',
  submitLabel: 'Subscribe',
  submittingLabel: 'Subscribing...',
  /** Where the reply brings no message of its own (it does: check your e-mail, or why none was sent). */
  sentMessage: 'Check your e-mail to confirm your subscription',
  failedMessage: 'Failed to subscribe',
} as const
