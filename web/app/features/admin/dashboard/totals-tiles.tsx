import type { AnalyticsTotals } from '@core/api-types'
import { StatTile } from '~/components/ui/stat-tile'
import { adminSections, adminTotals } from '~/features/admin/shared/admin-content'

/** The totals tiles, shown once analytics have loaded (spec: Admin, Submissions). */
export function TotalsTiles({ totals }: { readonly totals: AnalyticsTotals | null }) {
  if (!totals) return null
  return (
    <section aria-label={adminSections.totals}>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {adminTotals.map(({ key, label }) => (
          <StatTile key={key} label={label} value={totals[key].toLocaleString('en-IN')} />
        ))}
      </dl>
    </section>
  )
}
