import type { StaffRole } from '@core/roles'
import { adminSessionKey } from '~/features/admin/session/session-store'

/** Signs a staff member in for this tab, as the login does: the token with the username and role. */
export function storeStaffSession(token = 'token-1', role: StaffRole = 'owner', username = 'asha'): void {
  window.sessionStorage.setItem(adminSessionKey, JSON.stringify({ token, username, role }))
}

/** The token the tab holds, or null when signed out. */
export function storedToken(): string | null {
  const text = window.sessionStorage.getItem(adminSessionKey)
  return text ? (JSON.parse(text) as { token: string }).token : null
}
