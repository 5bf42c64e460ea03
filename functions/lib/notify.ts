import { appendFile } from 'node:fs/promises'
import { type FieldDeclarations, valueLabel } from '@core/field-declarations'
import { quoteCategories } from '@core/quote'
import { type LeadPush, leadPush, newLeadHeader } from '@core/staff-alerts'
import { awsRequest } from './aws-request'
import { functionEnv, leadsTopicArn, siteUrl } from './config'
import { countLeadNotification } from './db/notification-counts'
import { alarmedLogEvents } from './log-events'
import { errorSummary, logger } from './logging'

/** A message for the staff about a new lead. */
export interface StaffNotification {
  /** One line, at most 100 characters (SNS e-mail subject). */
  readonly subject: string
  /** Plain text. */
  readonly body: string
  /**
   * What the recipient's devices show of it (staff-alerts.ts leadPush: no name, phone or e-mail), when it is
   * about one lead: it travels as the message's `leadId` and `push` attributes, and the push relay
   * (functions/alerts/push-relay.ts, subscribed to the topic) sends it to the recipient's devices.
   */
  readonly push?: LeadPush
}

/**
 * Whom a staff message is for: one person (by username) or the owners. It travels as the message's
 * `recipient` attribute (`user:<username>` or `owners`), which each person's e-mail subscription to the staff
 * topic filters on (functions/lib/staff-subscriptions.ts): a message for Asha reaches Asha, not the team. The
 * topic's shared address (the stack's leadsEmail, no filter) still receives every message.
 */
export type StaffRecipient = { readonly username: string } | 'owners'

/** The message attribute that carries the recipient. */
export const recipientAttribute = 'recipient'

/**
 * The message attributes of a message about one lead: its id, and its push's title and body as JSON. The
 * relay's subscription takes only the messages that carry `leadId` (its filter policy).
 */
export const pushAttributes = { leadId: 'leadId', push: 'push' } as const

/** The recipient as the attribute's value and the subscriptions' filter policies spell it. */
export function recipientValue(recipient: StaffRecipient): string {
  return recipient === 'owners' ? 'owners' : `user:${recipient.username}`
}

/**
 * At most this many leads a minute are told to the staff one message each; the next one of that minute
 * sends one digest instead, and the rest of the minute send nothing, so a flood of leads cannot bury the
 * inbox. Every lead is stored and listed on the dashboard whatever is sent.
 */
export const maxLeadNotificationsPerMinute = 10

/** The one message that stands for the leads of a busy minute beyond the limit. */
export const digestNotification: StaffNotification = {
  subject: `More than ${maxLeadNotificationsPerMinute} new leads in a minute`,
  body: [
    `More than ${maxLeadNotificationsPerMinute} new leads arrived in the last minute.`,
    'The rest of that minute is not sent one by one: see the dashboard for every lead.',
  ].join('\n'),
}

/**
 * What to send for the `count`th lead of a minute: its own message up to the limit, the digest for the one
 * after, nothing for the rest. A count that is not a number (the counter could not be read) sends the
 * lead's own message: staff are never left without word of a lead because the counter failed.
 */
export function notificationFor(count: number): 'lead' | 'digest' | 'none' {
  if (!Number.isInteger(count) || count <= maxLeadNotificationsPerMinute) return 'lead'
  return count === maxLeadNotificationsPerMinute + 1 ? 'digest' : 'none'
}

/** Keeps an SNS subject valid: printable ASCII-ish, one line, at most 100 characters. */
export function notificationSubject(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  const oneLine = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()
  return oneLine.length > 100 ? `${oneLine.slice(0, 99)}…` : oneLine
}

/**
 * The lines of a lead's declared fields (lead-fields.ts), in declared order, each by its label and a choice by
 * its option's label; then `more` (what the server worked out, the time, the id). Values the server keeps as
 * objects (the report's inputs) and the consent box are left out; the staff open the lead for those.
 */
export function leadNotificationBody(
  fields: FieldDeclarations,
  lead: Readonly<Record<string, unknown>>,
  more: ReadonlyArray<readonly [string, unknown]>,
): string {
  const declared = Object.entries(fields)
    .filter(([name, field]) => !field.notNotified && (typeof lead[name] !== 'object' || lead[name] === null))
    .map(([name, field]): [string, unknown] => [field.label, valueLabel(field, lead[name]) ?? lead[name]])
  return notificationBody([...declared, ...more])
}

/** The lines `Label: value` of a lead's fields, skipping empty ones. */
export function notificationBody(fields: ReadonlyArray<readonly [string, unknown]>): string {
  return fields
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([label, value]) => `${label}: ${String(value)}`)
    .join('\n')
}

/**
 * SNS Publish as one signed request (aws-request.ts, the awsQuery protocol: a form POST, an XML reply): the
 * SNS client of the SDK would add about 30 KB to the lead and login bundles for this one call. Its error
 * codes are named as the SDK names them (`Throttled` → ThrottledException, `InternalError` →
 * InternalErrorException).
 */
