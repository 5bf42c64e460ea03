import { adminHandler } from '../lib/admin-http'
import { readAssignmentContext, settingsReply } from '../lib/db/sales-settings'
import { json } from '../lib/http'

/**
 * GET /api/admin/settings (owners): the sales settings — territories, specialists, who is away, business
 * hours and holidays — with the people who may be given leads and the version a save must name.
 */
export const handler = adminHandler('admin-get-settings', async () => {
  return json(200, settingsReply(await readAssignmentContext()))
})
