import type { SalesSettingsReply } from '@core/sales-settings'
import type { SalesSettingsInput } from '@core/sales-settings-schema'
import { adminRouteJson } from '~/features/admin/session/admin-client'

export const settingsMessages = {
  loadFailed: 'The settings could not be loaded.',
  saveFailed: 'The settings were not saved.',
} as const

/** GET /api/admin/settings (owners): the sales rules, the people who may be given leads, the version. */
export async function fetchSalesSettings({
  signal,
}: {
  readonly signal?: AbortSignal | undefined
} = {}): Promise<SalesSettingsReply> {
  return adminRouteJson('admin-get-settings', { signal, failure: settingsMessages.loadFailed })
}

/**
 * PUT /api/admin/settings with the version the page read: the settings as stored. A refused rule rejects
 * with AdminRequestError status 400 and its `fields` (by part: territories, specialists, away, calendar,
 * people); someone else's save since with status 409.
 */
export async function saveSalesSettings(input: SalesSettingsInput): Promise<SalesSettingsReply> {
  return adminRouteJson('admin-update-settings', { body: input, failure: settingsMessages.saveFailed })
}
