import { type AuditEntry, auditActionLabels } from '@core/audit'
import { useEffect, useRef, useState } from 'react'
import { Button } from '~/components/button'
import { fetchAdminActivity } from '~/features/admin/api/admin-activity'
import { AdminSessionExpiredError } from '~/features/admin/api/admin-request'
import { adminActivity, adminLists, adminSections } from '~/features/admin/content/admin'
import { displayDateTime } from '~/lib/format-date'
import { AdminSection } from './admin-section'

type ActivityState =
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly items: readonly AuditEntry[] }

/** Entries carry no id: what they say, to the millisecond, tells them apart. */
const entryKey = (entry: AuditEntry): string =>
  [entry.at, entry.actor, entry.action, entry.target, entry.network].join('\n')

export interface RecentActivityProps {
  readonly token: string | null
  readonly onSessionExpired: () => void
}

/**
 * The latest entries of the audit trail (sign-ins, exports, uploads, changes), newest first: when, who, what
 * and on what. Loads again on every change of token; says so when it could not load (not "nothing yet").
 */
export function RecentActivity({ token, onSessionExpired }: RecentActivityProps) {
  const [state, setState] = useState<ActivityState>({ status: 'loading' })
  const [version, setVersion] = useState(0)
  const onSessionExpiredRef = useRef(onSessionExpired)
  useEffect(() => {
    onSessionExpiredRef.current = onSessionExpired
  })

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the retry trigger.
  useEffect(() => {
    const controller = new AbortController()
    setState({ status: 'loading' })
    fetchAdminActivity({ token, signal: controller.signal }).then(
      (page) => {
        if (!controller.signal.aborted) setState({ status: 'ready', items: page.items })
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        if (error instanceof AdminSessionExpiredError) onSessionExpiredRef.current()
        else setState({ status: 'failed' })
      },
    )
    return () => controller.abort()
  }, [token, version])

  return (
    <AdminSection title={adminSections.recentActivity}>
      {state.status === 'loading' ? (
        <p className="text-sm text-muted" aria-live="polite">
          {adminLists.loading}
        </p>
      ) : state.status === 'failed' ? (
        <div className="flex flex-wrap items-center gap-3" role="alert">
          <p className="text-sm text-red-700">{adminActivity.failed}</p>
          <Button variant="outline" size="sm" onClick={() => setVersion((value) => value + 1)}>
            {adminActivity.retry}
          </Button>
        </div>
      ) : state.items.length === 0 ? (
        <p className="text-sm text-muted">{adminActivity.empty}</p>
      ) : (
        <div>
          {/* Narrow screens: the cells wrap (no scrolling region), long names and paths break anywhere. */}
          <table className="w-full table-fixed text-left text-sm">
            <thead className="text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="w-1/4 py-2 pr-4 font-medium sm:w-1/5">
                  {adminActivity.columns.at}
                </th>
                <th scope="col" className="w-1/4 py-2 pr-4 font-medium sm:w-1/5">
                  {adminActivity.columns.actor}
                </th>
                <th scope="col" className="w-1/4 py-2 pr-4 font-medium sm:w-1/5">
                  {adminActivity.columns.action}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {adminActivity.columns.target}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {state.items.map((entry) => (
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
          <p className="mt-3 text-xs text-muted">{adminActivity.retention}</p>
        </div>
      )}
    </AdminSection>
  )
}
