import { apiMethod, apiPath } from '~/lib/api/client'
import { adminHeaders } from './admin-client'
import { currentSession, signOut } from './session-store'

/**
 * Logout: every tab of the browser forgets the session at once, and POST /api/admin/logout tells the
 * server to refuse its token from now on and removes the session cookie. The call's answer changes nothing
 * (an expired or already refused token, a network failure), so it goes around the admin client's 401 rule;
 * keepalive, so that leaving the page does not cancel it.
 */
export function logOut(): void {
  const session = currentSession()
  signOut()
  if (!session) return
  fetch(apiPath('admin-logout'), {
    method: apiMethod('admin-logout'),
    headers: adminHeaders,
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => undefined)
}
