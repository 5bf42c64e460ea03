import type { PushStatusReply } from '@core/push-subscription'
import { adminRouteCall, adminRouteJson } from '~/features/admin/session/admin-client'

export const pushMessages = {
  readFailed: 'Notifications could not be set up.',
  saveFailed: 'This device was not signed up for notifications.',
  removeFailed: 'This device was not taken off notifications.',
} as const

/** GET /api/admin/push-subscriptions: the key to subscribe with, and how many devices the caller has. */
export async function fetchPushStatus(): Promise<PushStatusReply> {
  return adminRouteJson('admin-push-status', { failure: pushMessages.readFailed })
}

/** POST /api/admin/push-subscriptions: this device's subscription (PushSubscription.toJSON()). */
export async function savePushSubscription(subscription: PushSubscriptionJSON): Promise<void> {
  await adminRouteCall('admin-add-push-subscription', {
    body: { endpoint: subscription.endpoint, keys: subscription.keys },
    failure: pushMessages.saveFailed,
  })
}

/** DELETE /api/admin/push-subscriptions: this device opts out. */
export async function removePushSubscription(endpoint: string): Promise<void> {
  await adminRouteCall('admin-delete-push-subscription', {
    body: { endpoint },
    failure: pushMessages.removeFailed,
  })
}
