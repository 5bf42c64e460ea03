import { type RefObject, useState } from 'react'
import { leadCopy } from '~/features/admin/content/leads'
import { AdminRequestError, AdminSessionExpiredError } from '~/features/admin/session/admin-client'
import { type FieldErrors, useFieldErrors } from '~/lib/field-errors'
import { notify } from '~/lib/toast'

export interface LeadActionOptions {
  readonly form: RefObject<HTMLFormElement | null>
  readonly success: string
  readonly failure: string
  /** After the server answered (success or a 409): read the lead again. */
  readonly onChanged: () => void
}

/**
 * One action on a lead (a status change, the assignment, a note): busy while it runs, a toast when it ends,
 * the server's per-field messages for the form's fields (the first of them focused). A 409, someone else's
 * change since the page read the lead, says so and reads the fresh copy.
 */
export function useLeadAction({ form, success, failure, onChanged }: LeadActionOptions) {
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useFieldErrors(form)
  const [message, setMessage] = useState<string | null>(null)

  async function run(action: () => Promise<unknown>): Promise<boolean> {
    if (busy) return false
    setBusy(true)
    setMessage(null)
    try {
      await action()
      setErrors({})
      notify.success(success)
      onChanged()
      return true
    } catch (error) {
      // The session has ended: the login form takes the page's place.
      if (error instanceof AdminSessionExpiredError) return false
      if (error instanceof AdminRequestError && error.status === 409) {
        setErrors({})
        setMessage(leadCopy.conflict)
        notify.error(failure, leadCopy.conflict)
        onChanged()
        return false
      }
      const fields = error instanceof AdminRequestError ? error.fields : {}
      setErrors(fields)
      const text = error instanceof Error ? error.message : failure
      // A refusal without a field to show it beside is said in the form too, not only in the toast.
      setMessage(Object.keys(fields).length === 0 ? text : null)
      notify.error(failure, text)
      return false
    } finally {
      setBusy(false)
    }
  }

  /** Shows messages found before sending (the core's rules, checked in the browser). */
  function showErrors(fields: FieldErrors): void {
    setMessage(null)
    setErrors(fields)
  }

  return { busy, errors, message, run, showErrors }
}
