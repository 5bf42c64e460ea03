import type { SalesSettingsReply } from '@core/sales-settings'
import { salesSettingsSchema } from '@core/sales-settings-schema'
import { validate } from '@core/validation'
import { readOrFailed } from '~/features/admin/session/admin-client'
import { type ActionRefusal, actionRefusal } from '~/features/admin/shared/action-refusal'
import {
  fetchSalesSettings,
  saveSalesSettings,
  settingsMessages,
} from '~/features/admin/shared/api/admin-settings'
import { draftProblems, type SettingsDraft, settingsInput } from './settings-draft'

/** The settings as the route's loader read them. */
export type SettingsLoad =
  | { readonly status: 'ready'; readonly reply: SalesSettingsReply }
  | { readonly status: 'failed' }

/** The settings for the route's clientLoader; a failure other than a 401 is shown with a retry. */
export async function loadSettings(signal: AbortSignal): Promise<SettingsLoad> {
  return readOrFailed<SettingsLoad>(
    async () => ({ status: 'ready', reply: await fetchSalesSettings({ signal }) }),
    signal,
    { status: 'failed' },
  )
}

/** The outcome of a save: stored, or refused with the server's (or the browser's) message per part. */
export type SettingsSaveResult = { readonly ok: true; readonly reply: SalesSettingsReply } | ActionRefusal

export const invalidSettingsMessage = 'Please correct the highlighted settings.'

/**
 * Saves the draft over the settings of `version`. The core's rules are checked first in the browser (the
 * same schema as the server's, status 400 without a request); a refusal is answered, not thrown.
 */
export async function runSettingsSave(draft: SettingsDraft, version: number): Promise<SettingsSaveResult> {
  const input = settingsInput(draft, version)
  const checked = validate(salesSettingsSchema, input)
  const problems = { ...draftProblems(draft), ...(checked.ok ? {} : checked.fields) }
  if (Object.keys(problems).length > 0) {
    return { ok: false, status: 400, message: invalidSettingsMessage, fields: problems }
  }
  try {
    return { ok: true, reply: await saveSalesSettings(input) }
  } catch (error) {
    return actionRefusal(error, settingsMessages.saveFailed)
  }
}
