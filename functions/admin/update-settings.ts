import { salesSettingsSchema, settingsAssigneeProblems } from '@core/sales-settings-schema'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { listAdminUsers } from '../lib/db/admin-users'
import { readAssignmentContext, saveSalesSettings, settingsReply } from '../lib/db/sales-settings'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'

/**
 * PUT /api/admin/settings (owners): saves the sales settings made on `version` → 200 with them as stored;
 * 400 per part for a rule that does not hold (a territory that is not digits or overlaps another, hours that
 * end before they start, a person who may not work leads), 409 when someone saved since. Recorded in the
 * audit trail.
 */
export const handler = adminHandler('admin-update-settings', async (request) => {
  const result = validate(salesSettingsSchema, request.body)
  if (!result.ok) throw new BadRequestError('Please correct the highlighted settings.', result.fields)
  const problems = settingsAssigneeProblems(result.value, await listAdminUsers())
  if (problems.length > 0) {
    throw new BadRequestError('Please correct the highlighted settings.', { people: problems.join(' ') })
  }
  await saveSalesSettings(result.value, request.admin.username)
  await auditAdminAction(request, 'settings-change', 'sales settings', `version ${result.value.version + 1}`)
  return json(200, settingsReply(await readAssignmentContext()))
})
