import { businessDateLabel } from '@core/date-labels'
import { type PrivacyCase, privacyClock, privacyRequestKindLabels } from '@core/privacy-requests'
import { Link } from 'react-router'
import { fetchPrivacyCases, privacyCasesFailedMessage } from '~/features/admin/privacy/api/privacy-cases'
import { OpenCaseForm } from '~/features/admin/privacy/open-case-form'
import { useAdminLoad } from '~/features/admin/shared/use-admin-load'
import { privacyCasePath } from '~/features/admin/shared/workspace-content'

/** The list's words. */
export const requestsListCopy = {
  intro:
    'Requests about personal data (a summary, a correction, erasure, a nomination): the law gives us 90 days to answer each, our goal is 7. Open cases come first, the soonest due first.',
  caption: 'Rights requests',
  loading: 'Loading the requests…',
  empty: 'No rights requests yet.',
  columns: {
    reference: 'Reference',
    kind: 'What is asked',
    received: 'Received',
    due: 'Due',
    left: 'Days left',
  },
} as const

/** The clock of an open case in words: days left, due today, or how long overdue; a closed case's answer date. */
export function daysLeftText(
  item: PrivacyCase,
  now: Date,
): { readonly text: string; readonly overdue: boolean } {
  if (item.status === 'closed') {
    return {
      text: `Answered ${item.closedAt ? businessDateLabel(new Date(item.closedAt)) : ''}`.trim(),
      overdue: false,
    }
  }
  const clock = privacyClock(item.receivedAt, now)
  if (clock.overdue) {
    const late = -clock.daysLeft
    return { text: `Overdue by ${late} ${late === 1 ? 'day' : 'days'}`, overdue: true }
  }
  if (clock.daysLeft === 0) return { text: 'Due today', overdue: false }
  return { text: `${clock.daysLeft} ${clock.daysLeft === 1 ? 'day' : 'days'}`, overdue: false }
}

const cell = 'px-3 py-2 align-top'

/**
 * The rights desk's cases for owners (GET /api/admin/privacy/cases): each case's kind, when it arrived, when
 * the answer is due (privacyClock, 90 days) and the days left, an overdue one in red; each reference links to
 * the case's page. Below, a case opened by hand for a request by phone or letter.
 */
export function RequestsList() {
  const { status, value: cases } = useAdminLoad(fetchPrivacyCases)
  if (status === 'failed') return <p className="text-sm text-red-700">{privacyCasesFailedMessage}</p>
  if (!cases) return <p className="text-sm text-muted">{requestsListCopy.loading}</p>
  const now = new Date()
  const { columns } = requestsListCopy
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">{requestsListCopy.intro}</p>
      <OpenCaseForm />
      {cases.length === 0 ? (
        <p className="text-sm text-muted">{requestsListCopy.empty}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{requestsListCopy.caption}</caption>
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-muted">
              <tr>
                {[columns.reference, columns.kind, columns.received, columns.due, columns.left].map(
                  (column) => (
                    <th key={column} scope="col" className={cell}>
                      {column}
                    </th>
                  ),
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {cases.map((item) => {
                const left = daysLeftText(item, now)
                return (
                  <tr key={item.id}>
                    {/* On one line: a reference broken at its hyphens reads as four (the table scrolls). */}
                    <th scope="row" className={`${cell} whitespace-nowrap font-mono font-medium text-ink`}>
                      <Link to={privacyCasePath(item.id)} className="text-brand-700 underline">
                        {item.id}
                      </Link>
                    </th>
                    <td className={cell}>{privacyRequestKindLabels[item.kind]}</td>
                    <td className={cell}>{businessDateLabel(new Date(item.receivedAt))}</td>
                    <td className={cell}>
                      {businessDateLabel(new Date(privacyClock(item.receivedAt, now).dueAt))}
                    </td>
                    <td className={`${cell} ${left.overdue ? 'font-semibold text-red-700' : ''}`}>
                      {left.text}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
