import { isPublished } from '@core/jobs-and-resources'
import { type ReactNode, useState } from 'react'
import { Button } from '~/components/button'
import { type ContentKindPath, deleteContent } from '~/features/admin/content-editing/api/admin-content'
import { AdminSessionExpiredError } from '~/features/admin/session/admin-client'
import { adminContentEditing, adminLists } from '~/features/admin/shared/admin-content'
import type { AdminListState } from '~/features/admin/shared/use-admin-list'
import { notify } from '~/lib/toast'
import { AdminListCard, AdminListRow } from '../shared/admin-list-card'
import { ConfirmDialog } from '../shared/confirm-dialog'

interface ContentItem {
  readonly id: string
  readonly title: string
  readonly state?: unknown
  readonly featured?: unknown
  readonly order?: unknown
}

/** How an item is shown, as small badges: Draft (not on the public pages), Featured, its order. */
function PlacementBadges({ item }: { readonly item: ContentItem }) {
  const badges = [
    isPublished({ state: item.state }) ? '' : adminContentEditing.states.draft,
    item.featured === true ? adminContentEditing.featured : '',
    typeof item.order === 'number' ? adminContentEditing.orderBadge(item.order) : '',
  ].filter((badge) => badge !== '')
  if (badges.length === 0) return null
  return (
    <span className="mt-1 flex flex-wrap gap-1.5">
      {badges.map((badge) => (
        <span
          key={badge}
          className={
            badge === adminContentEditing.states.draft
              ? 'rounded-full bg-sun-100 px-2 py-0.5 text-xs font-semibold text-ink ring-1 ring-sun-400 ring-inset'
              : 'rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700'
          }
        >
          {badge}
        </span>
      ))}
    </span>
  )
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
  /** After a deletion (the totals change). */
  readonly onDeleted: () => void
  /** The role may delete: each row has a Delete button. */
  readonly deletable: boolean
  /**
   * The edit form of an item, for a role that may edit: each row then has an Edit button, and the row being
   * edited shows this form in its place until it is saved or cancelled.
   */
  readonly editor?: ((item: T, close: () => void) => ReactNode) | undefined
}

/**
 * All jobs or all resources, drafts marked, each with an Edit button (for a role that may edit, when an
 * editor is given) and a Delete button that asks first (for a role that may delete).
 */
export function ContentList<T extends ContentItem>({
  title,
  path,
  noun,
  list,
  emptyText,
  secondary,
  onDeleted,
  deletable,
  editor,
}: ContentListProps<T>) {
  const [pending, setPending] = useState<T | null>(null)
  const [editing, setEditing] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function confirmDelete() {
    if (!pending || busy) return
    setBusy(true)
    try {
      await deleteContent(path, pending.id)
      const { id } = pending
      list.remove((item) => item.id === id)
      notify.success(adminLists.deleted(noun))
      onDeleted()
    } catch (error) {
      if (!(error instanceof AdminSessionExpiredError))
        notify.error(adminLists.deleteFailed(noun), error instanceof Error ? error.message : undefined)
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
        renderItem={(item) =>
          editor && editing === item.id ? (
            editor(item, () => setEditing(null))
          ) : (
            <AdminListRow
              primary={item.title}
              secondary={secondary(item)}
              details={<PlacementBadges item={item} />}
              actions={
                editor || deletable ? (
                  <>
                    {editor ? (
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setEditing(item.id)}
                        aria-label={`${adminContentEditing.edit} ${item.title}`}
                      >
                        {adminContentEditing.edit}
                      </Button>
                    ) : null}
                    {deletable ? (
                      <Button
                        variant="outline"
                        size="sm"
                        className="border-red-300 text-danger hover:bg-danger-soft"
                        onClick={() => setPending(item)}
                        aria-label={`${adminLists.delete} ${item.title}`}
                      >
                        {adminLists.delete}
                      </Button>
                    ) : null}
                  </>
                ) : undefined
              }
            />
          )
        }
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
