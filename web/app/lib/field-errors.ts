import { type RefObject, useEffect, useState } from 'react'
import type { FieldErrors } from './api/read-error'

// Kept with the reading of an error reply (api/read-error.ts), which code without React (the workspace's
// route loaders) imports too.
export { type FieldErrors, fieldErrorsOf } from './api/read-error'

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
