import {
  type PrivacyRequestKind,
  privacyRequestFields,
  privacyRequestKindLabels,
  privacyRequestKinds,
} from '@core/privacy-requests'
import { type FormEvent, useState } from 'react'
import { TextFields } from '~/components/form-field'
import type { FieldErrors } from '~/lib/api/read-error'
import { declaredTextFields } from '~/lib/declared-fields'
import { CodeNotSent, postPrivacy, privacyButtonClass, StepError } from './privacy-steps-shared'

type Step =
  | { readonly at: 'ask' }
  | { readonly at: 'details'; readonly email: string; readonly kind: PrivacyRequestKind }
  | { readonly at: 'not-sent' }
  | { readonly at: 'sent'; readonly reference: string; readonly message: string }

/** POST /api/privacy/requests answers the case's reference and the words the person reads (privacyReceipt). */
interface RequestReply {
  readonly reference: string
  readonly message: string
}

/** The inputs of each step, from the request's declared fields: the address, then the code and the words. */
const [emailInput] = declaredTextFields({ email: privacyRequestFields.email })
const { email: _email, kind: _kind, ...detailFields } = privacyRequestFields
const detailInputs = declaredTextFields(detailFields)

/** Step 2's inputs: the nominee only for a nomination, where the API requires it. */
function detailInputsFor(kind: PrivacyRequestKind) {
  return detailInputs.flatMap((input) =>
    input.name !== 'nominee' ? [input] : kind === 'nominate' ? [{ ...input, required: true }] : [],
  )
}

function text(data: FormData, name: string): string {
  return String(data.get(name) ?? '').trim()
}

/**
 * The steps of /privacy/request (a lazy island of that page, so its code is not in the first load): the
 * person chooses what they ask (a summary, a correction, erasure, a nomination) and gives their e-mail; a
 * one-time code goes there (step 2 takes it with the details, and the nominee for a nomination); once stored,
 * the case's reference and the time we have to answer. Where no code can be sent, the privacy contact.
 */
export function RequestSteps() {
  const [step, setStep] = useState<Step>({ at: 'ask' })
  const [error, setError] = useState<string>()
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)

  const run = async (work: () => Promise<void>) => {
    setBusy(true)
    setError(undefined)
    setFieldErrors({})
    await work()
    setBusy(false)
  }

  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const email = text(data, 'email')
    const kind = text(data, 'kind') as PrivacyRequestKind
    void run(async () => {
      const reply = await postPrivacy<{ sent: boolean }>('privacy-request-code', { email })
      if (!reply.ok) {
        setFieldErrors(reply.fields)
        return setError(reply.error)
      }
      setStep(reply.value.sent ? { at: 'details', email, kind } : { at: 'not-sent' })
    })
  }

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (step.at !== 'details') return
    const data = new FormData(event.currentTarget)
    const optional = (name: string) => text(data, name) || undefined
    const body = {
      email: step.email,
      kind: step.kind,
      code: text(data, 'code'),
      details: optional('details'),
      nominee: step.kind === 'nominate' ? optional('nominee') : undefined,
    }
    void run(async () => {
      const reply = await postPrivacy<RequestReply>('privacy-create-request', body)
      if (!reply.ok) {
        setFieldErrors(reply.fields)
        return setError(reply.error)
      }
      setStep({ at: 'sent', reference: reply.value.reference, message: reply.value.message })
    })
  }

  return (
    <div className="mt-6">
      <StepError error={error} />
      {step.at === 'ask' ? (
        <form onSubmit={ask} className="mt-6 space-y-5">
          <fieldset>
            <legend className="font-medium text-ink">{privacyRequestFields.kind.label}</legend>
            {privacyRequestKinds.map((kind, index) => (
              <label key={kind} className="mt-2 flex min-h-11 items-center gap-3">
                <input type="radio" name="kind" value={kind} required defaultChecked={index === 0} />
                {privacyRequestKindLabels[kind]}
              </label>
            ))}
          </fieldset>
          {emailInput ? <TextFields fields={[emailInput]} errors={fieldErrors} /> : null}
          <button type="submit" disabled={busy} className={privacyButtonClass}>
            Send me a code
          </button>
        </form>
      ) : null}
      {step.at === 'details' ? (
        <form onSubmit={send} className="mt-6 space-y-5">
          <p>
            You ask: {privacyRequestKindLabels[step.kind]}. We sent a 6-digit code to {step.email}. It works
            for 10 minutes.
          </p>
          <TextFields fields={detailInputsFor(step.kind)} errors={fieldErrors} />
          <button type="submit" disabled={busy} className={privacyButtonClass}>
            Send my request
          </button>
        </form>
      ) : null}
      {step.at === 'not-sent' ? <CodeNotSent /> : null}
      {step.at === 'sent' ? (
        <div className="mt-6 rounded-lg bg-brand-50 p-4" role="status">
          <p className="font-semibold text-ink">
            Your reference: <span data-testid="request-reference">{step.reference}</span>
          </p>
          <p className="mt-2">{step.message}</p>
        </div>
      ) : null}
    </div>
  )
}
