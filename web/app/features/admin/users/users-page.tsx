import type { StaffUser } from '@core/api-types'
import { quoteCategoryLabels } from '@core/quote'
import { type StaffRole, staffRoleDescriptions, staffRoleLabels, staffRoles } from '@core/roles'
import type { EditableSalesSettings } from '@core/sales-settings'
import { useState } from 'react'
import { Link, useRevalidator } from 'react-router'
import { Button } from '~/components/button'
import { adminUsers } from '~/features/admin/shared/admin-content'
import { AdminSection } from '~/features/admin/shared/admin-section'
import { ColumnHeads } from '~/features/admin/shared/column-heads'
import { settingsPath } from '~/features/admin/shared/workspace-content'
import { displayDate } from '~/lib/format-date'
import { mayOpenUsersPage } from '../shared/users-access'
import { AddUserForm } from './add-user-form'
import { ChangeUserForm } from './change-user-form'
import { leadRulesOf, runUnlock, type StaffLoad, type UnlockResult } from './users-load'

export interface UsersPageProps {
  readonly role: StaffRole
  /** The staff list as the route's loader read it (none for a role that may not open the page). */
  readonly load?: StaffLoad | undefined
  /** The signed-in owner's username: not offered for a change of role or a deletion. */
  readonly me?: string | undefined
}

const columns = ['username', 'role', 'mfa', 'createdAt'] as const
/** From the sales settings, their only home (edited on the Settings page). */
const leadColumns = ['territories', 'specialities'] as const

/** A person's territories and specialities, as the sales settings give them ('—' for none). */
function LeadRuleCells({
  settings,
  username,
}: {
  readonly settings: EditableSalesSettings
  readonly username: string
}) {
  const { territories, specialities } = leadRulesOf(settings, username)
  return (
    <>
      <td className="py-2 pr-4 text-ink">{territories.length > 0 ? territories.join(', ') : '—'}</td>
      <td className="py-2 pr-4 text-ink">
        {specialities.length > 0
          ? specialities.map((category) => quoteCategoryLabels[category]).join(', ')
          : '—'}
      </td>
    </>
  )
}

/**
 * The staff table. Each row has Unlock: after too many wrong passwords or MFA codes (10 an hour locks the
 * account's MFA step), an owner clears them here, as `npm run admin -- unlock` does; the outcome is announced.
 */
function UsersTable({
  users,
  settings,
}: {
  readonly users: readonly StaffUser[]
  readonly settings?: EditableSalesSettings | undefined
}) {
  const [outcome, setOutcome] = useState<UnlockResult>(null)
  const [pending, setPending] = useState<string | null>(null)
  // The list is not read again after an unlock: nothing it shows changes.
  async function unlock(username: string) {
    if (pending) return
    setPending(username)
    const result = await runUnlock({ username })
    setPending(null)
    if (result) setOutcome(result)
  }
  return (
    <>
      <table className="w-full text-left text-sm">
        <thead className="text-xs uppercase tracking-wide text-muted">
          <tr>
            <ColumnHeads columns={columns} labels={adminUsers.columns} />
            {settings ? <ColumnHeads columns={leadColumns} labels={adminUsers.columns} /> : null}
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">{adminUsers.unlockLabel}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((user) => (
            <tr key={user.username}>
              <th scope="row" className="py-2 pr-4 font-medium text-ink wrap-anywhere">
                {user.username}
                {user.disabled ? (
                  <span className="ml-2 text-sm font-normal text-muted">({adminUsers.disabledMark})</span>
                ) : null}
              </th>
              <td className="py-2 pr-4 text-ink">
                {user.role ? staffRoleLabels[user.role] : 'None (no access)'}
              </td>
              <td className="py-2 pr-4 text-ink">{user.mfa ? adminUsers.mfaOn : adminUsers.mfaOff}</td>
              <td className="py-2 pr-4 text-muted">{displayDate(user.createdAt)}</td>
              {settings ? <LeadRuleCells settings={settings} username={user.username} /> : null}
              <td className="py-2 text-right">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={adminUsers.unlock(user.username)}
                  disabled={pending !== null}
                  aria-busy={pending === user.username || undefined}
                  onClick={() => void unlock(user.username)}
                >
                  {adminUsers.unlockLabel}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p
        aria-live="polite"
        className={outcome?.failed ? 'mt-3 text-sm text-red-700' : 'mt-3 text-sm text-ink'}
      >
        {outcome?.text}
      </p>
    </>
  )
}

/** The list for an owner: says so when it could not load, with a retry. */
function StaffList({ load }: { readonly load: StaffLoad }) {
  const revalidator = useRevalidator()
  if (revalidator.state !== 'idle' && load.status === 'failed') {
    return (
      <p className="text-sm text-muted" aria-live="polite">
        {adminUsers.loading}
      </p>
    )
  }
  if (load.status === 'failed') {
    return (
      <div className="flex flex-wrap items-center gap-3" role="alert">
        <p className="text-sm text-red-700">{adminUsers.failed}</p>
        <Button variant="outline" size="sm" onClick={() => void revalidator.revalidate()}>
          {adminUsers.retry}
        </Button>
      </div>
    )
  }
  const list = load.users
  return list.length === 0 ? (
    <p className="text-sm text-muted">{adminUsers.empty}</p>
  ) : (
    <>
      {/* Scrolls sideways at a phone's width; relative, so the header's screen-reader text stays inside. */}
      <div className="relative overflow-x-auto">
        <UsersTable users={list} settings={load.settings} />
      </div>
      {load.settings ? (
        <p className="mt-2 text-sm text-muted">
          {adminUsers.leadRulesIntro}{' '}
          <Link to={settingsPath} className="font-medium text-brand-800 underline">
            {adminUsers.leadRulesLink}
          </Link>
        </p>
      ) : null}
    </>
  )
}

/**
 * The Users page of the staff workspace: who may sign in, with which role, whether MFA is on and since when
 * (GET /api/admin/users), each person's territories and specialities (the sales settings), Add a user (POST
 * /api/admin/users, its password shown once), and the admin commands kept for the first owner and
 * emergencies. Owners only; any other role is told so and nothing is requested.
 */
export function UsersPage({ role, load, me }: UsersPageProps) {
  return (
    <div className="flex flex-col gap-6">
      {mayOpenUsersPage(role) ? (
        <>
          <AdminSection title={adminUsers.staff}>{load ? <StaffList load={load} /> : null}</AdminSection>
          <AdminSection title={adminUsers.addTitle}>
            <AddUserForm />
          </AdminSection>
          {load?.status === 'ready' && me ? (
            <AdminSection title={adminUsers.changeTitle}>
              <ChangeUserForm users={load.users} me={me} />
            </AdminSection>
          ) : null}
          <AdminSection title={adminUsers.roles}>
            <dl className="grid gap-2 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-4">
              {staffRoles.map((staffRole) => (
                <div key={staffRole} className="contents">
                  <dt className="font-medium text-ink">{staffRoleLabels[staffRole]}</dt>
                  <dd className="text-muted">{staffRoleDescriptions[staffRole]}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-4 text-sm text-ink">{adminUsers.cliIntro}</p>
            <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-100 p-3 text-sm text-ink">
              <code>{adminUsers.createUser}</code>
              {'\n'}
              <code>{adminUsers.setRole}</code>
            </pre>
          </AdminSection>
        </>
      ) : (
        <p role="alert" className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-ink">
          {adminUsers.ownersOnly}
        </p>
      )}
    </div>
  )
}
