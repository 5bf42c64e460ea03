import type { ListedJob } from '@core/listing'
import { useState } from 'react'
import { Link } from 'react-router'
import { buttonVariants } from '~/components/button'
import { CheckList } from '~/components/ui/check-list'
import { ShellIcon } from '~/components/ui/shell-icons'
import { applyLink, careersPage } from '~/features/careers/content'
import { cn } from '~/lib/class-names'

/**
 * The single-open rule of the positions list: clicking a closed row opens it and closes any
 * other; clicking the open row closes it.
 */
export function nextOpenPosition(open: string | null, clicked: string): string | null {
  return open === clicked ? null : clicked
}

function Facts({ job }: { readonly job: ListedJob }) {
  const facts: [string, string][] = [
    ['Department', job.department],
    ['Location', job.location],
    ['Type', job.type],
    ...(job.experience ? ([['Experience', job.experience]] as [string, string][]) : []),
    ...(job.salary ? ([['Salary', job.salary]] as [string, string][]) : []),
  ]
  // Spans, not a list: the facts sit inside the row's button, which may hold phrasing content only.
  return (
    <span className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm font-normal text-muted">
      {facts.map(([label, value]) => (
        <span key={label}>
          <span className="sr-only">{label}: </span>
          {value}
        </span>
      ))}
    </span>
  )
}

function Details({ title, items }: { readonly title: string; readonly items: readonly string[] }) {
  if (items.length === 0) return null
  return (
    <div>
      <h4 className="text-sm font-semibold text-ink">{title}</h4>
      <CheckList items={items} tone="deep" className="mt-2 space-y-1.5 text-sm text-slate-700" />
    </div>
  )
}

/** The open positions: one row per job, one expanded at a time, each with Apply Now. */
export function PositionList({ jobs }: { readonly jobs: readonly ListedJob[] }) {
  const [open, setOpen] = useState<string | null>(null)
  if (jobs.length === 0) return <p className="mt-8 text-center text-muted">{careersPage.noPositions}</p>
  return (
    <ul className="mt-10 space-y-4">
      {jobs.map((job) => {
        const expanded = open === job.id
        const panelId = `position-${job.id}-details`
        return (
          <li
            key={job.id}
            className={cn(
              'overflow-hidden rounded-card border bg-white shadow-card transition-shadow',
              expanded ? 'border-brand-300 shadow-lift' : 'border-slate-200',
            )}
          >
            {job.featured ? (
              <p className="bg-sun-400 px-5 py-1 text-xs font-semibold tracking-wide text-ink uppercase">
                {careersPage.featured}
              </p>
            ) : null}
            <h3>
              <button
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen((current) => nextOpenPosition(current, job.id))}
                className="flex w-full items-start justify-between gap-4 px-5 py-4 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 sm:px-6"
              >
                <span className="min-w-0">
                  <span className="block text-lg font-semibold text-ink">{job.title}</span>
                  <Facts job={job} />
                </span>
                <ShellIcon
                  name="chevronDown"
                  className={cn('mt-1 text-brand-700 transition-transform', expanded && 'rotate-180')}
                />
              </button>
            </h3>
            <div id={panelId} hidden={!expanded} className="border-t border-slate-100 px-5 py-5 sm:px-6">
              {job.description ? (
                <div>
                  <h4 className="text-sm font-semibold text-ink">{careersPage.description}</h4>
                  <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{job.description}</p>
                </div>
              ) : null}
              <div className="mt-5 grid gap-6 sm:grid-cols-2">
                <Details title={careersPage.requirements} items={job.requirements} />
                <Details title={careersPage.benefits} items={job.benefits} />
              </div>
              <Link to={applyLink(job.title)} className={buttonVariants({ className: 'mt-6' })}>
                {careersPage.applyNow}
                <span className="sr-only">: {job.title}</span>
              </Link>
            </div>
          </li>
        )
      })}
    </ul>
  )
}
