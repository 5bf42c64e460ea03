import { useCallback } from 'react'
import { sitePage } from '~/content/pages'
import { sessionExpiredMessage, useAdminSession } from '~/features/admin/admin-session'
import { adminLogout } from '~/features/admin/api/admin-logout'
import { AdminDashboard } from '~/features/admin/components/admin-dashboard'
import { LoginForm } from '~/features/admin/components/login-form'
import { SessionBar } from '~/features/admin/components/session-bar'
import { adminPage } from '~/features/admin/content/admin'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/admin'

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: adminPage.title,
    description: adminPage.description,
    path: '/admin',
    indexable: sitePage('/admin').indexable,
  })

/**
 * The staff dashboard. Everything on it is loaded in the browser with the admin's token: nothing is fetched
 * at build time.
 */
export default function AdminPage() {
  const { ready, token, notice, signIn, signOut } = useAdminSession()
  const expireSession = useCallback(() => signOut(sessionExpiredMessage), [signOut])
  // The server is told to refuse the token; the dashboard forgets it at once, whatever the server answers.
  const logout = useCallback(() => {
    if (token) void adminLogout(token)
    signOut()
  }, [signOut, token])

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{adminPage.title}</h1>
      {/* Room for the login form while the session is checked, so the footer does not jump (CLS). */}
      <div className="mt-6 min-h-[30rem]">
        {!ready ? (
          <p className="text-muted" aria-live="polite">
            {adminPage.checkingSession}
          </p>
        ) : token ? (
          <div className="flex flex-col gap-6">
            <SessionBar onLogout={logout} />
            <AdminDashboard token={token} onSessionExpired={expireSession} role="owner" />
          </div>
        ) : (
          <LoginForm onSignedIn={signIn} notice={notice} />
        )}
      </div>
    </div>
  )
}
