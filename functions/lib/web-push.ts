import { companyFacts } from '@core/company'
import type { StaffPush } from '@core/push-subscription'
import webPush from 'web-push'
import {
  deletePushSubscription,
  listPushSubscriptions,
  type StoredPushSubscription,
} from './db/push-subscriptions'
import { logger } from './logging'
import { vapidKeys } from './secrets'

/**
 * Web Push to the staff's phones and desktops that opted in (functions/lib/db/push-subscriptions.ts). web-push
 * encrypts each message for its device (RFC 8291, aes128gcm) and signs the VAPID header (RFC 8292) with the
 * stack's key pair (functions/lib/secrets.ts `vapidKeys`); the request itself is sent here with fetch, with a
 * time limit, so a slow push service cannot hold the others' alerts. Only the staff topic's push relay
 * (functions/alerts/push-relay.ts) calls it: everything else publishes to the topic (notify.ts).
 */

/**
 * How long a push service keeps a message for a device that is offline: an alert about a lead is worth
 * little after a day (the e-mail and the inbox still have it).
 */
export const pushTimeToLiveSeconds = 24 * 60 * 60

/** How long one push service may take to answer before the message to that device is given up. */
export const pushTimeoutMilliseconds = 5000

/** The statuses by which a push service says a subscription is gone for good: it is deleted. */
const goneStatuses = new Set([404, 410])

/** What a push to one person came to, for the caller's tests and logs: counts only. */
export interface PushOutcome {
  readonly sent: number
  readonly removed: number
  readonly failed: number
}

/** The push service's host: what a log may say of an endpoint (the rest identifies the device). */
function serviceOf(endpoint: string): string {
  try {
    return new URL(endpoint).host
  } catch {
    return 'unknown'
  }
}

/** One encrypted, signed POST to the device's push service: its HTTP status. */
async function sendOne(
  device: StoredPushSubscription,
  payload: string,
  keys: { publicKey: string; privateKey: string },
): Promise<number> {
  const request = webPush.generateRequestDetails({ endpoint: device.endpoint, keys: device.keys }, payload, {
    TTL: pushTimeToLiveSeconds,
    urgency: 'high',
    vapidDetails: { subject: `mailto:${companyFacts.email}`, ...keys },
  })
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(request.headers)) headers[name] = String(value)
  const response = await fetch(request.endpoint, {
    method: 'POST',
    headers,
    body: request.body ? new Uint8Array(request.body) : undefined,
    redirect: 'manual',
    signal: AbortSignal.timeout(pushTimeoutMilliseconds),
  })
  await response.body?.cancel()
  return response.status
}

/**
 * Sends `message` to every device `username` opted in with. A device whose push service answers 404 or 410
 * (unsubscribed, expired) is deleted; any other failure is logged (the service's host and the status, never
 * the endpoint or the message) and the other devices still get theirs. Never throws: the caller's work (a
 * stored lead, a sweep) goes on whatever a push service does.
 */
export async function pushToStaff(
  username: string,
  message: StaffPush,
  requestId?: string,
): Promise<PushOutcome> {
  const outcome = { sent: 0, removed: 0, failed: 0 }
  let devices: StoredPushSubscription[]
  let keys: { publicKey: string; privateKey: string }
  try {
    devices = await listPushSubscriptions(username)
    if (devices.length === 0) return outcome
    keys = await vapidKeys()
  } catch (error) {
    logger.error('web push not sent: subscriptions or keys not read', { requestId, error: errorName(error) })
    return { ...outcome, failed: 1 }
  }
  const payload = JSON.stringify({ title: message.title, body: message.body, url: message.url })
  await Promise.all(
    devices.map(async (device) => {
      try {
        const status = await sendOne(device, payload, keys)
        if (status >= 200 && status < 300) {
          outcome.sent += 1
        } else if (goneStatuses.has(status)) {
          await deletePushSubscription(username, device.endpoint)
          outcome.removed += 1
          logger.info('web push subscription gone, deleted', {
            requestId,
            service: serviceOf(device.endpoint),
            status,
          })
        } else {
          outcome.failed += 1
          logger.warn('web push refused', { requestId, service: serviceOf(device.endpoint), status })
        }
      } catch (error) {
        outcome.failed += 1
        logger.warn('web push failed', {
          requestId,
          service: serviceOf(device.endpoint),
          error: errorName(error),
        })
      }
    }),
  )
  return outcome
}

const errorName = (error: unknown): string => (error instanceof Error ? error.name : typeof error)
