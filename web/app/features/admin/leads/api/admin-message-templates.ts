import type { MessageTemplate, MessageTemplatesReply } from '@core/lead-attempts'
import { adminCall, adminJson } from '~/features/admin/session/admin-client'
import { apiMethod, apiPath } from '~/lib/api/client'

const readFailed = 'The WhatsApp messages could not be read.'

/** GET /api/admin/message-templates (staff who may work leads): the owners' WhatsApp messages. */
export async function fetchMessageTemplates(): Promise<readonly MessageTemplate[]> {
  const route = 'admin-message-templates'
  const response = await adminCall(apiPath(route), apiMethod(route), { failure: readFailed })
  return (await adminJson<MessageTemplatesReply>(response, readFailed)).templates
}
