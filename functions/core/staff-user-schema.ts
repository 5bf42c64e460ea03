import * as z from 'zod/mini'
import { usernamePattern } from './admin'
import { fieldRule } from './field-schemas'
import { emailField } from './newsletter-fields'
import { staffRoleLabels, staffRoles } from './roles'

/**
 * The body of POST /api/admin/users (owners): a new staff member, with the role they work in and the
 * e-mail their alerts go to. The password is the server's: generated, answered once, never chosen here.
 */
export const newStaffUserSchema = z.object({
  username: z.string({ error: 'Choose a username' }).check(
    z.trim(),
    z.refine(
      (username) => usernamePattern.test(username),
      'A username is 3 to 64 letters, digits, dots, dashes, underscores or @',
    ),
  ),
  role: z.enum(staffRoles, `Choose a role: ${staffRoles.map((role) => staffRoleLabels[role]).join(', ')}`),
  email: fieldRule(emailField) as z.ZodMiniType<string, unknown>,
})

export type NewStaffUserInput = z.output<typeof newStaffUserSchema>

/**
 * The body of PATCH /api/admin/users/{username} (owners): a new role, a new e-mail, disabled (true) or
 * enabled again (false), or several of these.
 */
export const staffUserChangeSchema = z
  .object({
    role: z.optional(newStaffUserSchema.shape.role),
    email: z.optional(newStaffUserSchema.shape.email),
    disabled: z.optional(z.boolean({ error: 'Send disabled as true or false' })),
  })
  .check(
    z.refine(
      (change) => change.role !== undefined || change.email !== undefined || change.disabled !== undefined,
      {
        message: 'Send a role, an e-mail or disabled to change',
        path: ['role'],
      },
    ),
  )

export type StaffUserChangeInput = z.output<typeof staffUserChangeSchema>

/** The reply of POST /api/admin/users: the new user and their one-time password, shown once. */
export interface NewStaffUserReply {
  readonly username: string
  readonly role: (typeof staffRoles)[number]
  readonly email: string
  readonly password: string
}
