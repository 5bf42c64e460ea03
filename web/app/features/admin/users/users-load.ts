import type { StaffUser } from '@core/api-types'
import { fetchStaffUsers } from '~/features/admin/api/admin-leads'
import { unlockFailedMessage, unlockStaffUser } from '~/features/admin/api/admin-mfa'
import { adminUsers } from '~/features/admin/content/admin'
import { AdminSessionExpiredError } from '~/features/admin/session/admin-client'

/** The staff list as the Users route's loader read it. */
export type StaffLoad =
  | { readonly status: 'ready'; readonly users: readonly StaffUser[] }
  | { readonly status: 'failed' }

/** The staff list for the route's clientLoader; a failure other than a 401 is shown with a retry. */
export async function loadStaff(signal: AbortSignal): Promise<StaffLoad> {
  try {
    return { status: 'ready', users: await fetchStaffUsers({ signal }) }
  } catch (error) {
    if (error instanceof AdminSessionExpiredError || signal.aborted) throw error
    return { status: 'failed' }
  }
}

/** What an Unlock button sends. */
export interface UnlockIntent {
  readonly username: string
}

/** The sentence the page announces after an unlock, and whether it failed; none after a 401. */
export type UnlockResult = { readonly text: string; readonly failed: boolean } | null

/** Unlock: clears the user's failed sign-ins and MFA lock, and says how it went. */
export async function runUnlock({ username }: UnlockIntent): Promise<UnlockResult> {
  try {
    return { text: adminUsers.unlocked(username, await unlockStaffUser(username)), failed: false }
  } catch (failure) {
    if (failure instanceof AdminSessionExpiredError) return null
    return { text: failure instanceof Error ? failure.message : unlockFailedMessage, failed: true }
  }
}
