import { type FormEvent, useState } from 'react'
import { Button } from '~/components/button'
import { TextField } from '~/components/form-field'
import { adminLogin, loginFailedMessage } from '~/features/admin/api/admin-login'

export interface LoginFormProps {
  /** Called with the token of a successful login. */
  readonly onSignedIn: (token: string) => void
  /** A reason to show before any attempt, e.g. that the session expired. */
  readonly notice?: string | null
}

/** The admin login: username and password, both empty (there are no default credentials). */
export function LoginForm({ onSignedIn, notice = null }: LoginFormProps) {
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const data = new FormData(event.currentTarget)
    setPending(true)
    setError(null)
    try {
      const { token } = await adminLogin({
        username: String(data.get('username') ?? ''),
        password: String(data.get('password') ?? ''),
      })
      onSignedIn(token)
    } catch (failure) {
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
