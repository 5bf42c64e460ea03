import { leadIdPattern } from '../../../functions/core/inbox-search'
import { privacyCasePattern } from '../../../functions/core/privacy-requests'
import { leadsPath } from '../features/admin/shared/lead-links'

/**
 * Pages with an id in their path. A path with an id cannot be prerendered, so each is prerendered once, at
 * `shell`, and the servers (CloudFront's routing function and the stand-in, through infra/site-files.ts)
 * answer every path `<prefix><id>` whose id matches `id` with that shell's HTML, status 200; any other path
 * under the prefix is not found. The page reads the id from the URL after hydration.
 */
export interface PageShell {
  /** The route's path in the route list (web/app/routes.ts). */
  readonly route: string
  /** The paths it answers: this prefix and one more segment. */
  readonly prefix: string
  /** What that segment must be (anchored). */
  readonly id: RegExp
  /** The prerendered path whose HTML answers them, listed in sitePages (content/pages.ts). */
  readonly shell: string
}

/** One lead's page (the inbox links to it; a link to it can be sent to a colleague). */
export const leadPageShell: PageShell = {
  route: `${leadsPath.slice(1)}/:id`,
  prefix: `${leadsPath}/`,
  id: leadIdPattern,
  shell: `${leadsPath}/lead`,
}

/**
 * One case of the rights desk (owners; the list links to it). Under the list's path
 * (workspace-content.ts privacyRequestsPath); a case reference is upper case, so the shell's own segment
 * is never one.
 */
export const privacyCasePageShell: PageShell = {
  route: 'admin/privacy/requests/:id',
  prefix: '/admin/privacy/requests/',
  id: privacyCasePattern,
  shell: '/admin/privacy/requests/case',
}

export const pageShells: readonly PageShell[] = [leadPageShell, privacyCasePageShell]
