import type { ReactNode } from 'react'
import { Button } from '~/components/button'
import { adminLists } from '~/features/admin/shared/admin-content'
import type { AdminListState } from '~/features/admin/shared/use-admin-list'
import { AdminSection } from './admin-section'

export interface AdminListCardProps<T> {
  readonly title: string
  readonly list: AdminListState<T>
  /** Shown when the list is empty, also after a failed load. */
  readonly emptyText: string
  readonly itemKey: (item: T) => string
  readonly renderItem: (item: T) => ReactNode
}

/** A card with one admin list: loading, empty, the items, and 'Show more' while the server has more. */
export function AdminListCard<T>({ title, list, emptyText, itemKey, renderItem }: AdminListCardProps<T>) {
  return (
    <AdminSection title={title}>
      {list.status === 'loading' ? (
        <p className="text-sm text-muted" aria-live="polite">
          {adminLists.loading}
        </p>
      ) : list.items.length === 0 ? (
        <p className="text-sm text-muted">{emptyText}</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100">
            {list.items.map((item) => (
              <li key={itemKey(item)} className="py-3">
                {renderItem(item)}
              </li>
            ))}
          </ul>
          <ShowMoreButton list={list} />
        </>
      )}
    </AdminSection>
  )
}

/** 'Show more' under a list while the server has more (busy while the next page is on its way). */
export function ShowMoreButton({
  list,
}: {
  readonly list: Pick<AdminListState<unknown>, 'hasMore' | 'loadingMore' | 'loadMore'>
}) {
  if (!list.hasMore) return null
  return (
    <Button
      variant="ghost"
      size="sm"
      className="mt-2"
      onClick={list.loadMore}
      disabled={list.loadingMore}
      aria-busy={list.loadingMore || undefined}
    >
      {list.loadingMore ? adminLists.loadingMore : adminLists.showMore}
    </Button>
  )
}

/**
 * One row of a list: the main text, a second line, optional details under them (a lead's facts), and actions
 * at the end (stacked on a phone).
 */
export function AdminListRow({
  primary,
  secondary,
  details,
  actions,
}: {
  readonly primary: ReactNode
  readonly secondary?: ReactNode
  readonly details?: ReactNode
  readonly actions?: ReactNode
}) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <p className="break-words font-medium text-ink">{primary}</p>
        {secondary ? <p className="break-words text-sm text-muted">{secondary}</p> : null}
        {details}
      </div>
      {actions ? <div className="flex shrink-0 gap-2">{actions}</div> : null}
    </div>
  )
}
