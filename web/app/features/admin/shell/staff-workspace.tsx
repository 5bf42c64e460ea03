import { roleRefusal, type StaffRole, staffRoleLabels } from '@core/roles'
import { lazy, type ReactNode, Suspense, useEffect } from 'react'
import { Link, NavLink, useLocation, useNavigate, useRevalidator } from 'react-router'
import { Button } from '~/components/button'
import { LogoMark } from '~/components/logo'
import { mainContentId } from '~/components/main-content'
import type { AdminLoginResult } from '~/features/admin/session/admin-login'
import { logOut } from '~/features/admin/session/admin-logout'
import { LoginForm } from '~/features/admin/session/login-form'
import { type StaffSession, signIn, takeReturnTo } from '~/features/admin/session/session-store'
import { useAdminSession } from '~/features/admin/session/use-admin-session'
import type { WorkspaceLoad } from '~/features/admin/session/workspace-load'
import { adminPage } from '~/features/admin/shared/admin-content'
import { dashboardPath, workspaceCopy, workspaceNavigation } from '~/features/admin/shared/workspace-content'
import { AwayToggle } from '~/features/admin/shell/away-toggle'
import { type RouteId, roleMayCall } from '~/lib/api/client'
import { cn } from '~/lib/class-names'

/**
 * The workspace's links a role may follow, on a row of their own under the brand and the session: the whole
 * row fits a desktop (1280 px) and scrolls sideways on a narrow screen (390 px) rather than wrapping, so every
 * link stays one tap away.
 */
