import { maximumPasswordLength, minimumPasswordLength, passwordTooShortMessage } from '@core/admin'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '~/components/button'
import { TextField } from '~/components/form-field'
import { changeOwnPassword, passwordChangeFailedMessage } from '~/features/admin/password/api/admin-password'
import { AdminRequestError, AdminSessionExpiredError } from '~/features/admin/session/admin-client'
import { signIn } from '~/features/admin/session/session-store'

/** The new password and its repeat: typed hidden, offered to the password manager as a new one. */
const newPasswordInput = {
  type: 'password',
  autoComplete: 'new-password',
  required: true,
  maxLength: maximumPasswordLength,
} as const
/** The words of the password screen. */
export const passwordChangeCopy = {
  intro:
    'You signed in with the one-time password you were given. Choose your own password now: it replaces the one-time password, which then stops working.',
  newLabel: 'New password',
  newHint: `At least ${minimumPasswordLength} characters. A few unrelated words make a good one.`,
  repeatLabel: 'Repeat the new password',
  submit: 'Save my password',
  missing: 'Choose a new password',
  differ: 'The two passwords are not the same',
} as const

type Field = 'password' | 'repeat'

/**
 * The one screen of a user who signed in with a one-time password (an owner added them): a new password
 * typed twice, checked here for length and sameness (messages beside the fields, no browser bubbles) and
 * by the server (which also refuses the one-time password itself); then on with the session the change
 * answered, which is the MFA enrolment screen when the role must use MFA, else the workspace.
 */
export function PasswordChange() {
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({})
  const formId = useId()
  const fieldId = (field: Field) => `${formId}-${field}`

  function showFieldErrors(errors: Partial<Record<Field, string>>) {
    setFieldErrors(errors)
    const first = (['password', 'repeat'] as const).find((field) => errors[field])
    if (first) document.getElementById(fieldId(first))?.focus()
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const data = new FormData(event.currentTarget)
    const password = String(data.get('password') ?? '')
    const repeat = String(data.get('repeat') ?? '')
    setError(null)
    if (password.length < minimumPasswordLength) {
      showFieldErrors({ password: password === '' ? passwordChangeCopy.missing : passwordTooShortMessage })
      return
    }
    if (repeat !== password) {
      showFieldErrors({ repeat: passwordChangeCopy.differ })
      return
    }
    setFieldErrors({})
    setPending(true)
    try {
      signIn(await changeOwnPassword(password))
    } catch (failure) {
      // A refused (expired) token has ended the session: the login form takes this screen's place.
      if (failure instanceof AdminSessionExpiredError) return
      if (failure instanceof AdminRequestError && failure.fields.password) {
        showFieldErrors({ password: failure.fields.password })
      } else {
        setError(failure instanceof Error && failure.message ? failure.message : passwordChangeFailedMessage)
      }
      setPending(false)
    }
  }

  return (
    <section aria-label="Your own password" className="flex max-w-xl flex-col gap-4">
      <p className="text-ink">{passwordChangeCopy.intro}</p>
      <form
        onSubmit={submit}
        noValidate
        aria-label="Choose your own password"
        className="flex w-full max-w-sm flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <TextField
          id={fieldId('password')}
          label={passwordChangeCopy.newLabel}
          name="password"
          hint={passwordChangeCopy.newHint}
          error={fieldErrors.password}
          {...newPasswordInput}
        />
        <TextField
          id={fieldId('repeat')}
          label={passwordChangeCopy.repeatLabel}
          name="repeat"
          error={fieldErrors.repeat}
          {...newPasswordInput}
        />
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {passwordChangeCopy.submit}
        </Button>
      </form>
      {error ? (
        <p
          role="alert"
          className="max-w-md rounded-lg border border-red-200 bg-danger-soft px-4 py-3 text-sm font-medium text-danger"
        >
          {error}
        </p>
      ) : null}
    </section>
  )
}
