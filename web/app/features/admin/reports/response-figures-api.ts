import type { ResponseFiguresReply } from '@core/response-figures'
import { type AdminRequestOptions, adminCall } from '~/features/admin/session/admin-client'
import { apiMethod, apiPath } from '~/lib/api/client'

/** GET /api/admin/response-figures (the last 12 weeks): the dashboard's tile and the report's tables. */
export async function fetchResponseFigures({ signal }: AdminRequestOptions): Promise<ResponseFiguresReply> {
  const response = await adminCall(apiPath('admin-response-figures'), apiMethod('admin-response-figures'), {
    signal,
    failure: 'The response-time figures could not be loaded.',
  })
  return (await response.json()) as ResponseFiguresReply
}
