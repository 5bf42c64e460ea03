import type { MfaConfirmReply, MfaEnrolmentReply } from '@core/api-types'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { Button } from '~/components/button'
import { TextField } from '~/components/form-field'
import { AdminSessionExpiredError } from '~/features/admin/session/admin-client'
import { signIn } from '~/features/admin/session/session-store'
import {
  confirmMfaEnrolment,
  mfaSetupFailedMessage,
  startMfaEnrolment,
} from '~/features/admin/shared/api/admin-mfa'

/** A value to copy into the authenticator app: read-only, selected whole when focused. */
function CopyField({
  label,
  name,
  value,
}: {
  readonly label: string
  readonly name: string
  readonly value: string
}) {
  return (
    <TextField
      label={label}
      name={name}
      value={value}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      className="w-full"
    />
  )
}
/** The words of the enrolment screen. */
export const mfaEnrolmentCopy = {
  intro:
    'Your role must sign in with a code from an authenticator app (two-step sign-in, MFA). Set it up now: it takes a minute.',
  start: 'Show the QR code',
  scan: 'Scan this QR code with your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…).',
  qrAlt: 'QR code to add this account to an authenticator app',
  uriLabel: 'Or add it by hand: the otpauth:// link',
  secretLabel: 'The secret key alone',
  codeLabel: 'Code from the app',
  codeHint: 'The 6-digit code the app shows now for this account.',
  confirm: 'Confirm',
  done: 'Two-step sign-in is on.',
  recoveryIntro: (count: number) =>
    `Save these ${count} recovery codes somewhere safe now: they are shown only this once. Each one works once in place of a code, if you lose your phone.`,
  recoveryHeading: 'Recovery codes',
  continue: 'I have saved them: continue to the workspace',
} as const

/**
 * Self-service MFA enrolment, the one screen a user whose role must use MFA sees until enrolled (and that
 * anyone may use): the QR code and the otpauth:// URI of a new secret, a code to confirm it, then the
 * recovery codes, shown once, and on to the workspace with the full token the confirmation gave (the
 * session's enrolment-only token is the one the admin client sends until then).
 */
export function MfaEnrolment() {
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [enrolment, setEnrolment] = useState<MfaEnrolmentReply | null>(null)
  const [confirmed, setConfirmed] = useState<MfaConfirmReply | null>(null)
  const codeFieldId = useId()
  const doneRef = useRef<HTMLHeadingElement>(null)

  useEffect(() => {
    if (enrolment && !confirmed) document.getElementById(codeFieldId)?.focus()
  }, [enrolment, confirmed, codeFieldId])
  useEffect(() => {
    if (confirmed) doneRef.current?.focus()
  }, [confirmed])

  function fail(failure: unknown) {
    // A refused enrolment-only token has ended the session: the login form takes this screen's place.
    if (failure instanceof AdminSessionExpiredError) return
    setError(failure instanceof Error && failure.message ? failure.message : mfaSetupFailedMessage)
  }

  async function start() {
    if (pending) return
    setPending(true)
    setError(null)
    try {
      setEnrolment(await startMfaEnrolment())
    } catch (failure) {
      fail(failure)
    } finally {
      setPending(false)
    }
  }

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const form = event.currentTarget
    const code = String(new FormData(form).get('code') ?? '').replace(/\s/g, '')
    setPending(true)
    setError(null)
    try {
      setConfirmed(await confirmMfaEnrolment(code))
    } catch (failure) {
      fail(failure)
      const field = form.elements.namedItem('code')
      if (field instanceof HTMLInputElement) field.select()
    } finally {
      setPending(false)
    }
  }

  const alert = error ? (
    <p
      role="alert"
      className="max-w-md rounded-lg border border-red-200 bg-danger-soft px-4 py-3 text-sm font-medium text-danger"
    >
      {error}
    </p>
  ) : null

  if (confirmed) {
    return (
      <section aria-labelledby={`${codeFieldId}-done`} className="flex max-w-xl flex-col gap-4">
        <h2 id={`${codeFieldId}-done`} ref={doneRef} tabIndex={-1} className="text-xl font-semibold text-ink">
          {mfaEnrolmentCopy.done}
        </h2>
        <p className="text-muted">{mfaEnrolmentCopy.recoveryIntro(confirmed.recoveryCodes.length)}</p>
        <h3 className="font-semibold text-ink">{mfaEnrolmentCopy.recoveryHeading}</h3>
        <ol
          aria-label={mfaEnrolmentCopy.recoveryHeading}
          className="grid grid-cols-1 gap-2 rounded-xl border border-slate-200 bg-white p-4 font-mono text-base text-ink min-[360px]:grid-cols-2"
        >
          {confirmed.recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <div>
          <Button
            onClick={() =>
              signIn({ expiresAt: confirmed.expiresAt, username: confirmed.username, role: confirmed.role })
            }
          >
            {mfaEnrolmentCopy.continue}
          </Button>
        </div>
      </section>
    )
  }

  return (
    <section aria-label="Set up two-step sign-in" className="flex max-w-xl flex-col gap-4">
      <p className="text-ink">{mfaEnrolmentCopy.intro}</p>
      {enrolment ? (
        <>
          <p className="text-muted">{mfaEnrolmentCopy.scan}</p>
          <img
            src={enrolment.qrCode}
            alt={mfaEnrolmentCopy.qrAlt}
            width={240}
            height={240}
            className="size-60 rounded-lg border border-slate-200 bg-white"
          />
          <CopyField label={mfaEnrolmentCopy.uriLabel} name="uri" value={enrolment.uri} />
          <CopyField label={mfaEnrolmentCopy.secretLabel} name="secret" value={enrolment.secret} />
          <form
            onSubmit={confirm}
            aria-label="Confirm two-step sign-in"
            className="flex w-full max-w-sm flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
          >
            <TextField
              id={codeFieldId}
              label={mfaEnrolmentCopy.codeLabel}
              name="code"
              hint={mfaEnrolmentCopy.codeHint}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]{6,7}"
              required
              maxLength={7}
            />
            <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
              {mfaEnrolmentCopy.confirm}
            </Button>
          </form>
        </>
      ) : (
        <div>
          <Button onClick={start} disabled={pending} aria-busy={pending || undefined}>
            {mfaEnrolmentCopy.start}
          </Button>
        </div>
      )}
      {alert}
    </section>
  )
}
