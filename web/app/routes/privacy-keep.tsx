import { keepMessages } from '@core/retention-messages'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { Button, buttonVariants } from '~/components/button'
import { contactLink } from '~/content/navigation'
import { sitePage } from '~/content/public-pages'
import { postPrivacy } from '~/features/privacy/privacy-steps-shared'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/privacy-keep'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/privacy/keep'))

/** The page's words (the answers are the API's, functions/core/retention-messages.ts keepMessages). */
export const keepPageCopy = {
  heading: 'Keep your enquiry',
  lead: 'We have not been in touch for a while. Press the button if you would still like to hear from us about your enquiry. If you do nothing, we will erase your details on the date given in our e-mail.',
  button: 'Yes, keep my enquiry',
  sending: 'Keeping...',
} as const

type Step =
  | { readonly at: 'ready' }
  | { readonly at: 'sending' }
  | { readonly at: 'done'; readonly kept: boolean; readonly message: string }

/**
 * /privacy/keep?t=…: where the retention sweep's ask leads (functions/lib/retention-sweep.ts). Opening it
 * changes nothing, because mail scanners open links too: the person presses the button, which sends the
 * link's token (POST /api/privacy/keep) and restarts the enquiry's retention clock. A link that is not valid,
 * has expired or whose enquiry is gone says so. Prerendered: the token is read in the browser.
 */
export default function PrivacyKeepPage() {
  const [token, setToken] = useState<string | undefined>(undefined)
  const [step, setStep] = useState<Step>({ at: 'ready' })
  useEffect(() => {
    setToken(new URLSearchParams(window.location.search).get('t') ?? '')
  }, [])

  async function keep() {
    if (!token || step.at === 'sending') return
    setStep({ at: 'sending' })
    const reply = await postPrivacy<{ message?: string }>('privacy-keep', { t: token })
    setStep(
      reply.ok
        ? { at: 'done', kept: true, message: reply.value.message ?? keepMessages.kept }
        : { at: 'done', kept: false, message: reply.error },
    )
  }

  const missing = token === ''
  return (
    // At least most of a screen tall: the answer that replaces the button once the link is read (shorter or
    // longer) then moves nothing that is in view, so the footer does not jump (layout shift).
    <section className="page-x max-w-xl min-h-[75vh] py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-ink">{keepPageCopy.heading}</h1>
      {step.at === 'done' || missing ? (
        <>
          <p role="status" data-testid="privacy-keep-result" className="mt-4 text-lg text-slate-700">
            {missing ? keepMessages.invalid : step.at === 'done' ? step.message : null}
          </p>
          {/* A refused link's words send the person to us: the way there, not a dead end. */}
          {missing || (step.at === 'done' && !step.kept) ? (
            <Link to={contactLink.to} className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
              {contactLink.label}
            </Link>
          ) : null}
        </>
      ) : (
        <>
          <p className="mt-4 text-slate-700">{keepPageCopy.lead}</p>
          <Button
            type="button"
            size="lg"
            className="mt-6"
            disabled={token === undefined || step.at === 'sending'}
            onClick={keep}
          >
            {step.at === 'sending' ? keepPageCopy.sending : keepPageCopy.button}
          </Button>
        </>
      )}
    </section>
  )
}
