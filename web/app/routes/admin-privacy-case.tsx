import { useParams } from 'react-router'
import { privacyCasePageShell } from '~/content/page-shells'
import { sitePage } from '~/content/staff-pages'
import { PrivacyCasePage } from '~/features/admin/privacy/case-page'
import { StaffWorkspace } from '~/features/admin/shell/staff-workspace'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/admin-privacy-case'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(privacyCasePageShell.shell))

/**
 * One case of the rights desk (owners only). Prerendered once, at its shell path; the servers answer every
 * /admin/privacy/requests/<reference> with that HTML and the reference is read from the URL in the browser.
 */
export default function AdminPrivacyCasePage() {
  const id = useParams().id ?? ''
  return (
    <StaffWorkspace title={sitePage(privacyCasePageShell.shell).title} needs="admin-get-privacy-case">
      {() => <PrivacyCasePage key={id} id={id} />}
    </StaffWorkspace>
  )
}
