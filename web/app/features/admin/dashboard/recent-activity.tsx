import { type AuditEntry, auditActionLabels } from '@core/audit'
import { Button } from '~/components/button'
import { fetchAdminActivity } from '~/features/admin/dashboard/api/admin-activity'
import { adminActivity, adminLists, adminSections } from '~/features/admin/shared/admin-content'
import { useAdminList } from '~/features/admin/shared/use-admin-list'
import { displayDateTime } from '~/lib/format-date'
import { ShowMoreButton } from '../shared/admin-list-card'
import { AdminSection } from '../shared/admin-section'
import { ColumnHeads } from '../shared/column-heads'

/** Entries carry no id: what they say, to the millisecond, tells them apart. */
const entryKey = (entry: AuditEntry): string =>
  [entry.at, entry.actor, entry.action, entry.target, entry.network].join('\n')

/** The columns of a fixed width; the target takes the rest of the row. */
const narrowColumns = ['at', 'actor', 'action'] as const

/**
 * The entries of the audit trail (sign-ins, exports, uploads, changes), newest first: when, who, what and on
 * what, the latest first and older ones on 'Show more'. Says so when it could not load (not "nothing yet").
 */
export function RecentActivity() {
  const activity = useAdminList(fetchAdminActivity)
  const entries = activity.items

  return (
    <AdminSection title={adminSections.recentActivity}>
      {activity.status === 'loading' ? (
        <p className="text-sm text-muted" aria-live="polite">
          {adminLists.loading}
        </p>
      ) : activity.failed ? (
        <div className="flex flex-wrap items-center gap-3" role="alert">
          <p className="text-sm text-red-700">{adminActivity.failed}</p>
          <Button variant="outline" size="sm" onClick={activity.reload}>
            {adminActivity.retry}
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted">{adminActivity.empty}</p>
      ) : (
        <div>
          {/* Narrow screens: the cells wrap (no scrolling region), long names and paths break anywhere. */}
          <table className="w-full table-fixed text-left text-sm">
            <thead className="text-xs uppercase tracking-wide text-muted">
              <tr>
                <ColumnHeads
                  columns={narrowColumns}
                  labels={adminActivity.columns}
                  className="w-1/4 py-2 pr-4 font-medium sm:w-1/5"
                />
                <th scope="col" className="py-2 font-medium">
                  {adminActivity.columns.target}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {entries.map((entry) => (
                <tr key={entryKey(entry)} className="align-top">
                  <td className="py-2 pr-4 text-muted">
                    <time dateTime={entry.at}>{displayDateTime(entry.at)}</time>
                  </td>
                  <td className="py-2 pr-4 text-ink wrap-anywhere">
                    {entry.actor}
                    {entry.network ? <span className="block text-xs text-muted">{entry.network}</span> : null}
                  </td>
                  <td className="py-2 pr-4 text-ink">
                    {auditActionLabels[entry.action]}
                    {entry.detail ? <span className="block text-xs text-muted">{entry.detail}</span> : null}
                  </td>
                  <td className="py-2 text-muted wrap-anywhere">{entry.target ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ShowMoreButton list={activity} />
          <p className="mt-3 text-xs text-muted">{adminActivity.retention}</p>
        </div>
      )}
    </AdminSection>
  )
}
