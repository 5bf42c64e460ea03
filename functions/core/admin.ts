import * as z from 'zod/mini'
import { requiredText } from './field-schemas'

/** Usernames: what the admin CLI accepts when creating a user. */
export const usernamePattern = /^[a-zA-Z0-9._@-]{3,64}$/

/** A TOTP code as an authenticator app shows it: 6 digits. */
export const mfaCodePattern = /^\d{6}$/

/**
 * A recovery code as people may type it: two groups of five letters and digits, with a hyphen or a space
 * between (any case); functions/lib/auth/totp.ts makes and checks them.
 */
export const recoveryCodeInputPattern = /^\s*[a-zA-Z0-9]{5}[-\s]?[a-zA-Z0-9]{5}\s*$/

/** What the sign-in says of a code that is neither. */
const codeShapeMessage = 'Enter the 6-digit code'

/**
 * The body of POST /api/admin/login. `code` is the authenticator's code, or one of the recovery codes, for
 * users enrolled in MFA.
 */
export const loginSchema = z.object({
  username: requiredText('Username', 64),
  password: z
    .string({ error: 'Password is required' })
    .check(z.minLength(1, 'Password is required'), z.maxLength(256, 'Password is too long')),
  code: z.optional(
    z
      .string({ error: codeShapeMessage })
      .check(
        z.refine(
          (code) => mfaCodePattern.test(code) || recoveryCodeInputPattern.test(code),
          codeShapeMessage,
        ),
      ),
  ),
})

/** The body of POST /api/admin/mfa/confirm: the code the authenticator app shows for the new secret. */
export const mfaConfirmSchema = z.object({
  code: z.string({ error: codeShapeMessage }).check(z.regex(mfaCodePattern, codeShapeMessage)),
})

export type LoginInput = z.output<typeof loginSchema>

/** How many items the admin dashboard shows per list before "Show more". */
export const adminPageSize = 10
