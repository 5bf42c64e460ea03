import type { StaffUser } from '@core/api-types'
import type { StaffRole } from '@core/roles'
import { useEffect, useState } from 'react'
import { fetchStaffUsers } from '~/features/admin/shared/api/admin-leads'
import { roleMayCall } from '~/lib/api/client'

/**
 * The colleagues a lead can be assigned to, when they are `wanted` and the role may read the staff list
 * (admin-list-users); null otherwise or when it could not be read: the assignee is then typed as a username.
 */
export function useStaffUsers(role: StaffRole, wanted = true): readonly StaffUser[] | null {
  const [users, setUsers] = useState<readonly StaffUser[] | null>(null)
  const allowed = wanted && roleMayCall(role, 'admin-list-users')
  useEffect(() => {
    if (!allowed) return
    const controller = new AbortController()
    fetchStaffUsers({ signal: controller.signal }).then(
      (loaded) => {
        if (!controller.signal.aborted) setUsers(loaded)
      },
      () => {
        if (!controller.signal.aborted) setUsers(null)
      },
    )
    return () => controller.abort()
  }, [allowed])
  return allowed ? users : null
}
