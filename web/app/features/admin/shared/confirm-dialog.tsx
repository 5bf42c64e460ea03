import { Button } from '~/components/button'
import { Modal } from '~/components/ui/modal'
import { adminLists } from '~/features/admin/shared/admin-content'

export interface ConfirmDialogProps {
  readonly open: boolean
  readonly title: string
  readonly text: string
  readonly confirmLabel: string
  readonly busy?: boolean
  readonly onConfirm: () => void
  readonly onCancel: () => void
}

/** Asks before an action that cannot be undone (deleting a job or resource). */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={onCancel} title={title} className="max-w-md">
      <p className="text-sm text-ink">{text}</p>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onCancel}>
          {adminLists.cancel}
        </Button>
        <Button
          className="bg-danger hover:bg-red-800"
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  )
}
