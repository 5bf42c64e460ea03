import type { StaffUser } from '@core/api-types'
import { leadWorkers } from '@core/roles'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { inboxCopy } from '~/features/admin/leads/content'
import { leadsPath } from '~/features/admin/shared/lead-links'
import { cn } from '~/lib/class-names'
import { colleagueView, type InboxView, inboxViewPath, inboxViews, viewQuery } from './inbox-views'

export interface InboxViewLinksProps {
  /** The query string of the view shown: its link is marked as the current page. */
  readonly query: string
  /** The colleagues whose lists are offered (owners), or null for none. */
  readonly colleagues: readonly StaffUser[] | null
}

function ViewLink({ view, current }: { readonly view: InboxView; readonly current: boolean }) {
  return (
    <li className="shrink-0">
      <Link
        to={inboxViewPath(leadsPath, view)}
        aria-current={current ? 'page' : undefined}
        className={cn(
          'inline-flex h-10 items-center rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
          current
            ? 'border-brand-700 bg-brand-700 text-white'
            : 'border-slate-300 bg-white text-ink hover:border-brand-700 hover:bg-brand-50',
        )}
      >
        {view.label}
      </Link>
    </li>
  )
}

/**
 * The inbox's views one click away (all, mine, unassigned, waiting, due today, overdue) and, for owners, each
 * colleague's list. Plain links to the page with the view's query, so each can be bookmarked or sent; on a
 * phone the row scrolls sideways rather than wrapping into a wall of buttons.
 */
export function InboxViewLinks({ query, colleagues }: InboxViewLinksProps) {
  const views = useRef<HTMLUListElement>(null)
  // A phone shows part of the row: the view shown is scrolled into it (sideways only, never the page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view (`query`) is what moves the row.
  useEffect(() => {
    const list = views.current
    const item = list?.querySelector<HTMLElement>('[aria-current="page"]')?.parentElement
    if (!list || !item || list.scrollWidth <= list.clientWidth) return
    const start = item.offsetLeft
    const end = start + item.offsetWidth
    if (start < list.scrollLeft || end > list.scrollLeft + list.clientWidth) list.scrollLeft = start - 16
  }, [query])
  const people = (colleagues ?? []).filter(
    (user) => user.role !== undefined && (leadWorkers as readonly string[]).includes(user.role),
  )
  return (
    <nav aria-label={inboxCopy.views} className="-mx-4 flex flex-col gap-2 sm:mx-0">
      <ul
        ref={views}
        className="relative flex gap-2 overflow-x-auto px-4 pb-1 sm:flex-wrap sm:overflow-visible sm:px-0"
      >
        {inboxViews.map((view) => (
          <ViewLink key={view.id} view={view} current={viewQuery(view) === query} />
        ))}
      </ul>
      {people.length > 0 ? (
        <div className="flex flex-col gap-1 px-4 sm:px-0">
          <h2 className="text-xs font-semibold uppercase tracking-wide text-muted">{inboxCopy.colleagues}</h2>
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
            {people.map((user) => {
              const view = colleagueView(user.username)
              return <ViewLink key={view.id} view={view} current={viewQuery(view) === query} />
            })}
          </ul>
        </div>
      ) : null}
    </nav>
  )
}
