import { ownAwaySchema } from '@core/sales-settings-schema'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { setOwnAway } from '../lib/db/sales-settings'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'

/**
 * PUT /api/admin/away `{ away }` (staff who may work leads): the signed-in staff member marks themselves
 * away now (true; new leads skip them until they are back) or back (false) → 200 `{ away }`. Only their own
 * entry of the sales settings is written (functions/lib/db/sales-settings.ts setOwnAway); a change is
 * recorded in the audit trail, a repeat of the state they are in writes nothing.
 */
export const handler = adminHandler('admin-set-away', async (request) => {
  const result = validate(ownAwaySchema, request.body)
  if (!result.ok) throw new BadRequestError('Say whether you are away.', result.fields)
  const { away } = result.value
  const username = request.admin.username
  if (await setOwnAway(username, away)) {
    await auditAdminAction(request, 'settings-change', `away: ${username}`, away ? 'away now' : 'back')
  }
  return json(200, { away })
})
