import { type FormEvent, useEffect, useId, useState } from 'react'
import { Button } from '~/components/button'
import { TextField } from '~/components/form-field'
import {
  type AdminLoginResult,
  adminLogin,
  loginFailedMessage,
  MfaRequiredError,
} from '~/features/admin/session/admin-login'

export interface LoginFormProps {
  /** Called with the token, username and role of a successful login. */
  readonly onSignedIn: (signedIn: AdminLoginResult) => void
  /** A reason to show before any attempt, e.g. that the session expired. */
  readonly notice?: string | null
}

/**
 * The admin login: username and password, both empty (there are no default credentials). When the server
 * says the account uses an authenticator app, the form asks for the 6-digit code as well, keeping what was
 * typed in the other fields.
 */
export function LoginForm({ onSignedIn, notice = null }: LoginFormProps) {
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [codeRequired, setCodeRequired] = useState(false)
  const codeFieldId = useId()

  // The code field appears after the first refusal: move there, since that is what to type next.
  useEffect(() => {
    if (codeRequired) document.getElementById(codeFieldId)?.focus()
  }, [codeRequired, codeFieldId])

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const form = event.currentTarget
    const data = new FormData(form)
    setPending(true)
    setError(null)
    const code = String(data.get('code') ?? '').replace(/\s/g, '')
    try {
      const signedIn = await adminLogin({
        username: String(data.get('username') ?? ''),
        password: String(data.get('password') ?? ''),
        ...(codeRequired ? { code } : {}),
      })
      onSignedIn(signedIn)
    } catch (failure) {
      if (failure instanceof MfaRequiredError) {
        setCodeRequired(true)
        const codeField = form.elements.namedItem('code')
        if (codeField instanceof HTMLInputElement) {
          codeField.value = ''
          codeField.focus()
        }
      }
      setError(failure instanceof Error && failure.message ? failure.message : loginFailedMessage)
      setPending(false)
    }
  }

  const message = error ?? notice
  return (
    <div className="flex flex-col gap-4 md:flex-row md:items-start md:gap-6">
      <form
        onSubmit={handleSubmit}
        aria-label="Admin login"
        className="flex w-full max-w-sm flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <TextField label="Username" name="username" autoComplete="username" required maxLength={64} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={256}
        />
        {codeRequired ? (
          <TextField
            id={codeFieldId}
            label="Authenticator code"
            name="code"
            hint="The 6-digit code your authenticator app shows now, or one of your recovery codes."
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]{6,7}|[A-Za-z0-9]{5}[\- ]?[A-Za-z0-9]{5}"
            required
            maxLength={11}
          />
        ) : null}
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          Login
        </Button>
      </form>
      {message ? (
        <p
          role="alert"
          className="max-w-sm rounded-lg border border-red-200 bg-danger-soft px-4 py-3 text-sm font-medium text-danger"
        >
          {message}
        </p>
      ) : null}
    </div>
  )
}
