import { type RefObject, useState } from 'react'
import { useRevalidator } from 'react-router'
import { leadCopy } from '~/features/admin/leads/content'
import { type FieldErrors, useFieldErrors } from '~/lib/field-errors'
import { notify } from '~/lib/toast'
import { type LeadIntent, leadChanged, runLeadAction } from './lead-load'

export interface LeadActionOptions {
  readonly id: string
  readonly form: RefObject<HTMLFormElement | null>
  readonly success: string
  readonly failure: string
  /** After the server took the change (the form empties what it sent). */
  readonly onDone?: () => void
}

/**
 * One action on a lead (a status change, the assignment, a note): busy while it runs and the route's loader
 * reads the lead again, a toast when it ends, the server's per-field messages for the form's fields (the
 * first of them focused). A 409, someone else's change since the page read the lead, says so and reads the
 * fresh copy. (Not a useFetcher: React Router's fetcher and submit code would join the framework chunk
 * every public page loads, 0.4 KB gzip over their budget.)
 */
export function useLeadAction({ id, form, success, failure, onDone }: LeadActionOptions) {
  const revalidator = useRevalidator()
  const [sending, setSending] = useState(false)
  const [errors, setErrors] = useFieldErrors(form)
  const [message, setMessage] = useState<string | null>(null)
  const busy = sending || revalidator.state !== 'idle'

  async function send(intent: LeadIntent): Promise<void> {
    if (busy) return
    setSending(true)
    setMessage(null)
    const result = await runLeadAction(id, intent)
    setSending(false)
    if (leadChanged(result)) void revalidator.revalidate()
    // The session ended (the login form takes the page's place).
    if (!result.ok && 'expired' in result) return
    if (result.ok) {
      setErrors({})
      notify.success(success)
      onDone?.()
    } else if (result.status === 409) {
      // A merge is refused for reasons of its own (merged already, a closed lead of another person): the
      // server's words; any other change, because someone else changed the lead meanwhile.
      const conflict = intent.intent === 'merge' ? result.message : leadCopy.conflict
      setErrors({})
      setMessage(conflict)
      notify.error(failure, conflict)
    } else {
      setErrors(result.fields)
      // A refusal without a field to show it beside is said in the form too, not only in the toast.
      setMessage(Object.keys(result.fields).length === 0 ? result.message : null)
      notify.error(failure, result.message)
    }
  }

  /** Shows messages found before sending (the core's rules, checked in the browser). */
  function showErrors(fields: FieldErrors): void {
    setMessage(null)
    setErrors(fields)
  }

  return { busy, errors, message, send, showErrors }
}
