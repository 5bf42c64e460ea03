import { adminPageSize } from '@core/admin'
import type { ContactMessage } from '@core/contact'
import { adminHandler } from '../lib/admin-http'
import { listLeads } from '../lib/db/leads'
import { json } from '../lib/http'

/** GET /api/admin/contacts?cursor=…: the most recent contacts first, `{ items, nextCursor }`. */
export const handler = adminHandler('admin-list-contacts', async ({ query }) => {
  const page = await listLeads<ContactMessage>('CONTACT', { limit: adminPageSize, cursor: query.cursor })
  return json(200, page)
})
