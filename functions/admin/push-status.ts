import type { PushStatusReply } from '@core/push-subscription'
import { adminHandler } from '../lib/admin-http'
import { listPushSubscriptions } from '../lib/db/push-subscriptions'
import { json } from '../lib/http'
import { vapidKeys } from '../lib/secrets'

/**
 * GET /api/admin/push-subscriptions (any signed-in staff member): the VAPID public key a device subscribes
 * with, and how many devices the caller has opted in; the workspace's "Notify me on this device" reads it.
 */
export const handler = adminHandler('admin-push-status', async (request) => {
  const [keys, devices] = await Promise.all([vapidKeys(), listPushSubscriptions(request.admin.username)])
  const reply: PushStatusReply = { publicKey: keys.publicKey, devices: devices.length }
  return json(200, reply)
})
