import { newsletterConfirmMessages } from '@core/newsletter'
import { useEffect, useState } from 'react'
import { Button } from '~/components/button'
import { sitePage } from '~/content/public-pages'
import { NewsletterForm } from '~/features/lead-forms/components/newsletter-form'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/newsletter-confirm'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/newsletter/confirm'))

// The request (the API client) loads when the button is pressed.
const loadConfirm = () =>
  import('~/features/lead-forms/api/confirm-newsletter').then((module) => module.confirmNewsletter)

type Step =
  | { readonly at: 'ready' }
  | { readonly at: 'sending' }
  | { readonly at: 'done'; readonly confirmed: boolean; readonly message: string }

/** The words when the request could not be sent at all (the network): the link still works, try again. */
const notSent = 'The confirmation could not be sent just now. Please press the button again.'

/**
 * /newsletter/confirm?t=…: where a newsletter confirmation e-mail leads (double opt-in). Opening it changes
 * nothing, because mail scanners open links too: the person presses the button, which sends the link's token
 * (POST /api/newsletter/confirm). A link that is not valid, has expired or was overtaken by a withdrawal
 * says so, with the signup box to start again. Prerendered: the token is read in the browser.
 */
export default function NewsletterConfirmPage() {
  const [token, setToken] = useState<string | undefined>(undefined)
  const [step, setStep] = useState<Step>({ at: 'ready' })
  useEffect(() => {
    setToken(new URLSearchParams(window.location.search).get('t') ?? '')
  }, [])

  async function confirm() {
    if (!token || step.at === 'sending') return
    setStep({ at: 'sending' })
    try {
      const result = await (await loadConfirm())(token)
      setStep({
        at: 'done',
        confirmed: result.confirmed,
        message:
          result.message ??
          (result.confirmed ? newsletterConfirmMessages.confirmed : newsletterConfirmMessages.invalid),
      })
    } catch (error) {
      console.error('Newsletter confirmation: the request could not be sent', error)
      setStep({ at: 'done', confirmed: false, message: notSent })
    }
  }

  const missing = token === ''
  const refused = missing || (step.at === 'done' && !step.confirmed && step.message !== notSent)
  return (
    // At least most of a screen tall: the answer that replaces the button once the link is read (shorter or
    // longer) then moves nothing that is in view, so the footer does not jump (layout shift).
    <section className="page-x max-w-xl min-h-[75vh] py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-ink">Confirm your subscription</h1>
      {step.at === 'done' || missing ? (
        <p role="status" data-testid="newsletter-confirm-result" className="mt-4 text-lg text-slate-700">
          {missing ? newsletterConfirmMessages.invalid : step.at === 'done' ? step.message : null}
        </p>
      ) : (
        <>
          <p className="mt-4 text-slate-700">
            Press the button to receive our newsletter at the address this link was sent to. Nothing is sent
            until you do; you can withdraw at any time with the link in every message.
          </p>
          <Button
            type="button"
            size="lg"
            className="mt-6"
            disabled={token === undefined || step.at === 'sending'}
            onClick={confirm}
          >
            {step.at === 'sending' ? 'Confirming...' : 'Confirm'}
          </Button>
        </>
      )}
      {step.at === 'done' && step.message === notSent ? (
        <Button type="button" size="lg" className="mt-6" onClick={confirm}>
          Confirm
        </Button>
      ) : null}
      {refused ? (
        <div className="mt-8 max-w-md">
          <NewsletterForm />
        </div>
      ) : null}
    </section>
  )
}
