import { pushUnsubscribeSchema } from '@core/push-subscription-schema'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { deletePushSubscription } from '../lib/db/push-subscriptions'
import { BadRequestError } from '../lib/errors'

/**
 * DELETE /api/admin/push-subscriptions `{ endpoint }` (any signed-in staff member): this device opts out →
 * 204. Only the caller's own subscription of that endpoint is deleted; none is no error (opting out twice).
 */
export const handler = adminHandler('admin-delete-push-subscription', async (request) => {
  const result = validate(pushUnsubscribeSchema, request.body)
  if (!result.ok) throw new BadRequestError('Say which push endpoint to remove.', result.fields)
  await deletePushSubscription(request.admin.username, result.value.endpoint)
  return { statusCode: 204, headers: { 'cache-control': 'no-store' } }
})
