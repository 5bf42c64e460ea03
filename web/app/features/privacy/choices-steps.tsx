import { privacyContact } from '@core/company'
import { businessDateLabel } from '@core/date-labels'
import {
  type ChoiceStanding,
  type ChoicesOpened,
  type ChoicesShown,
  type CodeAskReply,
  consentPurposeLabels,
  phoneCodeChannels,
  standingFormLabels,
} from '@core/privacy-choices'
import { businessTimeZone } from '@core/time-zone'
import { type FormEvent, useEffect, useState } from 'react'
import {
  CodeNotSent,
  postPrivacy,
  privacyButtonClass,
  privacyInputClass,
  StepError,
} from './privacy-steps-shared'

type Step =
  | { readonly at: 'ask' }
  | {
      readonly at: 'code'
      /** What the code was asked for, as the open route takes it back. */
      readonly contact: { readonly email: string } | { readonly phone: string }
      /** How it was sent to a mobile number (SMS, WhatsApp); an address's went by e-mail. */
      readonly by?: string
    }
  | { readonly at: 'call-back' }
  | { readonly at: 'not-sent' }
  | { readonly at: 'choices'; readonly t: string; readonly standing: readonly ChoiceStanding[] }

/** Where one consent stands, in words: given or withdrawn on a date (IST) on a form, or never given. */
function standingText(standing: ChoiceStanding): string {
  if (!standing.at) return 'Never given'
  const when = `${businessDateLabel(new Date(standing.at))}, ${new Date(standing.at).toLocaleTimeString(
    'en-IN',
    {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: businessTimeZone,
    },
  )} IST`
  return standing.given
    ? `Given on ${when} on ${standingFormLabels[standing.form ?? 'choices']}`
    : `Withdrawn on ${when}`
}

/**
 * The steps of /privacy/choices (a lazy island of that page, so its code is not in the first load): a person sees each consent they gave and withdraws it in one click. Step 1 takes the
 * e-mail or mobile number they used; an address gets a code by e-mail (step 2), a number by SMS or WhatsApp
 * where the site has a sender, else the staff call it back;
 * step 3 lists each consent with its standing and a Withdraw button. A message's link (`?t=`) opens at step
 * 3: the token is read after hydration and removed from the address bar. Opening only shows; a withdrawal is
 * a submit.
 */
export function ChoicesSteps() {
  const [step, setStep] = useState<Step>({ at: 'ask' })
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const url = new URL(window.location.href)
    const t = url.searchParams.get('t')
    if (!t) return
    url.searchParams.delete('t')
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
    void postPrivacy<ChoicesShown>('privacy-choices', { t }).then((reply) =>
      reply.ok ? setStep({ at: 'choices', t, standing: reply.value.standing }) : setError(reply.error),
    )
  }, [])

  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    setError(undefined)
    await work()
    setBusy(false)
  }

  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const contact = String(new FormData(event.currentTarget).get('contact') ?? '').trim()
    const body = contact.includes('@') ? { email: contact } : { phone: contact }
    void run(async () => {
      const reply = await postPrivacy<CodeAskReply>('privacy-codes', body)
      if (!reply.ok) return setError(reply.error)
      const answer = reply.value
      if (answer.channel === 'phone' && 'callBack' in answer) setStep({ at: 'call-back' })
      else if (answer.channel === 'phone')
        setStep({
          at: 'code',
          contact: { phone: contact },
          by: phoneCodeChannels[answer.by],
        })
      else if (!answer.sent) setStep({ at: 'not-sent' })
      else setStep({ at: 'code', contact: { email: contact } })
    })
  }

  const open = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (step.at !== 'code') return
    const code = String(new FormData(event.currentTarget).get('code') ?? '')
    void run(async () => {
      const reply = await postPrivacy<ChoicesOpened>('privacy-open-choices', { ...step.contact, code })
      if (!reply.ok) return setError(reply.error)
      setStep({ at: 'choices', t: reply.value.t, standing: reply.value.standing })
    })
  }

  const withdraw = (purpose: ChoiceStanding['purpose']) => {
    if (step.at !== 'choices') return
    void run(async () => {
      const reply = await postPrivacy<ChoicesShown>('privacy-withdraw', { t: step.t, purposes: [purpose] })
      if (!reply.ok) return setError(reply.error)
      setStep({ ...step, standing: reply.value.standing })
    })
  }

  return (
    <div className="mt-6">
      <StepError error={error} />
      {step.at === 'ask' ? (
        <form onSubmit={ask} className="mt-6">
          <label htmlFor="choices-contact" className="font-medium text-ink">
            Your e-mail or mobile number
          </label>
          <input
            id="choices-contact"
            type="text"
            name="contact"
            required
            autoComplete="email"
            className={privacyInputClass}
          />
          <button type="submit" disabled={busy} className={privacyButtonClass}>
            Send me a code
          </button>
        </form>
      ) : null}
      {step.at === 'code' ? (
        <form onSubmit={open} className="mt-6">
          {'phone' in step.contact ? (
            <p data-testid="code-sent">
              We sent a 6-digit code by {step.by} to{' '}
              <span className="whitespace-nowrap">{step.contact.phone}</span>. It works for 10 minutes.
            </p>
          ) : (
            <p data-testid="code-sent">
              We sent a 6-digit code to {step.contact.email}. It works for 10 minutes.
            </p>
          )}
          <label htmlFor="choices-code" className="mt-4 block font-medium text-ink">
            The code
          </label>
          <input
            id="choices-code"
            type="text"
            name="code"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\s*(\d\s*){6}"
            className={privacyInputClass}
          />
          <button type="submit" disabled={busy} className={privacyButtonClass}>
            Show my choices
          </button>
        </form>
      ) : null}
      {step.at === 'call-back' ? (
        <p className="mt-6 rounded-lg bg-brand-50 p-4" data-testid="choices-call-back">
          We cannot send a code to a mobile number. Our staff will call you back from {privacyContact.phone}{' '}
          to confirm it is you, then withdraw what you ask.
        </p>
      ) : null}
      {step.at === 'not-sent' ? <CodeNotSent /> : null}
      {step.at === 'choices' ? (
        <ul className="mt-6 space-y-4" aria-label="Your consents">
          {step.standing.map((standing) => (
            <li key={standing.purpose} className="rounded-xl border border-slate-200 p-4">
              <p className="font-semibold text-ink">{consentPurposeLabels[standing.purpose]}</p>
              <p className="mt-1 text-sm" data-testid={`standing-${standing.purpose}`}>
                {standingText(standing)}
              </p>
              {standing.given ? (
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => withdraw(standing.purpose)}
                  className={privacyButtonClass}
                  aria-label={`Withdraw ${consentPurposeLabels[standing.purpose]}`}
                >
                  Withdraw
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
