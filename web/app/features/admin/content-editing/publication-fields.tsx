import { maxContentOrder, type PublicationState } from '@core/jobs-and-resources'
import { useId } from 'react'
import { TextField } from '~/components/form-field'
import { adminContentEditing } from '~/features/admin/shared/admin-content'
import type { FieldErrors } from '~/lib/field-errors'
import { formText } from '~/lib/hooks/use-lead-submit'

/** How an item is shown, as the edit form sends it (functions/core/jobs-and-resources.ts checks it). */
export interface Publication {
  readonly state: PublicationState
  readonly featured: boolean
  readonly order: number | null
}

/** The featured box and the order from the form's data, with the state of the button that sent it. */
export function publicationOf(data: FormData, state: PublicationState): Publication {
  const order = formText(data, 'order').trim()
  const place = order === '' ? null : Number(order)
  return {
    state,
    featured: data.get('featured') === 'on',
    order: place === null || Number.isNaN(place) ? null : place,
  }
}

export interface PublicationFieldsProps {
  readonly errors: FieldErrors
  readonly featured: boolean
  readonly order: number | undefined
}

/** The edit form's Featured box and Order field, prefilled, each with the server's message about it. */
export function PublicationFields({ errors, featured, order }: PublicationFieldsProps) {
  const featuredId = useId()
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <div className="flex items-center gap-2">
          <input
            id={featuredId}
            type="checkbox"
            name="featured"
            defaultChecked={featured}
            aria-describedby={`${featuredId}-hint${errors.featured ? ` ${featuredId}-error` : ''}`}
            aria-invalid={errors.featured ? true : undefined}
            className="size-4 accent-brand-700"
          />
          <label htmlFor={featuredId} className="text-sm font-medium text-ink">
            {adminContentEditing.featured}
          </label>
        </div>
        <p id={`${featuredId}-hint`} className="text-xs text-muted">
          {adminContentEditing.featuredHint}
        </p>
        {errors.featured ? (
          <p id={`${featuredId}-error`} className="text-sm text-danger">
            {errors.featured}
          </p>
        ) : null}
      </div>
      <TextField
        label={adminContentEditing.order}
        name="order"
        type="number"
        inputMode="numeric"
        min={1}
        max={maxContentOrder}
        step={1}
        hint={adminContentEditing.orderHint}
        error={errors.order}
        defaultValue={order ?? ''}
      />
    </>
  )
}
