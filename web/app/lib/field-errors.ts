import type { ApiError } from '@core/api-types'
import { type RefObject, useEffect, useState } from 'react'

/** The API's per-field messages of a refused request (`fields` of `{ error, fields }`), by field name. */
export type FieldErrors = Readonly<Record<string, string>>

/** The per-field messages of an error body (`{ error, fields }`), or none. */
export function fieldErrorsOf(body: unknown): FieldErrors {
  if (body && typeof body === 'object' && 'fields' in body) {
    const fields = (body as ApiError).fields
    if (fields && typeof fields === 'object') {
      return Object.fromEntries(
        Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    }
  }
  return {}
}

/**
 * The field messages a form shows beside its fields. Whenever a new set arrives, the first control the form
 * marks invalid (aria-invalid, which the form's fields set from these messages) takes the focus, so a
 * keyboard or screen-reader user lands on what to fix.
 */
export function useFieldErrors(form: RefObject<HTMLFormElement | null>) {
  const [errors, setErrors] = useState<FieldErrors>({})
  useEffect(() => {
    if (Object.keys(errors).length === 0) return
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [errors, form])
  return [errors, setErrors] as const
}
