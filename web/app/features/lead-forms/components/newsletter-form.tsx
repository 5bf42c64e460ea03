import { newsletterPurposeText, noticeLinkText } from '@core/consent-fields'
import { newsletterFields } from '@core/newsletter-fields'
import { useId } from 'react'
import { Button } from '~/components/button'
import { HoneypotField } from '~/components/honeypot-field'
import { newsletterBox } from '~/features/lead-forms/content/newsletter'
import { formText, useLeadSubmit } from '~/lib/hooks/use-lead-submit'

// The footer draws the box on every page; its request (the API client, lib/api) loads when it is sent.
const loadSendNewsletter = () =>
  import('~/features/lead-forms/api/send-newsletter').then((module) => module.sendNewsletterSignup)

/**
 * The footer's newsletter box: one e-mail field, Subscribe, what subscribing asks for (the consent it gives,
 * with the link to the notice) and the age box. Success (also for an address already subscribed): a toast
 * of the reply's words (check your e-mail to confirm: double opt-in) and an empty field. Failure: a toast,
 * the address kept, and the API's message about the address under the field.
 */
export function NewsletterForm({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const dark = tone === 'dark'
  const inputId = useId()
  const {
    submitting: sending,
    handleSubmit,
    fieldErrors,
  } = useLeadSubmit({
    send: async (data, protection) =>
      (await loadSendNewsletter())(
        { email: formText(data, 'email'), adult: data.get('adult') === 'on' },
        protection,
      ),
    sentMessage: newsletterBox.sentMessage,
    failedMessage: newsletterBox.failedMessage,
    logLabel: 'Newsletter',
    logFailedReplies: true,
  })

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-busy={sending || undefined}
      className="relative flex flex-col gap-2"
    >
      <HoneypotField />
      <label
        htmlFor={inputId}
        className={dark ? 'text-base font-semibold text-white' : 'text-sm font-semibold text-ink'}
      >
        {newsletterBox.heading}
      </label>
      <p className={dark ? 'text-sm text-slate-300' : 'text-sm text-muted'}>
        {newsletterBox.intro} {newsletterPurposeText}{' '}
        {/* A plain link: the box is drawn outside the router too (its tests), and a full load is fine here. */}
        <a href="/privacy" className="underline">
          {noticeLinkText}
        </a>
      </p>
      <div className="flex gap-2">
        <input
          id={inputId}
          name="email"
          type="email"
          required
          autoComplete="email"
          maxLength={newsletterFields.email.maxLength}
          placeholder={newsletterBox.emailPlaceholder}
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={fieldErrors.email ? `${inputId}-error` : undefined}
          className={
            dark
              ? 'block h-11 w-full min-w-0 rounded-lg border border-white/15 bg-white/10 px-3 text-base text-white placeholder:text-slate-400 focus:border-brand-400 focus:outline-2 focus:outline-brand-400/40'
              : 'block h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-600/40'
          }
        />
        <Button type="submit" disabled={sending} className="shrink-0">
          {sending ? newsletterBox.submittingLabel : newsletterBox.submitLabel}
        </Button>
      </div>
      {fieldErrors.email ? (
        <p id={`${inputId}-error`} className={dark ? 'text-sm text-red-300' : 'text-sm text-danger'}>
          {fieldErrors.email}
        </p>
      ) : null}
      <label className={dark ? 'flex gap-2 text-sm text-slate-300' : 'flex gap-2 text-sm text-ink'}>
        <input
          type="checkbox"
          name="adult"
          required
          aria-invalid={fieldErrors.adult ? true : undefined}
          aria-describedby={fieldErrors.adult ? `${inputId}-adult` : undefined}
          className="mt-0.5 size-4 shrink-0 accent-brand-500"
        />
        {newsletterFields.adult.label}
      </label>
      {fieldErrors.adult ? (
        <p id={`${inputId}-adult`} className={dark ? 'text-sm text-red-300' : 'text-sm text-danger'}>
          {fieldErrors.adult}
        </p>
      ) : null}
    </form>
  )
}
