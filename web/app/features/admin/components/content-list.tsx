import { type ReactNode, useState } from 'react'
import { Button } from '~/components/button'
import { type ContentKindPath, deleteContent } from '~/features/admin/api/admin-content'
import { AdminSessionExpiredError } from '~/features/admin/api/admin-request'
import { adminLists } from '~/features/admin/content/admin'
import type { AdminListState } from '~/features/admin/hooks/use-admin-list'
import { notify } from '~/lib/notify'
import { AdminListCard, AdminListRow } from './admin-list-card'
import { ConfirmDialog } from './confirm-dialog'

interface ContentItem {
  readonly id: string
  readonly title: string
}

export interface ContentListProps<T extends ContentItem> {
  readonly title: string
  /** Which admin path the items live under. */
  readonly path: ContentKindPath
  /** The singular name in messages: 'job', 'resource'. */
  readonly noun: string
  readonly list: AdminListState<T>
  readonly emptyText: string
  readonly secondary: (item: T) => ReactNode
  readonly token: string | null
  readonly onSessionExpired: () => void
  /** After a deletion (the totals change). */
  readonly onDeleted: () => void
  /** The role may delete: each row has a Delete button. */
  readonly deletable: boolean
}

/** All jobs or all resources, each with a Delete button that asks first (for a role that may delete). */
export function ContentList<T extends ContentItem>({
  title,
  path,
  noun,
  list,
  emptyText,
  secondary,
  token,
  onSessionExpired,
  onDeleted,
  deletable,
}: ContentListProps<T>) {
  const [pending, setPending] = useState<T | null>(null)
  const [busy, setBusy] = useState(false)

  async function confirmDelete() {
    if (!pending || busy) return
    setBusy(true)
    try {
      await deleteContent(token, path, pending.id)
      const { id } = pending
      list.remove((item) => item.id === id)
      notify.success(adminLists.deleted(noun))
      onDeleted()
    } catch (error) {
      if (error instanceof AdminSessionExpiredError) onSessionExpired()
      else notify.error(adminLists.deleteFailed(noun), error instanceof Error ? error.message : undefined)
    } finally {
      setBusy(false)
      setPending(null)
    }
  }

  return (
    <>
      <AdminListCard
        title={title}
        list={list}
        emptyText={emptyText}
        itemKey={(item) => item.id}
        renderItem={(item) => (
          <AdminListRow
            primary={item.title}
            secondary={secondary(item)}
            actions={
              deletable ? (
                <Button
                  variant="outline"
                  size="sm"
                  className="border-red-300 text-danger hover:bg-danger-soft"
                  onClick={() => setPending(item)}
                  aria-label={`${adminLists.delete} ${item.title}`}
                >
                  {adminLists.delete}
                </Button>
              ) : undefined
            }
          />
        )}
      />
      <ConfirmDialog
        open={pending !== null}
        title={adminLists.confirmDeleteTitle(noun)}
        text={adminLists.confirmDeleteText(pending?.title ?? '')}
        confirmLabel={adminLists.delete}
        busy={busy}
        onConfirm={confirmDelete}
        onCancel={() => setPending(null)}
      />
    </>
  )
}
