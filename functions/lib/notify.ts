import { PublishCommand } from '@aws-sdk/client-sns'
import { sns } from './clients'
import { leadsTopicArn } from './config'
import { alarmedLogEvents } from './log-events'

/** A message for the staff about a new lead. */
export interface StaffNotification {
  /** One line, at most 100 characters (SNS e-mail subject). */
  readonly subject: string
  /** Plain text. */
  readonly body: string
}

/** Keeps an SNS subject valid: printable ASCII-ish, one line, at most 100 characters. */
export function notificationSubject(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  const oneLine = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()
  return oneLine.length > 100 ? `${oneLine.slice(0, 99)}…` : oneLine
}

/** The lines `Label: value` of a lead's fields, skipping empty ones. */
export function notificationBody(fields: ReadonlyArray<readonly [string, unknown]>): string {
  return fields
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([label, value]) => `${label}: ${String(value)}`)
    .join('\n')
}

/**
 * Tells the staff about a new lead through the SNS topic of LEADS_TOPIC_ARN. Call it after the lead is
 * stored: it never throws, a failed publish is logged and the request still succeeds. Without a topic (the
 * local stand-in) the message is logged instead.
 */
export async function notifyStaff(notification: StaffNotification, requestId: string): Promise<void> {
  const topicArn = leadsTopicArn()
  const subject = notificationSubject(notification.subject)
  if (!topicArn) {
    console.info(
      JSON.stringify({
        level: 'info',
        requestId,
        message: 'staff notification (no topic configured)',
        subject,
        body: notification.body,
      }),
    )
    return
  }
  try {
    await sns().send(new PublishCommand({ TopicArn: topicArn, Subject: subject, Message: notification.body }))
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'error',
        requestId,
        message: `${alarmedLogEvents.staffNotificationFailed}; the lead is stored`,
        subject,
        error: error instanceof Error ? { name: error.name, message: error.message } : String(error),
      }),
    )
  }
}
