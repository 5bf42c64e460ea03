import { contactLimits } from '@core/contact'
import { type FormEvent, useId, useRef, useState } from 'react'
import { newsletterBox } from '~/content/newsletter'
import { newIdempotencyKey } from '~/lib/api/send-lead'
import { sendNewsletterSignup } from '~/lib/api/send-newsletter'
import { notify } from '~/lib/notify'
import { Button } from './button'
import { HoneypotField, honeypotValue } from './honeypot-field'

/**
 * The footer's newsletter box: one e-mail field and Subscribe. Success (also for an address already
 * subscribed): a toast and an empty field. Failure: a toast, the address kept.
 */
export function NewsletterForm() {
  const [sending, setSending] = useState(false)
  const sendingRef = useRef(false)
  const fillKey = useRef<string | undefined>(undefined)
  const inputId = useId()

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sendingRef.current) return
    const form = event.currentTarget
    const data = new FormData(form)
    const email = data.get('email')
    sendingRef.current = true
    setSending(true)
    fillKey.current ??= newIdempotencyKey()
    try {
      const result = await sendNewsletterSignup(typeof email === 'string' ? email : '', {
        idempotencyKey: fillKey.current,
        honeypot: honeypotValue(data),
      })
      if (result.status === 'sent') {
        form.reset()
        fillKey.current = undefined
        notify.success(newsletterBox.sentMessage)
      } else if (result.status === 'rate-limited') {
        notify.error(newsletterBox.failedMessage, result.message)
      } else {
        console.error('Newsletter: the signup failed', result.httpStatus, result.detail)
        notify.error(newsletterBox.failedMessage)
      }
    } catch (error) {
      console.error('Newsletter: the signup could not be sent', error)
      notify.error(newsletterBox.failedMessage)
    } finally {
      sendingRef.current = false
      setSending(false)
    }
  }

  return (
    <form onSubmit={handleSubmit} aria-busy={sending || undefined} className="relative flex flex-col gap-2">
      <HoneypotField />
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        {newsletterBox.heading}
      </label>
      <p className="text-sm text-muted">{newsletterBox.intro}</p>
      <div className="flex gap-2">
        <input
          id={inputId}
          name="email"
          type="email"
          required
          autoComplete="email"
          maxLength={contactLimits.email}
          placeholder={newsletterBox.emailPlaceholder}
          className="block h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/40"
        />
        <Button type="submit" disabled={sending} className="shrink-0">
          {sending ? newsletterBox.submittingLabel : newsletterBox.submitLabel}
        </Button>
      </div>
    </form>
  )
}
