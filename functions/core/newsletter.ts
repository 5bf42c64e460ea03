/**
 * The kind of consent a newsletter signup records: double opt-in. The address is stored as pending when the
 * form is sent and a confirmation e-mail with a signed link goes to it; only when its owner confirms
 * (`confirmedAt`) is it a subscriber, so the record shows that the owner of the address asked.
 */
export const newsletterConsentType = 'double-opt-in'

export type { NewsletterSignup } from './newsletter-schema'

/** The normalised form of an address: the key of its signup. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

/** Where a signup stands: waiting for its confirmation, confirmed by the address's owner, or withdrawn. */
export type NewsletterState = 'pending' | 'confirmed' | 'withdrawn'

/**
 * The state of a stored signup. A withdrawal (consent-effects.ts applyWithdrawal sets `withdrawnAt`) wins;
 * a confirmation after it (a new signup, confirmed again) removes `withdrawnAt`.
 */
export function newsletterStateOf(signup: object): NewsletterState {
  const { confirmedAt, withdrawnAt } = signup as { confirmedAt?: unknown; withdrawnAt?: unknown }
  if (withdrawnAt) return 'withdrawn'
  return confirmedAt ? 'confirmed' : 'pending'
}

/** The page a confirmation e-mail links to, with the signed token as `?t=`. */
export const newsletterConfirmPath = '/newsletter/confirm'

/**
 * What the signup answers. The same for a new, a pending and a confirmed address, so the form cannot tell
 * who is subscribed; only whether a confirmation e-mail can be sent at all (a setting, not a person) changes it.
 */
export const newsletterSignupMessages = {
  sent: 'Check your e-mail to confirm your subscription: we sent you a link.',
  notConfigured: (contact: string) =>
    `We could not send the confirmation e-mail: e-mail is not set up here yet. Your signup waits for it; to confirm now, write to ${contact}.`,
} as const

/** Why a confirmation is refused or how it went: the words the confirm page shows. */
export const newsletterConfirmMessages = {
  confirmed: 'Thank you: your subscription is confirmed.',
  'already-confirmed': 'Your subscription is already confirmed.',
  invalid: 'This confirmation link is not valid. Please sign up again.',
  expired: 'This confirmation link has expired. Please sign up again.',
  'wrong-use': 'This link is not a newsletter confirmation. Please sign up again.',
  'not-found': 'We hold no signup for this address any more. Please sign up again.',
  'withdrawn-since': 'You withdrew after this link was sent. To subscribe again, please sign up again.',
} as const

export type NewsletterConfirmOutcome = keyof typeof newsletterConfirmMessages
