import { leadsPath } from '~/features/admin/lead-links'
import type { RouteId } from '~/lib/api/client'

/** The dashboard, the workspace's landing page (a staff path: content/staff-paths.ts, pinned by a test). */
export const dashboardPath = '/admin'
/** The activity log (the audit trail), paged. */
export const activityPath = `${dashboardPath}/activity`

/** One entry of the workspace's navigation. */
export interface WorkspaceNavEntry {
  readonly label: string
  readonly path: string
  /** The route the page reads: the entry is shown only to a role that may call it (roleMayCall). */
  readonly route: RouteId
}

/** The workspace's navigation, in order: the one list the frame draws its links from. */
export const workspaceNavigation: readonly WorkspaceNavEntry[] = [
  { label: 'Dashboard', path: dashboardPath, route: 'admin-analytics' },
  { label: 'Leads', path: leadsPath, route: 'admin-list-leads' },
  { label: 'Activity', path: activityPath, route: 'admin-activity' },
]

/** The workspace frame's words. */
export const workspaceCopy = {
  brand: 'Staff workspace',
  navigation: 'Workspace',
  skipLink: 'Skip to content',
  signedInAs: (username: string, role: string) => `${username} · ${role}`,
  backToSite: 'Back to the website',
  otherPages: 'Go to the dashboard',
} as const
