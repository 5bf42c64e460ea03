import { businessToday } from '@core/business-days'
import { isAwayOn, type OwnAwayReply } from '@core/sales-settings'
import { adminHandler } from '../lib/admin-http'
import { readAbsence } from '../lib/db/sales-settings'
import { json } from '../lib/http'

/**
 * GET /api/admin/away (staff who may work leads): whether the signed-in staff member is away today (marked
 * by themselves, or leave an owner set), with the absence as stored; the workspace's frame shows it.
 */
export const handler = adminHandler('admin-get-away', async (request) => {
  const absence = await readAbsence(request.admin.username)
  return json(200, ownAwayReply(request.admin.username, absence))
})

/** The reply of GET and PUT /api/admin/away for `absence` (undefined: not away). */
function ownAwayReply(username: string, absence: OwnAwayReply['absence']): OwnAwayReply {
  if (!absence) return { away: false }
  return { away: isAwayOn({ away: { [username]: absence } }, username, businessToday()), absence }
}
