import { type ReactNode, useEffect, useId, useRef } from 'react'
import { cn } from '~/lib/class-names'
import { ShellIcon } from './shell-icons'

export interface ModalProps {
  readonly open: boolean
  /** Called on Escape, the close button and a click on the backdrop. */
  readonly onClose: () => void
  /** The dialog's accessible name, shown as its heading. */
  readonly title: string
  /** Hide the heading visually (it still names the dialog). */
  readonly hideTitle?: boolean
  readonly children: ReactNode
  readonly className?: string
}

/**
 * A modal dialog on the native `<dialog>`: the browser traps focus, makes the page inert and closes it on
 * Escape. The content is rendered only while open, so a video inside loads on opening and stops on closing.
 */
export function Modal({ open, onClose, title, hideTitle = false, children, className }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close()
      else dialog.removeAttribute('open')
    }
  }, [open])

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled by the dialog itself (onCancel).
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
      onClick={(event) => {
        // A click on the dialog element itself is a click on the backdrop around the panel.
        if (event.target === event.currentTarget) onClose()
      }}
      className={cn(
        'm-auto w-[min(56rem,calc(100vw-2rem))] max-w-none rounded-card bg-white p-0 text-ink shadow-lift',
        'backdrop:bg-night/70 backdrop:backdrop-blur-sm',
        className,
      )}
    >
      {open ? (
        <div className="flex flex-col">
          <div className="flex items-center justify-between gap-4 px-5 py-3">
            <h2 id={titleId} className={cn('text-lg font-semibold', hideTitle && 'sr-only')}>
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              className="ml-auto inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
              aria-label="Close"
            >
              <ShellIcon name="close" />
            </button>
          </div>
          <div className="px-5 pb-5">{children}</div>
        </div>
      ) : null}
    </dialog>
  )
}
