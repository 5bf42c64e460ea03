import * as z from 'zod/mini'
import { requiredText } from './contact'

/** Usernames: what the admin CLI accepts when creating a user. */
export const usernamePattern = /^[a-zA-Z0-9._@-]{3,64}$/

/** A TOTP code as an authenticator app shows it: 6 digits. */
export const mfaCodePattern = /^\d{6}$/

/** The body of POST /api/admin/login. `code` is the authenticator's code, for users enrolled in MFA. */
export const loginSchema = z.object({
  username: requiredText('Username', 64),
  password: z
    .string({ error: 'Password is required' })
    .check(z.minLength(1, 'Password is required'), z.maxLength(256, 'Password is too long')),
  code: z.optional(
    z.string({ error: 'Enter the 6-digit code' }).check(z.regex(mfaCodePattern, 'Enter the 6-digit code')),
  ),
})

/** The 401 body of a sign-in whose password matched but whose TOTP code is missing or wrong. */
export interface MfaRequiredReply {
  readonly error: string
  readonly mfaRequired: true
}

export type LoginInput = z.output<typeof loginSchema>

/** How many items the admin dashboard shows per list before "Show more". */
export const adminPageSize = 10
