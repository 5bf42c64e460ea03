import { type ReactNode, useState } from 'react'
import { Button } from '~/components/button'
import { adminLists } from '~/features/admin/content/admin'
import type { AdminListState } from '~/features/admin/hooks/use-admin-list'
import { AdminListCard, AdminListRow } from './admin-list-card'
import { type FieldLabels, ItemDetails } from './item-details'

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
            primary={primary(item)}
            secondary={secondary?.(item)}
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
