import { useState } from 'react'
import { AdminRequestError, AdminSessionExpiredError } from '~/features/admin/session/admin-client'
import { notify } from '~/lib/toast'

/** What a failed action shows: the toast's title, and the message when the server gave none. */
export interface SubmitFailure {
  /** Without one, no toast: for a short form whose message, beside its button, is always in view. */
  readonly title?: string
  readonly message: string
}

/**
 * One workspace action of a form or button at a time: `pending` while it runs, the last message and field
 * messages cleared as it starts. A failure shows the server's message (or `failed.message` when it gave none)
 * beside the form, its field messages beside their fields, and a toast titled `failed.title` (if any); `refusal` may
 * take a refusal of the server instead (answer true: nothing else is shown). A lapsed session is left to the
 * sign-in, which the admin client has already sent the person to.
 */
export function useAdminSubmit<Field extends string = string>() {
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({})

  /** Runs `action`; answers its result, or undefined when it failed (or one was already running). */
  async function run<T>(
    action: () => Promise<T>,
    failed: SubmitFailure,
    refusal?: (refused: AdminRequestError) => boolean,
  ): Promise<T | undefined> {
    setPending(true)
    setError(null)
    setFieldErrors({})
    try {
      return await action()
    } catch (caught) {
      if (caught instanceof AdminSessionExpiredError) return undefined
      if (caught instanceof AdminRequestError && refusal?.(caught)) return undefined
      const message = caught instanceof AdminRequestError ? caught.message : failed.message
      if (caught instanceof AdminRequestError) setFieldErrors(caught.fields as Partial<Record<Field, string>>)
      setError(message)
      if (failed.title !== undefined) notify.error(failed.title, message)
      return undefined
    } finally {
      setPending(false)
    }
  }

  return { pending, error, setError, fieldErrors, run }
}
