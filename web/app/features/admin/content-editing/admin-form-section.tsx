import type { FormEvent, ReactNode, RefObject } from 'react'
import { Button } from '~/components/button'
import { AdminSection } from '../shared/admin-section'

export interface AdminFormSectionProps {
  /** The card's heading, which also names the form. */
  readonly title: string
  readonly formRef: RefObject<HTMLFormElement | null>
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void
  /** A save is under way: the button is disabled and busy. */
  readonly pending: boolean
  /** The button is disabled for another reason (a file still uploading). */
  readonly blocked?: boolean
  readonly submitLabel: string
  /** The fields, in a two-column grid. */
  readonly children: ReactNode
}

/** An admin card holding one form (Add Job, Add Resource): its fields in a grid, the submit button under them. */
export function AdminFormSection({
  title,
  formRef,
  onSubmit,
  pending,
  blocked = false,
  submitLabel,
  children,
}: AdminFormSectionProps) {
  return (
    <AdminSection title={title}>
      <form ref={formRef} onSubmit={onSubmit} aria-label={title} className="grid gap-4 sm:grid-cols-2">
        {children}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={pending || blocked} aria-busy={pending || undefined}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </AdminSection>
  )
}
