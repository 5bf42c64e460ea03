import { usernamePattern } from '@core/admin'
import type { StaffPush } from '@core/push-subscription'
import { leadLink } from '@core/staff-alerts'
import type { Context, SNSEvent, SNSMessageAttributes } from 'aws-lambda'
import { readRoster } from '../lib/db/sales-settings'
import { loggedError, logger, withRequestKeys } from '../lib/logging'
import { pushAttributes, recipientAttribute } from '../lib/notify'
import { type PushOutcome, pushToStaff } from '../lib/web-push'

/**
 * The one way a staff alert reaches a device: subscribed to the staff topic (its filter policy takes the
 * messages that carry a `leadId`), it sends each message's push (the `push` attribute: a title and a body
 * that name no person, staff-alerts.ts leadPush) to the devices of its recipient (`user:<name>`) or of
 * every owner (`owners`, from the sales settings' roster), with a tap opening the lead. The lead forms and
 * the response sweep only publish (notify.ts), so the web-push library stays out of their bundles and no
 * alert is pushed twice. A message it cannot use (no lead id, an unknown recipient) is logged and skipped;
 * one record's failure never stops the others, and it never throws, so SNS does not deliver a batch again.
 */

/** What one invocation did, for the tests and the log: counts only. */
export interface RelayReport {
  /** Records whose push went to at least one person's devices (or to none: nobody opted in). */
  readonly relayed: number
  /** Records logged and skipped: no lead id, an unknown recipient. */
  readonly skipped: number
  /** Records whose recipients could not be read (the roster); their devices got nothing. */
  readonly failed: number
  /** The devices' side, summed over the records (pushToStaff). */
  readonly devices: PushOutcome
}

/** The longest title and body relayed: a notification shows a line or two; longer is not an alert's. */
const maxTitleLength = 120
const maxBodyLength = 240
/** A lead's id as the functions make them (a UUID; a merged lead keeps its own). */
const leadIdPattern = /^[A-Za-z0-9-]{1,64}$/

const attributeValue = (attributes: SNSMessageAttributes | undefined, name: string): string | undefined => {
  const value = attributes?.[name]?.Value
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** The push's title and body from its attribute, each cut to its length; a generic title without one. */
function pushText(raw: string | undefined): { title: string; body: string } {
  let parsed: { title?: unknown; body?: unknown } = {}
  try {
    parsed = raw ? (JSON.parse(raw) as typeof parsed) : {}
  } catch {
    parsed = {}
  }
  const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '')
  return {
    title: text(parsed.title, maxTitleLength) || 'A lead needs you',
    body: text(parsed.body, maxBodyLength),
  }
}

/**
 * Whom a recipient attribute names: one username (`user:<name>`), the owners (`owners`), or undefined when it
 * is neither (an unknown recipient).
 */
export function recipientOf(value: string | undefined): { username: string } | 'owners' | undefined {
  if (value === 'owners') return 'owners'
  const username = value?.startsWith('user:') ? value.slice('user:'.length) : undefined
  return username && usernamePattern.test(username) ? { username } : undefined
}

export async function relayPushes(event: SNSEvent, requestId: string): Promise<RelayReport> {
  const counts = { relayed: 0, skipped: 0, failed: 0 }
  const devices = { sent: 0, removed: 0, failed: 0 }
  // The owners are read once per invocation, and only when a record is for them.
  let owners: Promise<string[]> | undefined
  const ownersNow = () => {
    owners ??= readRoster().then((roster) =>
      roster.filter((person) => person.role === 'owner').map((person) => person.username),
    )
    return owners
  }
  for (const record of event.Records ?? []) {
    const attributes = record.Sns?.MessageAttributes
    const messageId = record.Sns?.MessageId
    const leadId = attributeValue(attributes, pushAttributes.leadId)
    const recipient = recipientOf(attributeValue(attributes, recipientAttribute))
    if (!leadId || !leadIdPattern.test(leadId)) {
      counts.skipped += 1
      logger.warn('push relay: a message without a lead id, skipped', { requestId, messageId })
      continue
    }
    if (!recipient) {
      counts.skipped += 1
      logger.warn('push relay: a message for an unknown recipient, skipped', { requestId, messageId })
      continue
    }
    try {
      const usernames = recipient === 'owners' ? await ownersNow() : [recipient.username]
      const push: StaffPush = {
        ...pushText(attributeValue(attributes, pushAttributes.push)),
        url: leadLink(undefined, leadId),
      }
      for (const username of usernames) {
        const outcome = await pushToStaff(username, push, requestId)
        devices.sent += outcome.sent
        devices.removed += outcome.removed
        devices.failed += outcome.failed
      }
      counts.relayed += 1
    } catch (error) {
      // Only the roster's read can throw here (pushToStaff never does); the next record is tried as usual.
      owners = undefined
      counts.failed += 1
      logger.error('push relay: the owners were not read; their devices got nothing', {
        requestId,
        messageId,
        error: loggedError(error),
      })
    }
  }
  logger.info('push relay', { requestId, ...counts, ...devices })
  return { ...counts, devices }
}

/** The Lambda's entry: SNS delivers the staff topic's messages (one record each, in practice). */
export async function handler(event: SNSEvent, context?: Context): Promise<RelayReport> {
  const requestId = context?.awsRequestId ?? event.Records?.[0]?.Sns?.MessageId ?? 'push-relay'
  return withRequestKeys('push-relay', requestId, context, () => relayPushes(event, requestId))
}
