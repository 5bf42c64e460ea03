import { pushSubscriptionSchema } from '@core/push-subscription-schema'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { savePushSubscription } from '../lib/db/push-subscriptions'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'

/**
 * POST /api/admin/push-subscriptions `{ endpoint, keys: { p256dh, auth } }` (any signed-in staff member, for
 * themselves): stores this device's Web Push subscription → 201 `{ devices }`. The endpoint must be an https
 * URL of a push service; a device beyond the few kept per person replaces the oldest
 * (functions/lib/db/push-subscriptions.ts).
 */
export const handler = adminHandler('admin-add-push-subscription', async (request) => {
  const result = validate(pushSubscriptionSchema, request.body)
  if (!result.ok) throw new BadRequestError('This is not a push subscription.', result.fields)
  const devices = await savePushSubscription(request.admin.username, result.value)
  return json(201, { devices })
})
