import type { StaffUser } from '@core/api-types'
import { type QuoteCategory, quoteCategories } from '@core/quote'
import type { EditableSalesSettings } from '@core/sales-settings'
import { AdminSessionExpiredError, readOrFailed } from '~/features/admin/session/admin-client'
import { adminUsers } from '~/features/admin/shared/admin-content'
import { fetchStaffUsers } from '~/features/admin/shared/api/admin-leads'
import { unlockFailedMessage, unlockStaffUser } from '~/features/admin/shared/api/admin-mfa'
import { fetchSalesSettings } from '~/features/admin/shared/api/admin-settings'

/** The staff list as the Users route's loader read it. */
export type StaffLoad =
  | {
      readonly status: 'ready'
      readonly users: readonly StaffUser[]
      /** The sales settings (each person's territories and specialities); none when they could not be read. */
      readonly settings?: EditableSalesSettings
    }
  | { readonly status: 'failed' }

/**
 * The staff list for the route's clientLoader, with the sales settings read beside it (their only home: the
 * page shows each person's territories from them); a failure of the list other than a 401 is shown with a
 * retry, a failure of the settings only leaves those columns out.
 */
export async function loadStaff(signal: AbortSignal): Promise<StaffLoad> {
  const users = fetchStaffUsers({ signal })
  const settings = fetchSalesSettings({ signal }).then(
    (reply) => (reply && typeof reply === 'object' && 'settings' in reply ? reply.settings : undefined),
    (error: unknown) => {
      if (error instanceof AdminSessionExpiredError) throw error
      return undefined
    },
  )
  return readOrFailed<StaffLoad>(
    async () => {
      const [list, read] = await Promise.all([users, settings])
      return read ? { status: 'ready', users: list, settings: read } : { status: 'ready', users: list }
    },
    signal,
    { status: 'failed' },
  )
}

/** A person's territories (PIN prefixes) and the categories they take as a specialist, from the settings. */
export function leadRulesOf(
  settings: Pick<EditableSalesSettings, 'territories' | 'specialists'>,
  username: string,
): { readonly territories: readonly string[]; readonly specialities: readonly QuoteCategory[] } {
  return {
    territories: settings.territories
      .filter((territory) => territory.username === username)
      .map((territory) => territory.prefix),
    specialities: quoteCategories.filter((category) => settings.specialists[category]?.includes(username)),
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
