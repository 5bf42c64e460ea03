import { type ReactNode, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '~/components/button'
import { adminLists } from '~/features/admin/shared/admin-content'
import type { AdminListState } from '~/features/admin/shared/use-admin-list'
import { AdminListCard, AdminListRow } from '../shared/admin-list-card'
import { type FieldLabels, ItemDetails } from '../shared/item-details'

export interface SubmissionListProps<T extends { readonly id?: string }> {
  readonly title: string
  /** The singular name, for the details dialog ('Quote details'). */
  readonly kind: string
  readonly list: AdminListState<T>
  readonly emptyText: string
  readonly primary: (item: T) => ReactNode
  readonly secondary?: (item: T) => ReactNode
  /** A key for items without an id (newsletter signups are keyed by e-mail). */
  readonly itemKey?: (item: T) => string
  /** Names of the fields in the details dialog that have one. */
  readonly fieldLabels?: FieldLabels
  /** The page of an item (a lead's own page): its name links there. */
  readonly link?: (item: T) => string
  /** A line of facts under the row's text (a lead's date, phone, estimate and status). */
  readonly details?: (item: T) => ReactNode
}

/** A list of submissions; 'View' opens every field the submission was sent with. */
export function SubmissionList<T extends { readonly id?: string }>({
  title,
  kind,
  list,
  emptyText,
  primary,
  secondary,
  itemKey = (item) => item.id ?? '',
  fieldLabels,
  link,
  details,
}: SubmissionListProps<T>) {
  const [open, setOpen] = useState<T | null>(null)
  return (
    <>
      <AdminListCard
        title={title}
        list={list}
        emptyText={emptyText}
        itemKey={itemKey}
        renderItem={(item) => (
          <AdminListRow
            primary={
              link ? (
                <Link
                  to={link(item)}
                  className="text-brand-800 underline-offset-2 hover:underline focus-visible:underline"
                >
                  {primary(item)}
                </Link>
              ) : (
                primary(item)
              )
            }
            secondary={secondary?.(item)}
            details={details?.(item)}
            actions={
              <Button
                variant="outline"
                size="sm"
                onClick={() => setOpen(item)}
                aria-label={`${adminLists.view} ${String(primary(item) ?? '')}`.trim()}
              >
                {adminLists.view}
              </Button>
            }
          />
        )}
      />
      <ItemDetails
        kind={kind}
        item={open as Readonly<Record<string, unknown>> | null}
        onClose={() => setOpen(null)}
        labels={fieldLabels}
      />
    </>
  )
}