export async function publish(
  topicArn: string,
  subject: string,
  message: string,
  recipient?: StaffRecipient,
  push?: LeadPush,
): Promise<void> {
  const attributes = messageAttributeParameters(messageAttributes(recipient, push))
  await snsAction('Publish', { TopicArn: topicArn, Subject: subject, Message: message, ...attributes })
}

/** String message attributes as Publish's form parameters: `MessageAttributes.entry.<n>.Name` and its value. */
export function messageAttributeParameters(
  attributes: ReadonlyArray<readonly [string, string]>,
): Record<string, string> {
  const parameters: Record<string, string> = {}
  for (const [index, [name, value]] of attributes.entries()) {
    const entry = `MessageAttributes.entry.${index + 1}`
    parameters[`${entry}.Name`] = name
    parameters[`${entry}.Value.DataType`] = 'String'
    parameters[`${entry}.Value.StringValue`] = value
  }
  return parameters
}

/** A message's attributes, by name: its recipient, and the lead and push of a message about one lead. */
export function messageAttributes(recipient?: StaffRecipient, push?: LeadPush): [string, string][] {
  return [
    ...(recipient ? [[recipientAttribute, recipientValue(recipient)] as [string, string]] : []),
    ...(push
      ? ([
          [pushAttributes.leadId, push.leadId],
          [pushAttributes.push, JSON.stringify({ title: push.title, body: push.body })],
        ] as [string, string][])
      : []),
  ]
}

/**
 * One SNS action as one signed request (the awsQuery protocol: a form POST, an XML reply), answering the
 * reply's XML: Publish here, the staff's subscriptions in staff-subscriptions.ts.
 */
export async function snsAction(action: string, parameters: Record<string, string>): Promise<string> {
  const reply = await awsRequest({
    service: 'sns',
    endpointEnv: 'SNS',
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ Action: action, Version: '2010-03-31', ...parameters }).toString(),
    errorName: (code) => (code.endsWith('Exception') ? code : `${code}Exception`),
  })
  return reply.body
}

/**
 * Tells the staff about a new lead through the SNS topic of LEADS_TOPIC_ARN, within the per-minute limit
 * (`maxLeadNotificationsPerMinute`, then one digest, then nothing until the next minute). Call it after the
 * lead is stored: it never throws; a failed count or publish is logged (without the lead's contents) and the
 * request still succeeds. Without a topic (the local stand-in) the message is logged instead.
 */
export async function notifyStaff(
  notification: StaffNotification,
  requestId: string,
  now = new Date(),
  recipient: StaffRecipient = 'owners',
): Promise<void> {
  let count = Number.NaN
  try {
    count = await countLeadNotification(now)
  } catch (error) {
    logger.error('per-minute notification count not recorded; the lead is notified as usual', {
      requestId,
      error: errorSummary(error),
    })
  }
  const kind = notificationFor(count)
  if (kind === 'none') return
  // The digest stands for leads of several people: it goes to the owners.
  const message = kind === 'digest' ? digestNotification : notification
  const to = kind === 'digest' ? 'owners' : recipient
  const topicArn = leadsTopicArn()
  const subject = notificationSubject(message.subject)
  if (!topicArn) {
    logger.info('staff notification (no topic configured)', { requestId, subject, body: message.body })
    await keepInOutbox(to, subject, message, requestId)
    return
  }
  try {
    await publish(topicArn, subject, message.body, to, message.push)
  } catch (error) {
    // The subject and body name the person: only the failure itself is logged.
    logger.error(`${alarmedLogEvents.staffNotificationFailed}; the lead is stored`, {
      requestId,
      notification: kind,
      error: errorSummary(error),
    })
  }
}

/** What the message about a new lead needs of the stored lead: its id, time, assignee and first event. */
interface NewLead {
  readonly id: string
  readonly createdAt: string
  readonly assignee?: string
  readonly history?: ReadonlyArray<{ readonly type: string; readonly text?: string }>
}

/**
 * Tells the staff about a new lead (notifyStaff, within the per-minute limit): the person it was assigned to,
 * or the owners when nobody was. The message opens with whom it is for and why, the link that opens it, its
 * arrival in India's time and its area (staff-alerts.ts newLeadHeader); the form's fields follow by their
 * labels (`values`: what the form sent), less what the declarations keep out of e-mails (the ways to reach
 * the person, what they wrote).
 */
