import { type FormEvent, useRef, useState } from 'react'
import { AdminRequestError, AdminSessionExpiredError } from '~/features/admin/session/admin-client'
import { useFieldErrors } from '~/lib/field-errors'
import { notify } from '~/lib/toast'

export interface AdminFormOptions {
  /** Sends the form's data; rejects as the admin calls do (AdminRequestError, AdminSessionExpiredError). */
  readonly save: (data: FormData) => Promise<void>
  /** The toasts of the outcome (a function when the success says what was done: saved as a draft, published). */
  readonly created: string | (() => string)
  readonly failed: string
  /** After saving, once the form is reset. */
  readonly onCreated: () => void
  /** False while the form cannot be sent yet (a file still uploading). */
  readonly ready?: boolean
  /** Empty the form after saving (an Add form); an edit form keeps what was saved. Default true. */
  readonly resetAfterSave?: boolean
}

/**
 * The submission of an admin form (Add Job, Add Resource): one at a time (`pending`), the form emptied and a
 * toast after saving, nothing more after a 401 (the session has ended), and a refusal's per-field messages (`errors`) for
 * the fields to show, the first of them focused, beside the failure toast with the server's message.
 */
export function useAdminForm({
  save,
  created,
  failed,
  onCreated,
  ready = true,
  resetAfterSave = true,
}: AdminFormOptions) {
  const [pending, setPending] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const [errors, setErrors] = useFieldErrors(formRef)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending || !ready) return
    const form = event.currentTarget
    setPending(true)
    try {
      await save(new FormData(form))
      if (resetAfterSave) form.reset()
      setErrors({})
      notify.success(typeof created === 'function' ? created() : created)
      onCreated()
    } catch (error) {
      if (error instanceof AdminSessionExpiredError) return
      setErrors(error instanceof AdminRequestError ? error.fields : {})
      notify.error(failed, error instanceof Error ? error.message : undefined)
    } finally {
      setPending(false)
    }
  }

  return { formRef, pending, errors, handleSubmit }
}
