import type { StaffRole } from '@core/roles'
import { leadsPath } from '~/features/admin/shared/lead-links'
import { usersPageRoles } from '~/features/admin/shared/users-access'
import type { RouteId } from '~/lib/api/client'

/** The dashboard, the workspace's landing page (a staff path: content/staff-paths.ts, pinned by a test). */
export const dashboardPath = '/admin'
/** The activity log (the audit trail), paged. */
export const activityPath = `${dashboardPath}/activity`
/** Jobs and resources: every state, edited in place. */
export const contentPath = `${dashboardPath}/content`
/** The booked site visits by day. */
export const visitsPath = `${dashboardPath}/visits`
/** The staff and their roles. */
export const usersPath = `${dashboardPath}/users`
/** The sales settings: assignment rules, who is away, business hours and holidays (owners). */
export const settingsPath = `${dashboardPath}/settings`
/** The response-time report: time to first contact per week and per person, conversion by response time. */
export const reportsPath = `${dashboardPath}/reports`
/** The breach drill: the people an incident window touched, their notices and the Board's report (owners). */
export const breachPath = `${dashboardPath}/privacy/breach`
/** The rights desk: each request about personal data, its due date and days left (owners). */
export const privacyRequestsPath = `${dashboardPath}/privacy/requests`

/** One case of the rights desk (content/page-shells.ts privacyCasePageShell answers it). */
export function privacyCasePath(id: string): string {
  return `${privacyRequestsPath}/${encodeURIComponent(id)}`
}

/** One entry of the workspace's navigation. */
export interface WorkspaceNavEntry {
  readonly label: string
  readonly path: string
  /** The route the page reads: the entry is shown only to a role that may call it (roleMayCall). */
  readonly route: RouteId
  /** Where the page is narrower than its route (the staff list is read by sales as assignees): its roles. */
  readonly roles?: readonly StaffRole[]
}

/** The workspace's navigation, in order: the one list the frame draws its links from. */
export const workspaceNavigation: readonly WorkspaceNavEntry[] = [
  { label: 'Dashboard', path: dashboardPath, route: 'admin-analytics' },
  { label: 'Leads', path: leadsPath, route: 'admin-list-leads' },
  { label: 'Visits', path: visitsPath, route: 'admin-list-visits' },
  { label: 'Content', path: contentPath, route: 'admin-list-jobs' },
  { label: 'Reports', path: reportsPath, route: 'admin-response-figures' },
  { label: 'Activity', path: activityPath, route: 'admin-activity' },
  { label: 'Users', path: usersPath, route: 'admin-list-users', roles: usersPageRoles },
  { label: 'Settings', path: settingsPath, route: 'admin-get-settings' },
  { label: 'Rights requests', path: privacyRequestsPath, route: 'admin-list-privacy-cases' },
  { label: 'Breach drill', path: breachPath, route: 'admin-breach-report' },
]

/** The workspace frame's words. */
export const workspaceCopy = {
  brand: 'Staff workspace',
  navigation: 'Workspace',
  skipLink: 'Skip to content',
  signedInAs: (username: string, role: string) => `${username} · ${role}`,
  backToSite: 'Back to the website',
  /** The heading of every workspace page while a user who must use MFA has not enrolled. */
  mfaEnrolmentTitle: 'Set up two-step sign-in',
  passwordChangeTitle: 'Choose your own password',
  otherPages: 'Go to the dashboard',
  /** A staff member who may be given leads marks themselves away, and back (PUT /api/admin/away). */
  away: 'Away',
  back: 'Back',
  awayLabel: 'Away: new leads skip me',
  backLabel: 'Back: new leads come to me again',
  markedAway: 'You are away: new leads skip you until you are back.',
  markedBack: 'Welcome back: new leads come to you again.',
  awayFailed: 'Your away was not changed.',
} as const