export async function notifyNewLead(
  subject: string,
  fields: FieldDeclarations,
  values: Readonly<Record<string, unknown>>,
  lead: NewLead,
  more: ReadonlyArray<readonly [string, unknown]>,
  requestId: string,
): Promise<void> {
  const pincode = typeof values.pincode === 'string' ? values.pincode : undefined
  const category = quoteCategories.find((known) => known === values.category)
  const assigned = lead.history?.find((event) => event.type === 'assignee')
  const header = newLeadHeader(
    {
      id: lead.id,
      createdAt: lead.createdAt,
      assignee: lead.assignee,
      reason: assigned?.text,
      pincode,
    },
    siteUrl(),
  )
  await notifyStaff(
    {
      subject,
      body: [...header, leadNotificationBody(fields, values, [...more, ['Id', lead.id]])].join('\n'),
      // A quote always has its category; a contact message never.
      push: leadPush(lead.assignee ? 'new' : 'unassigned', {
        id: lead.id,
        kind: category ? 'quote' : 'contact',
        createdAt: lead.createdAt,
        category,
        capacityKw: typeof values.capacityKw === 'number' ? values.capacityKw : undefined,
        pincode,
      }),
    },
    requestId,
    new Date(),
    lead.assignee ? { username: lead.assignee } : 'owners',
  )
}

/**
 * Tells the owners about an event of the account's security (an account's MFA step locked) through the same
 * SNS topic as the leads (LEADS_TOPIC_ARN: its e-mail subscribers are the business's owners and staff), not
 * counted against the leads' per-minute limit. Never throws: a failed publish is logged, and the request
 * goes on. Without a topic (the local stand-in) the message is logged instead.
 */
export async function notifyOwners(notification: StaffNotification, requestId: string): Promise<void> {
  await publishToStaff('owners', notification, requestId)
}

/**
 * Tells one person (`username`: the lead's assignee, a visit's engineer), or the owners when there is nobody.
 * Through the staff topic with the person as its recipient, so only their e-mail subscription (and the shared
 * address) receives it; like notifyOwners, not counted against the leads' limit, never throws, logged (and
 * kept in the stand-in's outbox) without a topic.
 */
export async function notifyAssignee(
  username: string | undefined,
  notification: StaffNotification,
  requestId: string,
): Promise<void> {
  await publishToStaff(username ? { username } : 'owners', notification, requestId)
}

/** Publishes `notification` to the staff topic, or logs it without one; a failure is logged, never thrown. */
async function publishToStaff(
  recipient: StaffRecipient,
  notification: StaffNotification,
  requestId: string,
): Promise<void> {
  const topicArn = leadsTopicArn()
  const subject = notificationSubject(notification.subject)
  if (!topicArn) {
    logger.info(`${recipient === 'owners' ? 'owner' : 'staff'} notification (no topic configured)`, {
      requestId,
      subject,
      body: notification.body,
    })
    await keepInOutbox(recipient, subject, notification, requestId)
    return
  }
  try {
    await publish(topicArn, subject, notification.body, recipient, notification.push)
  } catch (error) {
    logger.error(`${alarmedLogEvents.staffNotificationFailed}; the request goes on`, {
      requestId,
      notification: recipient === 'owners' ? 'owners' : 'assignee',
      error: errorSummary(error),
    })
  }
}

/** A message the stand-in kept instead of publishing it: one line of its outbox file. */
export interface OutboxMessage {
  /** `user:<username>` or `owners`, as the topic's filter policies match it. */
  readonly to: string
  readonly subject: string
  readonly body: string
  readonly at: string
  /** The lead it is about, when it is about one: what the push relay sends to the recipient's devices. */
  readonly leadId?: string
  readonly push?: { readonly title: string; readonly body: string }
}

/**
 * Where the stand-in (infra/local/server.ts) plays the topic's push relay subscription: a function it puts on
 * `globalThis` under this key, which gets each message kept in the outbox that is about one lead. It runs
 * the relay's own handler in the same process; called without waiting, so a form's answer never waits for a
 * push. Nothing is there in the cloud or in handler tests.
 */
export const standInRelayKey = Symbol.for('suryodaya.standInPushRelay')

type StandInRelay = (message: OutboxMessage) => void

/**
 * Appends the message to the stand-in's outbox (STAFF_OUTBOX_FILE, one JSON line each); nothing without the
 * file (the cloud, handler tests). A failed write is logged and never thrown, like a failed publish.
 */
async function keepInOutbox(
  recipient: StaffRecipient,
  subject: string,
  notification: StaffNotification,
  requestId: string,
): Promise<void> {
  const file = process.env[functionEnv.staffOutbox]
  if (!file) return
  const push = notification.push
  const line: OutboxMessage = {
    to: recipientValue(recipient),
    subject,
    body: notification.body,
    at: new Date().toISOString(),
    ...(push ? { leadId: push.leadId, push: { title: push.title, body: push.body } } : {}),
  }
  try {
    await appendFile(file, `${JSON.stringify(line)}\n`)
  } catch (error) {
    logger.error('staff message not kept in the outbox', { requestId, error: errorSummary(error) })
  }
  const relay = (globalThis as { [standInRelayKey]?: StandInRelay })[standInRelayKey]
  if (push && relay) relay(line)
}
