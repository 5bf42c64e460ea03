/**
 * Usernames: what the admin CLI accepts when creating a user. `none` is kept out: the inbox's assignee filter
 * reads it as "unassigned" (inbox-search.ts).
 */
export const usernamePattern = /^(?!none$)[a-zA-Z0-9._@-]{3,64}$/

/** A TOTP code as an authenticator app shows it: 6 digits. */
export const mfaCodePattern = /^\d{6}$/

/**
 * A recovery code as people may type it: two groups of five letters and digits, with a hyphen or a space
 * between (any case); functions/lib/auth/totp.ts makes and checks them.
 */
export const recoveryCodeInputPattern = /^\s*[a-zA-Z0-9]{5}[-\s]?[a-zA-Z0-9]{5}\s*$/

/**
 * The shortest password a person may choose: the admin CLI's rule and the workspace's (a new user replacing
 * their one-time password). Generated passwords are longer.
 */
export const minimumPasswordLength = 12
/** The longest password the sign-in reads. */
export const maximumPasswordLength = 256
/** What a person is told of a password under minimumPasswordLength. */
export const passwordTooShortMessage = `The password must be at least ${minimumPasswordLength} characters.`

export type { LoginInput, PasswordChangeInput } from './admin-schema'

/** How many items the admin dashboard shows per list before "Show more". */
export const adminPageSize = 10
