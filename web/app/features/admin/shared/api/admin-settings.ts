import type { SalesSettingsReply } from '@core/sales-settings'
import type { SalesSettingsInput } from '@core/sales-settings-schema'
import { adminCall, adminJson } from '~/features/admin/session/admin-client'
import { apiMethod, apiPath } from '~/lib/api/client'

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
  const route = 'admin-get-settings'
  const response = await adminCall(apiPath(route), apiMethod(route), {
    signal,
    failure: settingsMessages.loadFailed,
  })
  return adminJson<SalesSettingsReply>(response, settingsMessages.loadFailed)
}

/**
 * PUT /api/admin/settings with the version the page read: the settings as stored. A refused rule rejects
 * with AdminRequestError status 400 and its `fields` (by part: territories, specialists, away, calendar,
 * people); someone else's save since with status 409.
 */
export async function saveSalesSettings(input: SalesSettingsInput): Promise<SalesSettingsReply> {
  const route = 'admin-update-settings'
  const response = await adminCall(apiPath(route), apiMethod(route), {
    body: input,
    failure: settingsMessages.saveFailed,
  })
  return adminJson<SalesSettingsReply>(response, settingsMessages.saveFailed)
}
