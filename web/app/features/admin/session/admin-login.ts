import type { LoginInput } from '@core/admin'
import type { LoginReply } from '@core/api-types'
import { isStaffRole } from '@core/roles'
import { apiMethod, apiPath } from '~/lib/api/client'
import { readErrorMessage } from '~/lib/api/read-error'

export type AdminCredentials = LoginInput

/**
 * What the workspace keeps of a sign-in: who signed in with which role, until when; with
 * `mfaEnrolmentRequired`, the session is good for the MFA enrolment screen only, with
 * `passwordChangeRequired` for choosing one's own password only. The token stays in the HttpOnly session
 * cookie the reply set (the reply's `token` field is for scripts using a Bearer header).
 */
export type AdminLoginResult = Pick<
  LoginReply,
  'expiresAt' | 'username' | 'role' | 'mfaEnrolmentRequired' | 'passwordChangeRequired'
>

/** What the form shows when the server gives no reason (or cannot be reached). */
export const loginFailedMessage = 'Login failed'

/**
 * The password was right, but the account signs in with an authenticator code too, and the code was
 * missing or not accepted (the server answered 401 with `mfaRequired`). `message` is the server's text.
 */
export class MfaRequiredError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MfaRequiredError'
  }
}

async function readBody(response: Response): Promise<unknown> {
  return response.json().catch(() => undefined)
}

/**
 * POST /api/admin/login with `{ username, password, code? }`. Resolves `{ expiresAt, username, role }` (a
 * reply without a token and these three is a failed login: the pages cannot tell what to offer). Rejects with
 * MfaRequiredError when the server asks for the authenticator code; otherwise with an Error whose message is
 * the server's `error` text, or 'Login failed' when there is none or the request failed.
 */
export async function adminLogin({ username, password, code }: AdminCredentials): Promise<AdminLoginResult> {
  let response: Response
  try {
    response = await fetch(apiPath('admin-login'), {
      method: apiMethod('admin-login'),
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(code === undefined ? { username, password } : { username, password, code }),
    })
  } catch {
    throw new Error(loginFailedMessage)
  }
  if (response.status === 401) {
    const body = await readBody(response.clone())
    if (body && typeof body === 'object' && 'mfaRequired' in body && body.mfaRequired === true) {
      throw new MfaRequiredError((await readErrorMessage(response)) ?? loginFailedMessage)
    }
  }
  if (!response.ok) throw new Error((await readErrorMessage(response)) ?? loginFailedMessage)
  const body = (await readBody(response)) as Partial<Record<keyof LoginReply, unknown>> | undefined
  const reply = body && typeof body === 'object' ? body : {}
  const { token, role, expiresAt } = reply
  if (
    typeof token !== 'string' ||
    token === '' ||
    typeof expiresAt !== 'string' ||
    typeof reply.username !== 'string' ||
    !isStaffRole(role)
  ) {
    throw new Error(loginFailedMessage)
  }
  return {
    expiresAt,
    username: reply.username,
    role,
    ...(reply.mfaEnrolmentRequired === true ? { mfaEnrolmentRequired: true } : {}),
    ...(reply.passwordChangeRequired === true ? { passwordChangeRequired: true } : {}),
  }
}
