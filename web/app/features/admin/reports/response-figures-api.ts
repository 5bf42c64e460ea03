import type { ResponseFiguresReply } from '@core/response-figures'
import { type AdminRequestOptions, adminRouteCall } from '~/features/admin/session/admin-client'

/** GET /api/admin/response-figures (the last 12 weeks): the dashboard's tile and the report's tables. */
export async function fetchResponseFigures({ signal }: AdminRequestOptions): Promise<ResponseFiguresReply> {
  const response = await adminRouteCall('admin-response-figures', {
    signal,
    failure: 'The response-time figures could not be loaded.',
  })
  return (await response.json()) as ResponseFiguresReply
}
