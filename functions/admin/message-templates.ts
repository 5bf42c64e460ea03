import type { MessageTemplatesReply } from '@core/lead-attempts'
import { adminHandler } from '../lib/admin-http'
import { readMessageTemplates } from '../lib/db/sales-settings'
import { json } from '../lib/http'

/**
 * GET /api/admin/message-templates (staff who may work leads): the WhatsApp message templates owners saved
 * in the settings (none: the workspace uses the built-in message), for the lead page's and the inbox rows'
 * WhatsApp buttons.
 */
export const handler = adminHandler('admin-message-templates', async () => {
  const reply: MessageTemplatesReply = { templates: await readMessageTemplates() }
  return json(200, reply)
})
