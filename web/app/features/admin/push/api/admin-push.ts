import type { PushStatusReply } from '@core/push-subscription'
import { adminCall, adminJson } from '~/features/admin/session/admin-client'
import { apiMethod, apiPath } from '~/lib/api/client'

export const pushMessages = {
  readFailed: 'Notifications could not be set up.',
  saveFailed: 'This device was not signed up for notifications.',
  removeFailed: 'This device was not taken off notifications.',
} as const

/** GET /api/admin/push-subscriptions: the key to subscribe with, and how many devices the caller has. */
export async function fetchPushStatus(): Promise<PushStatusReply> {
  const route = 'admin-push-status'
  const response = await adminCall(apiPath(route), apiMethod(route), { failure: pushMessages.readFailed })
  return adminJson<PushStatusReply>(response, pushMessages.readFailed)
}

/** POST /api/admin/push-subscriptions: this device's subscription (PushSubscription.toJSON()). */
export async function savePushSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  const route = 'admin-add-push-subscription'
  await adminCall(apiPath(route), apiMethod(route), {
    body: { endpoint: subscription.endpoint, keys: subscription.keys },
    failure: pushMessages.saveFailed,
  })
}

/** DELETE /api/admin/push-subscriptions: this device opts out. */
export async function removePushSubscription(endpoint: string): Promise<void> {
  const route = 'admin-delete-push-subscription'
  await adminCall(apiPath(route), apiMethod(route), {
    body: { endpoint },
    failure: pushMessages.removeFailed,
  })
}
