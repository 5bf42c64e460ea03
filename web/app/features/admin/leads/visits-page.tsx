import { type VisitListing, visitDayLabel, visitSlotLabel } from '@core/site-visits'
import { Link, useRevalidator } from 'react-router'
import { Button } from '~/components/button'
import { visitCopy } from '~/features/admin/leads/visits-content'
import { leadLink } from '~/features/admin/shared/lead-links'
import { visitsPath } from '~/features/admin/shared/workspace-content'
import { dateAfter, type VisitsLoad } from './visits-load'

const linkClasses = 'font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900'

/** The visits of each day, in the order of the day. */
function byDay(items: readonly VisitListing[]): [string, VisitListing[]][] {
  const days = new Map<string, VisitListing[]>()
  for (const item of items) days.set(item.date, [...(days.get(item.date) ?? []), item])
  return [...days]
}

/** The Visits view: the booked site visits of a run of days, grouped by day, each with its lead. */
export function VisitsPage({ load }: { readonly load: VisitsLoad }) {
  const revalidator = useRevalidator()
  const range = (from: string) => `${visitsPath}?from=${from}&days=${load.days}`
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted">{visitCopy.view.intro}</p>
      <nav aria-label={visitCopy.view.title} className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <Link to={range(dateAfter(load.from, -load.days))} className={linkClasses} rel="prev">
          ← {visitCopy.view.previous}
        </Link>
        <span className="text-ink">
          {visitDayLabel(load.from)} – {visitDayLabel(dateAfter(load.from, load.days - 1))}
        </span>
        <Link to={range(dateAfter(load.from, load.days))} className={linkClasses} rel="next">
          {visitCopy.view.next} →
        </Link>
      </nav>
      {load.status === 'failed' ? (
        <div role="alert" className="flex flex-wrap items-center gap-3">
          <p className="text-danger">{visitCopy.view.failed}</p>
          <Button variant="outline" size="sm" onClick={() => void revalidator.revalidate()}>
            {visitCopy.view.retry}
          </Button>
        </div>
      ) : load.page.items.length === 0 ? (
        <p className="text-muted">{visitCopy.view.empty}</p>
      ) : (
        <div className="flex flex-col gap-6">
          <p className="text-sm text-muted">{visitCopy.view.count(load.page.items.length)}</p>
          {byDay(load.page.items).map(([day, visits]) => (
            <section key={day} aria-labelledby={`day-${day}`} className="flex flex-col gap-3">
              <h2 id={`day-${day}`} className="text-lg font-semibold text-ink">
                <time dateTime={day}>{visitDayLabel(day)}</time>
              </h2>
              <ul className="flex flex-col gap-2">
                {visits.map((visit) => (
                  <li
                    key={visit.visitId}
                    data-visit={visit.visitId}
                    className="grid gap-1 rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm sm:grid-cols-[9rem_8rem_8rem_1fr] sm:items-center sm:gap-4"
                  >
                    <span className="font-semibold text-ink">{visitSlotLabel(visit.slot)}</span>
                    <span className="text-ink">{visit.engineer}</span>
                    <span className="text-muted">{visitCopy.view.area(visit.pincode)}</span>
                    <Link to={leadLink(visit.leadId, '')} className={linkClasses}>
                      {visitCopy.view.lead(visit.name)}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  )
}
