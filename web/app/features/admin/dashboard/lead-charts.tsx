import { Link } from 'react-router'
import { StatTile } from '~/components/ui/stat-tile'
import { ResponseTile } from '~/features/admin/reports/response-tile'
import { adminLeadFigures } from '~/features/admin/shared/admin-content'
import { inboxQueryString } from '~/features/admin/shared/api/admin-leads'
import { leadsPath } from '~/features/admin/shared/lead-links'
import { useAdminLoad } from '~/features/admin/shared/use-admin-load'
import { ChartCanvas } from '../shared/charts/chart-canvas'
import { type ChartFigure, chartFigures } from '../shared/charts/chart-data'
import { fetchLeadStats } from './api/lead-stats'

/** The inbox's view of the follow-ups due today, or of those due on an earlier day. */
const followUpView = (due: 'today' | 'overdue') => `${leadsPath}?${inboxQueryString({ due })}`

/** One figure: its chart, a sentence, and the same figures as a table (what a screen reader reads). */
function Figure({ figure }: { readonly figure: ChartFigure }) {
  const headingId = `chart-${figure.id}`
  return (
    <figure
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h3 id={headingId} className="text-base font-semibold text-ink">
        {figure.title}
      </h3>
      <ChartCanvas figure={figure} />
      <figcaption className="text-sm text-muted">{figure.summary}</figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted">Show the figures as a table</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{figure.title}</caption>
          <thead>
            <tr>
              <th scope="col">{figure.kind === 'bar' ? '' : 'Part'}</th>
              {figure.series.map((series) => (
                <th key={series.label} scope="col" className="text-right">
                  {series.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {figure.labels.map((label, row) => (
              <tr key={label}>
                <th scope="row" className="font-normal">
                  {label}
                </th>
                {figure.series.map((series) => {
                  const value = series.values[row] ?? 0
                  return (
                    <td key={series.label} className="text-right tabular-nums">
                      {series.format ? series.format(value) : value.toLocaleString('en-IN')}
                    </td>
                  )
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  )
}

/**
 * The dashboard's charts of the leads (per week, pipeline, this month, segments) and the count of follow-ups
 * due, from GET /api/admin/lead-stats. Shown to the roles that may read leads; with `responseTile` (a role
 * that may read them), the speed-to-lead tile first, in the same lazily loaded chunk.
 */
export function LeadCharts({ responseTile = false }: { readonly responseTile?: boolean }) {
  const tile = responseTile ? <ResponseTile /> : null
  const { status, value: stats } = useAdminLoad(fetchLeadStats)
  if (status === 'failed') {
    return (
      <>
        {tile}
        <p className="text-sm text-muted">The figures could not be loaded.</p>
      </>
    )
  }
  if (!stats) {
    return (
      <>
        {tile}
        <p className="text-sm text-muted">Loading the figures…</p>
      </>
    )
  }
  return (
    <>
      {tile}
      <section aria-labelledby="lead-figures" className="flex flex-col gap-4">
        <h2 id="lead-figures" className="text-xl font-bold tracking-tight text-ink sm:text-2xl">
          Figures
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          <StatTile
            label={adminLeadFigures.followUpsDue}
            value={
              <Link
                to={followUpView('today')}
                className="underline decoration-2 underline-offset-4 hover:decoration-sun-400"
              >
                {stats.followUpsDue.toLocaleString('en-IN')}
              </Link>
            }
            className={stats.followUpsDue > 0 ? 'border-sun-400' : undefined}
          />
        </dl>
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
          <p className="font-medium text-ink" data-testid="follow-ups-due">
            {stats.followUpsDue === 0
              ? 'No follow-ups due.'
              : `${stats.followUpsDue} follow-up${stats.followUpsDue === 1 ? '' : 's'} due today or earlier.`}
          </p>
          <p className="flex gap-3">
            <Link to={followUpView('today')} className="font-semibold text-brand-800 underline">
              {adminLeadFigures.dueToday}
            </Link>
            <Link to={followUpView('overdue')} className="font-semibold text-brand-800 underline">
              {adminLeadFigures.overdue}
            </Link>
          </p>
        </div>
        <p className="text-sm text-muted" data-testid="retention-due">
          {adminLeadFigures.retention(stats.retention.due, stats.retention.overdue)}
        </p>
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
          {chartFigures(stats).map((figure) => (
            <Figure key={figure.id} figure={figure} />
          ))}
        </div>
      </section>
    </>
  )
}
