import { sitePage } from '~/content/staff-pages'
import { BreachDrill } from '~/features/admin/privacy/breach-drill'
import { breachPath } from '~/features/admin/shared/workspace-content'
import { StaffWorkspace } from '~/features/admin/shell/staff-workspace'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/admin-breach'

export const meta: Route.MetaFunction = () => pageMeta(sitePage(breachPath))

/** The breach drill (owners only): an incident window's people, their notices and the Board's report. */
export default function AdminBreachPage() {
  return (
    <StaffWorkspace title={sitePage(breachPath).title} needs="admin-breach-report">
      {() => <BreachDrill />}
    </StaffWorkspace>
  )
}
