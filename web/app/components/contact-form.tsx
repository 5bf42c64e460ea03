import { contactLimits } from '@core/contact'
import { type FormEvent, useRef, useState } from 'react'
import { contactFields, contactPage } from '~/content/contact'
import { sendContact } from '~/lib/api/send-contact'
import { newIdempotencyKey } from '~/lib/api/send-lead'
import { notify } from '~/lib/notify'
import { Button } from './button'
import { TextAreaField, TextField } from './form-field'
import { HoneypotField, honeypotValue } from './honeypot-field'

function field(data: FormData, name: string): string {
  const value = data.get(name)
  return typeof value === 'string' ? value : ''
}

/**
 * The contact form (spec §2, §4, §5, §8). The browser checks the required fields; the API validates again.
 * Success: a toast and an empty form. Failure: a toast, and the form keeps what was typed. One idempotency
 * key per fill: a retry after a failure stores one message; a new key after success.
 */
export function ContactForm() {
  const [sending, setSending] = useState(false)
  const sendingRef = useRef(false)
  const fillKey = useRef<string | undefined>(undefined)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    // onSubmit, not a form action: React resets a form after its action, which would lose a failed message.
    event.preventDefault()
    if (sendingRef.current) return
    const form = event.currentTarget
    const data = new FormData(form)
    sendingRef.current = true
    setSending(true)
    fillKey.current ??= newIdempotencyKey()
    try {
      const result = await sendContact(
        {
          name: field(data, 'name'),
          email: field(data, 'email'),
          phone: field(data, 'phone'),
          subject: field(data, 'subject'),
          message: field(data, 'message'),
        },
        { idempotencyKey: fillKey.current, honeypot: honeypotValue(data) },
      )
      if (result.status === 'sent') {
        form.reset()
        fillKey.current = undefined
        notify.success(contactPage.sentMessage)
      } else if (result.status === 'rate-limited') {
        notify.error(contactPage.failedMessage, result.message)
      } else {
        notify.error(contactPage.failedMessage)
      }
    } catch (error) {
      console.error('Contact form: the message could not be sent', error)
      notify.error(contactPage.failedMessage)
    } finally {
      sendingRef.current = false
      setSending(false)
    }
  }

  return (
    <form onSubmit={handleSubmit} aria-busy={sending || undefined} className="relative flex flex-col gap-5">
      <HoneypotField />
      <p className="text-sm text-muted">{contactPage.requiredNote}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        {contactFields.map((item) =>
          item.multiline ? (
            <TextAreaField
              key={item.name}
              className="sm:col-span-2"
              label={item.label}
              name={item.name}
              autoComplete={item.autoComplete}
              required
              maxLength={contactLimits[item.name]}
              rows={6}
            />
          ) : (
            <TextField
              key={item.name}
              label={item.label}
              name={item.name}
              type={item.type ?? 'text'}
              autoComplete={item.autoComplete}
              required
              maxLength={contactLimits[item.name]}
            />
          ),
        )}
      </div>
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto sm:self-start">
        {sending ? contactPage.sendingLabel : contactPage.submitLabel}
      </Button>
    </form>
  )
}
