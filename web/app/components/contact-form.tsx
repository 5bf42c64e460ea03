import { contactLimits } from '@core/contact'
import { type FormEvent, useRef, useState } from 'react'
import { contactFields, contactPage } from '~/content/contact'
import { sendContact } from '~/lib/api/send-contact'
import { notify } from '~/lib/notify'
import { Button } from './button'
import { TextAreaField, TextField } from './form-field'

function field(data: FormData, name: string): string {
  const value = data.get(name)
  return typeof value === 'string' ? value : ''
}

/**
 * The contact form (spec §2, §4, §5, §8). The browser checks the required fields; the API validates again.
 * Success: a toast and an empty form. Failure: a toast, and the form keeps what was typed.
 */
export function ContactForm() {
  const [sending, setSending] = useState(false)
  const sendingRef = useRef(false)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    // onSubmit, not a form action: React resets a form after its action, which would lose a failed message.
    event.preventDefault()
    if (sendingRef.current) return
    const form = event.currentTarget
    const data = new FormData(form)
    sendingRef.current = true
    setSending(true)
    try {
      const sent = await sendContact({
        name: field(data, 'name'),
        email: field(data, 'email'),
        phone: field(data, 'phone'),
        subject: field(data, 'subject'),
        message: field(data, 'message'),
      })
      if (sent) {
        form.reset()
        notify.success(contactPage.sentMessage)
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
    <form onSubmit={handleSubmit} aria-busy={sending || undefined} className="flex flex-col gap-5">
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