export function WorkspaceNavigation({ role }: { readonly role: StaffRole }) {
  const entries = workspaceNavigation.filter(
    (entry) => roleMayCall(role, entry.route) && (entry.roles?.includes(role) ?? true),
  )
  return (
    <nav aria-label={workspaceCopy.navigation} className="-mx-4 min-w-0 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-1 whitespace-nowrap">
        {entries.map((entry) => (
          <li key={entry.path}>
            <NavLink
              to={entry.path}
              end={entry.path === dashboardPath}
              className={({ isActive }) =>
                cn(
                  'inline-flex h-10 items-center rounded-lg px-3 text-sm font-semibold',
                  isActive ? 'bg-brand-700 text-white' : 'text-brand-900 hover:bg-brand-50',
                )
              }
            >
              {entry.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function SessionSummary({
  session,
  onLogout,
}: {
  readonly session: StaffSession
  readonly onLogout: () => void
}) {
  const limited = session.enrolmentOnly || session.passwordChangeOnly
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <p className="font-medium text-brand-900">{adminPage.loggedIn}</p>
      <p className="text-muted">
        {workspaceCopy.signedInAs(session.username, staffRoleLabels[session.role])}
      </p>
      {!limited && roleMayCall(session.role, 'admin-get-away') ? <AwayToggle session={session} /> : null}
      {!limited && roleMayCall(session.role, 'admin-push-status') ? (
        <Suspense fallback={null}>
          <PushToggle />
        </Suspense>
      ) : null}
      <Button variant="outline" size="sm" onClick={onLogout}>
        {adminPage.logout}
      </Button>
    </div>
  )
}

// "Notify me on this device" and its Web Push code load after the frame's first paint: the control shows only
// once the browser's subscription has been read anyway, and most visits never change it.
const PushToggle = lazy(() =>
  import('~/features/admin/push/push-toggle').then((module) => ({ default: module.PushToggle })),
)

// Only a user whose role must use MFA and who has not enrolled yet sees the enrolment screen (and its QR
// code handling): it loads then, not with every staff page.
const MfaEnrolment = lazy(() =>
  import('~/features/admin/mfa/mfa-enrolment').then((module) => ({ default: module.MfaEnrolment })),
)

// Only a user who signed in with a one-time password sees the password screen: it loads then.
const PasswordChange = lazy(() =>
  import('~/features/admin/password/password-change').then((module) => ({
    default: module.PasswordChange,
  })),
)

function Checking() {
  return (
    <p className="text-muted" aria-live="polite">
      {adminPage.checkingSession}
    </p>
  )
}

export interface StaffWorkspaceProps {
  /** The page's heading. */
  readonly title: string
  /** The route the page reads: a role that may not call it is told so instead of seeing the page. */
  readonly needs: RouteId
  /** What a role that may not open the page is told (the role's general refusal otherwise). */
  readonly refusal?: string
  /**
   * What the route's clientLoader read (loadWorkspace), for a page that has one: the page shows once it was
   * read for the session signed in now, and is read again when that changes (a sign-in, a new token).
   */
  readonly loaded?: WorkspaceLoad<unknown>
  /**
   * The page's content, once a staff member whose role may open it is signed in. None in a route's
   * HydrateFallback: the prerendered page, which knows nothing of the session.
   */
  readonly children?: (session: StaffSession) => ReactNode
}

/**
 * The frame of every staff page, instead of the site's header and footer: the workspace's navigation (only
 * the pages the role may open), who is signed in with which role, and Logout. Signed out, the page shows the
 * login form; a role that may not open the page is told so; a user who signed in with a one-time password
 * sees the password screen only, and a user who must enrol in MFA the enrolment screen only. The page itself shows once its route's clientLoader has read it for the session
 * signed in now. Nothing of the session is known in the prerendered HTML (the route's HydrateFallback), so
 * every workspace page first paints "checking your session".
 */
export function StaffWorkspace({ title, needs, refusal, loaded, children }: StaffWorkspaceProps) {
  const { ready, session, notice } = useAdminSession()
  const location = useLocation()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  // Read for another session than the one signed in now (or for none): the route's loader runs again.
  const stale = session !== null && loaded !== undefined && loaded.loadedFor !== session.id
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per sign-in, not per render.
  useEffect(() => {
    if (stale) void revalidator.revalidate()
  }, [stale, session?.id])
  // Signed in again after the session expired: back to the page it expired on, if this is another one.
  const signedIn = (reply: AdminLoginResult) => {
    signIn(reply)
    const page = takeReturnTo()
    if (page && page !== `${location.pathname}${location.search}`) void navigate(page)
  }

  let content: ReactNode
  if (!ready || !children) {
    content = <Checking />
  } else if (!session) {
    content = <LoginForm onSignedIn={signedIn} notice={notice} />
  } else if (session.passwordChangeOnly) {
    // Signed in with a one-time password: choosing one's own is the only page, whatever the URL (the MFA
    // enrolment, when the role needs it, comes after).
    content = (
      <Suspense fallback={<Checking />}>
        <PasswordChange />
      </Suspense>
    )
  } else if (session.enrolmentOnly) {
    // A role that must use MFA, not enrolled yet: the enrolment screen is the only page, whatever the URL.
    content = (
      <Suspense fallback={<Checking />}>
        <MfaEnrolment />
      </Suspense>
    )
  } else if (!roleMayCall(session.role, needs)) {
    content = (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="rounded-lg border border-red-200 bg-danger-soft px-4 py-3 text-danger">
          {refusal ?? roleRefusal(session.role)}
        </p>
        <Link to={dashboardPath} className="font-medium text-brand-800 underline">
          {workspaceCopy.otherPages}
        </Link>
      </div>
    )
  } else if (stale) {
    content = <Checking />
  } else {
    content = children(session)
  }

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <a
        href={`#${mainContentId}`}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {workspaceCopy.skipLink}
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3 sm:px-6">
          <Link to={dashboardPath} className="flex items-center gap-2 font-bold text-ink">
            <LogoMark className="size-8" />
            <span>{workspaceCopy.brand}</span>
          </Link>
          <div className="ml-auto">
            {session ? (
              <SessionSummary session={session} onLogout={logOut} />
            ) : (
              <a href="/" className="text-sm font-medium text-brand-800 underline">
                {workspaceCopy.backToSite}
              </a>
            )}
          </div>
          {session && !session.enrolmentOnly && !session.passwordChangeOnly ? (
            <div className="w-full min-w-0">
              <WorkspaceNavigation role={session.role} />
            </div>
          ) : null}
        </div>
      </header>
      <main id={mainContentId} tabIndex={-1} className="w-full flex-1 outline-none">
        <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">
            {session?.passwordChangeOnly
              ? workspaceCopy.passwordChangeTitle
              : session?.enrolmentOnly
                ? workspaceCopy.mfaEnrolmentTitle
                : title}
          </h1>
          {/* Room for the login form while the session is checked, so the page does not jump (CLS). */}
          <div className="mt-6 min-h-[30rem]">{content}</div>
        </div>
      </main>
    </div>
  )
}
