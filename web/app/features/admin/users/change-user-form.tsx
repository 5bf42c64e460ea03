import type { StaffUser } from '@core/api-types'
import { type StaffRole, staffRoleLabels, staffRoles } from '@core/roles'
import { staffUserChangeSchema } from '@core/staff-user-schema'
import { validate } from '@core/validation'
import { type FormEvent, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'
import { Button } from '~/components/button'
import { labelledOptions, SelectField, TextField } from '~/components/form-field'
import { AdminRequestError, AdminSessionExpiredError } from '~/features/admin/session/admin-client'
import { adminUsers } from '~/features/admin/shared/admin-content'
import { ConfirmDialog } from '~/features/admin/shared/confirm-dialog'
import { changeStaffUser, deleteStaffUser, staffMessages } from '~/features/admin/users/api/admin-staff'
import { useFieldErrors } from '~/lib/field-errors'
import { notify } from '~/lib/toast'

/**
 * Changes a colleague's role or e-mail (PATCH /api/admin/users/{username}), disables or enables them (the
 * same PATCH), or deletes them (DELETE, after a confirmation); the signed-in owner is not offered (their own role and account stay). The list is read
 * again after each change.
 */
export function ChangeUserForm({ users, me }: { readonly users: readonly StaffUser[]; readonly me: string }) {
  const form = useRef<HTMLFormElement>(null)
  const revalidator = useRevalidator()
  const others = users.filter((user) => user.username !== me)
  const [username, setUsername] = useState(others[0]?.username ?? '')
  const [errors, setErrors] = useFieldErrors(form)
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const current = others.find((user) => user.username === username)

  async function run(action: () => Promise<void>, done: string, failure: string): Promise<boolean> {
    setBusy(true)
    try {
      await action()
      setErrors({})
      notify.success(done)
      void revalidator.revalidate()
      return true
    } catch (error) {
      if (error instanceof AdminSessionExpiredError) return false
      const refusal = error instanceof AdminRequestError ? error : new AdminRequestError(failure, 0)
      setErrors(refusal.fields)
      notify.error(failure, refusal.message)
      return false
    } finally {
      setBusy(false)
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy || !current) return
    const data = new FormData(event.currentTarget)
    const email = String(data.get('email') ?? '').trim()
    const change = { role: String(data.get('role') ?? '') as StaffRole, ...(email === '' ? {} : { email }) }
    const checked = validate(staffUserChangeSchema, change)
    if (!checked.ok) {
      setErrors(checked.fields)
      return
    }
    const saved = await run(
      () => changeStaffUser(current.username, checked.value),
      adminUsers.changed(current.username),
      staffMessages.changeFailed,
    )
    if (saved) form.current?.reset()
  }

  if (!current) return <p className="text-sm text-muted">{adminUsers.noOthers}</p>
  return (
    <form ref={form} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label={adminUsers.columns.username}
          name="username"
          value={username}
          options={others.map((user) => ({ value: user.username, label: user.username }))}
          onChange={(event) => setUsername(event.target.value)}
        />
        <SelectField
          key={`role-${username}`}
          label={adminUsers.columns.role}
          name="role"
          defaultValue={current.role ?? 'viewer'}
          options={labelledOptions(staffRoles, staffRoleLabels)}
          error={errors.role}
        />
        <TextField
          key={`email-${username}`}
          label={adminUsers.newEmail}
          name="email"
          type="email"
          autoComplete="off"
          hint={adminUsers.newEmailHint}
          error={errors.email}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {adminUsers.saveChange}
        </Button>
        <Button
          variant="outline"
          disabled={busy}
          onClick={() => {
            const disabled = !current.disabled
            void run(
              () => changeStaffUser(current.username, { disabled }),
              disabled ? adminUsers.disabled(current.username) : adminUsers.enabled(current.username),
              staffMessages.changeFailed,
            )
          }}
        >
          {current.disabled
            ? adminUsers.enableUser(current.username)
            : adminUsers.disableUser(current.username)}
        </Button>
        <Button variant="outline" disabled={busy} onClick={() => setConfirming(true)}>
          {adminUsers.deleteUser(current.username)}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={adminUsers.deleteTitle(current.username)}
        text={adminUsers.deleteText}
        confirmLabel={adminUsers.deleteConfirm}
        busy={busy}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          void run(
            () => deleteStaffUser(current.username),
            adminUsers.deleted(current.username),
            staffMessages.deleteFailed,
          ).then(() => {
            setConfirming(false)
            setUsername(others.find((user) => user.username !== current.username)?.username ?? '')
          })
        }
      />
    </form>
  )
}
