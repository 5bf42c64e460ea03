import type { StaffUser } from '@core/api-types'
import type { StaffRole } from '@core/roles'
import { useEffect, useRef, useState } from 'react'
import { fetchStaffUsers } from '~/features/admin/api/admin-leads'
import { AdminSessionExpiredError } from '~/features/admin/api/admin-request'
import { roleMayCall } from '~/lib/api/client'

/**
 * The colleagues a lead can be assigned to, when the role may read the staff list (admin-list-users); null
 * otherwise or when it could not be read: the assignee is then typed as a username.
 */
export function useStaffUsers(
  token: string | null,
  role: StaffRole,
  onSessionExpired: () => void,
): readonly StaffUser[] | null {
  const [users, setUsers] = useState<readonly StaffUser[] | null>(null)
  const allowed = roleMayCall(role, 'admin-list-users')
  const expired = useRef(onSessionExpired)
  useEffect(() => {
    expired.current = onSessionExpired
  })
  useEffect(() => {
    if (!allowed) return
    const controller = new AbortController()
    fetchStaffUsers({ token, signal: controller.signal }).then(
      (loaded) => {
        if (!controller.signal.aborted) setUsers(loaded)
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        if (error instanceof AdminSessionExpiredError) expired.current()
        else setUsers(null)
      },
    )
    return () => controller.abort()
  }, [allowed, token])
  return allowed ? users : null
}
