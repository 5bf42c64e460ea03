import * as z from 'zod/mini'
import { requiredText } from './contact'

/** Usernames: what the admin CLI accepts when creating a user. */
export const usernamePattern = /^[a-zA-Z0-9._@-]{3,64}$/

/** The body of POST /api/admin/login. */
export const loginSchema = z.object({
  username: requiredText('Username', 64),
  password: z
    .string({ error: 'Password is required' })
    .check(z.minLength(1, 'Password is required'), z.maxLength(256, 'Password is too long')),
})

export type LoginInput = z.output<typeof loginSchema>

/** How many items the admin dashboard shows per list before "Show more". */
export const adminPageSize = 10
