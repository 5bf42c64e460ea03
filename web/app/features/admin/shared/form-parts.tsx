import type { ReactNode } from 'react'
import { Button, type ButtonVariant } from '~/components/button'

/** A form's own message (not one field's): what the server refused, said above the fields. */
export function FormMessage({ message }: { readonly message: string | null | undefined }) {
  return message ? (
    <p role="alert" className="rounded-lg border border-red-200 bg-danger-soft px-3 py-2 text-sm text-danger">
      {message}
    </p>
  ) : null
}

/** One radio button of a row drawn as chips (the kind of a new lead, how an attempt went). */
export function RadioChip({
  name,
  value,
  checked,
  onChange,
  invalid,
  children,
}: {
  readonly name: string
  readonly value: string
  readonly checked: boolean
  readonly onChange: () => void
  /** Set on the chip that takes the focus when the choice is missing. */
  readonly invalid?: boolean
  readonly children: ReactNode
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-700">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        aria-invalid={invalid ? true : undefined}
        className="size-4 accent-brand-700"
      />
      {children}
    </label>
  )
}

export interface DialogActionsProps {
  readonly closeLabel: string
  readonly onClose: () => void
  readonly busy: boolean
  /** The save button's words for the moment (its busy words while busy). */
  readonly children: ReactNode
}

/** A dialog's closing buttons: close without saving, and save (which says it is busy while it sends). */
export function DialogActions({ closeLabel, onClose, busy, children }: DialogActionsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-3">
      <Button type="button" variant="outline" onClick={onClose}>
        {closeLabel}
      </Button>
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {children}
      </Button>
    </div>
  )
}

export interface ActionRowProps {
  readonly busy: boolean
  /** The form's message (what the server refused, or its own check), said under the button. */
  readonly message: string | null | undefined
  /** Runs on a click; without it the button submits its form. */
  readonly onClick?: () => void
  readonly variant?: ButtonVariant
  /** The button's own classes (the colour of an action that cannot be undone). */
  readonly buttonClassName?: string
  /** The row's classes (its place in the form's grid). */
  readonly className?: string
  /** The button's words. */
  readonly children: ReactNode
}

/**
 * The last row of a form on a page (not in a dialog): its one button, which says it is busy while it sends,
 * and the form's message under it.
 */
export function ActionRow({
  busy,
  message,
  onClick,
  variant,
  buttonClassName,
  className,
  children,
}: ActionRowProps) {
  return (
    <div className={className}>
      <Button
        type={onClick ? 'button' : 'submit'}
        variant={variant}
        className={buttonClassName}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={onClick}
      >
        {children}
      </Button>
      {message ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {message}
        </p>
      ) : null}
    </div>
  )
}
