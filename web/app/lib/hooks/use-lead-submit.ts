import type { LeadReceipt } from '@core/api-types'
import { honeypotField } from '@core/lead-protection'
import { type FormEvent, useRef, useState } from 'react'
import type { LeadSendResult } from '~/lib/api/send-lead'
import { fieldErrorsOf, useFieldErrors } from '~/lib/field-errors'
import { notify } from '~/lib/toast'

export interface LeadSubmitOptions {
  /** Sends the form's data with the fill's idempotency key and the honeypot's value. */
  readonly send: (
    data: FormData,
    protection: { idempotencyKey: string; honeypot: string },
  ) => Promise<LeadSendResult>
  /**
   * The toast of success, where the reply has no `message` of its own (which it toasts instead); none for a
   * form that answers with a confirmation of its own (onSent).
   */
  readonly sentMessage?: string
  /** The toast of a failure to send (the network, the server): never for a refusal of what was typed. */
  readonly failedMessage: string
  /** Prefix of the console lines. */
  readonly logLabel: string
  /** Log the body of a non-OK reply too (the quote form does); thrown errors are always logged. */
  readonly logFailedReplies?: boolean
  /** After success, once the form is reset: clear state the form does not hold itself; the reply's receipt. */
  readonly onSent?: (receipt: LeadReceipt | undefined) => void
  /** After a non-OK reply other than 429, with the reply's body (JSON or text). */
  readonly onRefused?: (detail: unknown) => void
}

/**
 * A new idempotency key: one per form fill, kept across retries of that fill. Here rather than beside
 * sendLead, so a form that loads its sending when it is sent (the footer's newsletter box, in every page's
 * first load) does not carry the API client before then.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID()
}

/**
 * The submission of a public lead form, shared by the contact, quote and newsletter forms: one request at a
 * time (`submitting` disables the button), one idempotency key per fill (kept across retries, renewed after
 * success), the honeypot's value passed on. Success resets the form (and toasts `sentMessage`, if any); a
 * 429 shows the API's message under the failure toast; any failure keeps what was typed. A refusal of what
 * was typed (per-field messages) shows only beside its fields (`fieldErrors`), the first of them focused: it
 * is not a failure to send, so no "Failed to send" toast; a network or server failure toasts that.
 */
export function useLeadSubmit(options: LeadSubmitOptions) {
  const [submitting, setSubmitting] = useState(false)
  const submittingRef = useRef(false)
  const fillKey = useRef<string | undefined>(undefined)
  const formRef = useRef<HTMLFormElement | null>(null)
  const [fieldErrors, setFieldErrors] = useFieldErrors(formRef)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    // onSubmit, not a form action: React resets a form after its action, which would lose a failed request.
    event.preventDefault()
    if (submittingRef.current) return
    const form = event.currentTarget
    formRef.current = form
    const data = new FormData(form)
    submittingRef.current = true
    setSubmitting(true)
    fillKey.current ??= newIdempotencyKey()
    try {
      const result = await options.send(data, {
        idempotencyKey: fillKey.current,
        honeypot: honeypotValue(data),
      })
      if (result.status === 'sent') {
        form.reset()
        setFieldErrors({})
        fillKey.current = undefined
        options.onSent?.(result.receipt)
        if (options.sentMessage) notify.success(result.message ?? options.sentMessage)
      } else if (result.status === 'rate-limited') {
        if (options.logFailedReplies) console.error(`${options.logLabel}: too many requests`, result.message)
        notify.error(options.failedMessage, result.message)
      } else {
        if (options.logFailedReplies) {
          console.error(`${options.logLabel}: the request failed`, result.httpStatus, result.detail)
        }
        const fields = fieldErrorsOf(result.detail)
        setFieldErrors(fields)
        options.onRefused?.(result.detail)
        // A message for no field the form draws (or none at all) would be seen nowhere: that one toasts.
        const shown = Object.keys(fields).some((name) => form.elements.namedItem(name) !== null)
        if (!shown) notify.error(options.failedMessage)
      }
    } catch (error) {
      console.error(`${options.logLabel}: the request could not be sent`, error)
      notify.error(options.failedMessage)
    } finally {
      submittingRef.current = false
      setSubmitting(false)
    }
  }

  return { submitting, handleSubmit, fieldErrors }
}

/** A text value of submitted form data ('' when absent). */
export function formText(data: FormData, name: string): string {
  const value = data.get(name)
  return typeof value === 'string' ? value : ''
}

/** The hidden honeypot's value in submitted form data ('' when a person sent it). */
export function honeypotValue(data: FormData): string {
  return formText(data, honeypotField)
}
