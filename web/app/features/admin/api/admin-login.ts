import type { LoginInput } from '@core/admin'
import { apiMethod, apiPath } from '~/lib/api/client'
import { readErrorMessage } from '~/lib/api/read-error'

export type AdminCredentials = LoginInput

export interface AdminLoginResult {
  readonly token: string
}

/** What the form shows when the server gives no reason (or cannot be reached). */
export const loginFailedMessage = 'Login failed'

/**
 * POST /api/admin/login with `{ username, password }`. Resolves `{ token }`; otherwise rejects with an Error
 * whose message is the server's `error` text, or 'Login failed' when there is none or the request failed.
 */
export async function adminLogin({ username, password }: AdminCredentials): Promise<AdminLoginResult> {
  let response: Response
  try {
    response = await fetch(apiPath('admin-login'), {
      method: apiMethod('admin-login'),
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ username, password }),
    })
  } catch {
    throw new Error(loginFailedMessage)
  }
  if (!response.ok) throw new Error((await readErrorMessage(response)) ?? loginFailedMessage)
  const body: unknown = await response.json().catch(() => undefined)
  const token = body && typeof body === 'object' && 'token' in body ? body.token : undefined
  if (typeof token !== 'string' || token === '') throw new Error(loginFailedMessage)
  return { token }
}
