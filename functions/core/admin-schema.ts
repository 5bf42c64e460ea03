import * as z from 'zod/mini'
import {
  maximumPasswordLength,
  mfaCodePattern,
  minimumPasswordLength,
  passwordTooShortMessage,
  recoveryCodeInputPattern,
} from './admin'
import { requiredText } from './field-schemas'

/**
 * The sign-in's schemas, apart from the patterns and sizes in admin.ts: the admin routes and the pages import
 * those, and only the routes that validate a sign-in or a code load zod.
 */

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
    .check(
      z.minLength(1, 'Password is required'),
      z.maxLength(maximumPasswordLength, 'Password is too long'),
    ),
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

/**
 * The body of POST /api/admin/password: the new password (the CLI's rule, minimumPasswordLength), and the
 * current one, which a full session must give (the one-time password's change needs none: the sign-in
 * checked it moments ago).
 */
export const passwordChangeSchema = z.object({
  password: z
    .string({ error: 'Choose a new password' })
    .check(
      z.minLength(minimumPasswordLength, passwordTooShortMessage),
      z.maxLength(maximumPasswordLength, 'Password is too long'),
    ),
  currentPassword: z.optional(
    z
      .string({ error: 'Enter your current password' })
      .check(
        z.minLength(1, 'Enter your current password'),
        z.maxLength(maximumPasswordLength, 'Password is too long'),
      ),
  ),
})

export type LoginInput = z.output<typeof loginSchema>
export type PasswordChangeInput = z.output<typeof passwordChangeSchema>
