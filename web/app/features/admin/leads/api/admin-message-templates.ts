import type { MessageTemplate, MessageTemplatesReply } from '@core/lead-attempts'
import { adminRouteJson } from '~/features/admin/session/admin-client'

const readFailed = 'The WhatsApp messages could not be read.'

/** GET /api/admin/message-templates (staff who may work leads): the owners' WhatsApp messages. */
export async function fetchMessageTemplates(): Promise<readonly MessageTemplate[]> {
  const reply: MessageTemplatesReply = await adminRouteJson('admin-message-templates', {
    failure: readFailed,
  })
  return reply.templates
}
