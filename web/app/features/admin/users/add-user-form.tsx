import { type StaffRole, staffRoleLabels, staffRoles } from '@core/roles'
import type { NewStaffUserReply } from '@core/staff-user-schema'
import { newStaffUserSchema } from '@core/staff-user-schema'
import { validate } from '@core/validation'
import { type FormEvent, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'
import { Button } from '~/components/button'
import { labelledOptions, SelectField, TextField } from '~/components/form-field'
import { AdminRequestError, AdminSessionExpiredError } from '~/features/admin/session/admin-client'
import { adminUsers } from '~/features/admin/shared/admin-content'
import { createStaffUser, staffMessages } from '~/features/admin/users/api/admin-staff'
import { useFieldErrors } from '~/lib/field-errors'
import { notify } from '~/lib/toast'

/** The one-time password of the user just added: shown here once, never again. */
function OneTimePassword({
  added,
  onDone,
}: {
  readonly added: NewStaffUserReply
  readonly onDone: () => void
}) {
  return (
    <div role="status" className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4">
      <p className="text-sm text-ink">{adminUsers.added(added.username, staffRoleLabels[added.role])}</p>
      <p className="text-sm text-ink">
        {adminUsers.oneTimePassword}{' '}
        <code className="rounded bg-white px-2 py-1 font-mono text-base break-all text-ink" data-password>
          {added.password}
        </code>
      </p>
      <p className="text-sm text-muted">{adminUsers.shownOnce}</p>
      <div>
        <Button variant="outline" size="sm" onClick={onDone}>
          {adminUsers.addAnother}
        </Button>
      </div>
    </div>
  )
}

/**
 * Adds a staff member (POST /api/admin/users, owners): username, role and e-mail; the server generates the
 * password and answers it once, shown here until the owner moves on. The core's rules are checked first in
 * the browser; the server's messages show beside their fields and nothing typed is lost on a refusal.
 */
export function AddUserForm() {
  const form = useRef<HTMLFormElement>(null)
  const revalidator = useRevalidator()
  const [errors, setErrors] = useFieldErrors(form)
  const [message, setMessage] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [added, setAdded] = useState<NewStaffUserReply | null>(null)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending) return
    const data = new FormData(event.currentTarget)
    const input = {
      username: String(data.get('username') ?? ''),
      role: String(data.get('role') ?? '') as StaffRole,
      email: String(data.get('email') ?? ''),
    }
    setMessage(null)
    const checked = validate(newStaffUserSchema, input)
    if (!checked.ok) {
      setErrors(checked.fields)
      return
    }
    setSending(true)
    try {
      const reply = await createStaffUser(checked.value)
      setErrors({})
      setAdded(reply)
      form.current?.reset()
      notify.success(adminUsers.added(reply.username, staffRoleLabels[reply.role]))
      void revalidator.revalidate()
    } catch (error) {
      if (error instanceof AdminSessionExpiredError) return
      const refusal =
        error instanceof AdminRequestError ? error : new AdminRequestError(staffMessages.createFailed, 0)
      // A username taken is said beside the username.
      setErrors(refusal.status === 409 ? { username: refusal.message } : refusal.fields)
      setMessage(Object.keys(refusal.fields).length === 0 && refusal.status !== 409 ? refusal.message : null)
      notify.error(staffMessages.createFailed, refusal.message)
    } finally {
      setSending(false)
    }
  }

  if (added) return <OneTimePassword added={added} onDone={() => setAdded(null)} />
  return (
    <form ref={form} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={adminUsers.columns.username}
          name="username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={errors.username}
        />
        <SelectField
          label={adminUsers.columns.role}
          name="role"
          defaultValue="sales"
          options={labelledOptions(staffRoles, staffRoleLabels)}
          error={errors.role}
        />
        <TextField
          label={adminUsers.email}
          name="email"
          type="email"
          autoComplete="off"
          required
          hint={adminUsers.emailHint}
          error={errors.email}
        />
      </div>
      {message ? (
        <p role="alert" className="text-sm text-danger">
          {message}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={sending} aria-busy={sending || undefined}>
          {adminUsers.add}
        </Button>
      </div>
    </form>
  )
}
