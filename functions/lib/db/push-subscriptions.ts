import { createHash } from 'node:crypto'
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import { maxPushSubscriptionsPerUser } from '@core/push-subscription'
import type { PushSubscriptionInput } from '@core/push-subscription-schema'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { tables } from '../store-definitions'
import { queryPartition } from './partition-io'

/**
 * The staff's Web Push subscriptions: one item per device in the content table's PUSH partition, sk =
 * `<username>#<hash of the endpoint>`, so one Query (sort key prefix `<username>#`) finds a person's
 * devices and a device that subscribes again overwrites its own item. The content table, because a
 * subscription belongs to a staff account as its MFA secret does (deleted with it, read by username, a few
 * per person), and a partition of its own, because the function that sends pushes (the staff topic's push
 * relay, functions/alerts/push-relay.ts) must read the devices without being able to read the user records
 * (ADMIN).
 */
export const pushSubscriptionPartition = 'PUSH'

/** A stored subscription: what web-push needs to send to the device. */
export interface StoredPushSubscription {
  readonly endpoint: string
  readonly keys: { readonly p256dh: string; readonly auth: string }
  readonly createdAt: string
}

const { partitionKey, sortKey } = tables.content
/** Read on first use: a route that imports this module without using it needs no such table. */
const contentTable = (): string => tableName('content')
/** Usernames never hold `#` (usernamePattern), so a prefix names one person's devices only. */
const userPrefix = (username: string) => `${username}#`
const endpointId = (endpoint: string) =>
  createHash('sha256').update(endpoint).digest('base64url').slice(0, 32)
const subscriptionKey = (username: string, endpoint: string) => ({
  [partitionKey]: pushSubscriptionPartition,
  [sortKey]: `${userPrefix(username)}${endpointId(endpoint)}`,
})

/** The user's subscribed devices, oldest first. */
export async function listPushSubscriptions(username: string): Promise<StoredPushSubscription[]> {
  const found: StoredPushSubscription[] = []
  for await (const items of queryPartition('content', pushSubscriptionPartition, {
    sortKeyPrefix: userPrefix(username),
  })) {
    for (const item of items) {
      const keys = item.keys as { p256dh?: unknown; auth?: unknown } | undefined
      if (
        typeof item.endpoint !== 'string' ||
        typeof keys?.p256dh !== 'string' ||
        typeof keys.auth !== 'string'
      )
        continue
      found.push({
        endpoint: item.endpoint,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
        createdAt: String(item.createdAt ?? ''),
      })
    }
  }
  return found.sort((a, b) => a.createdAt.localeCompare(b.createdAt))
}

/**
 * Stores the device's subscription for `username` (the same endpoint again replaces its keys), then keeps
 * the newest `maxPushSubscriptionsPerUser`: a device beyond them replaces the oldest, most likely one no
 * longer used. Answers how many devices the user has.
 */
export async function savePushSubscription(
  username: string,
  subscription: PushSubscriptionInput,
  now = new Date(),
): Promise<number> {
  await dynamo().send(
    new PutCommand({
      TableName: contentTable(),
      Item: {
        ...subscriptionKey(username, subscription.endpoint),
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
        createdAt: now.toISOString(),
      },
    }),
  )
  const devices = await listPushSubscriptions(username)
  const surplus = devices.length - maxPushSubscriptionsPerUser
  for (const device of devices.slice(0, Math.max(0, surplus))) {
    await deletePushSubscription(username, device.endpoint)
  }
  return Math.min(devices.length, maxPushSubscriptionsPerUser)
}

/** Deletes the user's subscription of `endpoint` (nothing when there is none). */
export async function deletePushSubscription(username: string, endpoint: string): Promise<void> {
  await dynamo().send(
    new DeleteCommand({ TableName: contentTable(), Key: subscriptionKey(username, endpoint) }),
  )
}

/** Deletes every subscription of the user (the user is deleted): how many there were. */
export async function deleteAllPushSubscriptions(username: string): Promise<number> {
  const devices = await listPushSubscriptions(username)
  for (const device of devices) await deletePushSubscription(username, device.endpoint)
  return devices.length
}
