import type { StaffRole } from '@core/roles'
import { leadsTopicArn } from './config'
import { type AlertSubscription, getAlertSubscription, setAlertSubscription } from './db/admin-users'
import { logger } from './logging'
import { recipientAttribute, recipientValue, snsAction } from './notify'

/**
 * Each staff member's e-mail subscription to the staff topic, kept in step with their record: subscribed
 * when they get an e-mail, moved when it changes, its filter policy changed with their role, removed with
 * them. The filter policy lets through only the messages whose `recipient` attribute (notify.ts) names them,
 * and an owner's the owners' messages too, so each person receives their own leads, reminders and visits,
 * not the whole team's. AWS e-mails each new address a confirmation link first: until it is followed
 * nothing is delivered there (the Users page says so). SNS e-mail costs nothing for the first 1,000 a month
 * (cost.test.ts). Without a topic (the local stand-in) nothing is subscribed: the outbox keeps the messages.
 */

/** What no message is addressed to: the policy of a disabled account, which receives nothing. */
const nobody = 'nobody'

/**
 * The filter policy of `username`'s subscription: their own messages, and the owners' for an owner; nothing
 * while the account is disabled (kept, so that enabling it again needs no new confirmation).
 */
export function alertFilterPolicy(username: string, role: StaffRole | undefined, disabled = false): string {
  const recipients = disabled
    ? [nobody]
    : [recipientValue({ username }), ...(role === 'owner' ? [recipientValue('owners')] : [])]
  return JSON.stringify({ [recipientAttribute]: recipients })
}

async function subscribe(topicArn: string, email: string, filterPolicy: string): Promise<string> {
  const xml = await snsAction('Subscribe', {
    TopicArn: topicArn,
    Protocol: 'email',
    Endpoint: email,
    ReturnSubscriptionArn: 'true',
    'Attributes.entry.1.key': 'FilterPolicy',
    'Attributes.entry.1.value': filterPolicy,
  })
  const arn = /<SubscriptionArn>([^<]+)<\/SubscriptionArn>/.exec(xml)?.[1]
  if (!arn?.startsWith(`${topicArn}:`)) throw new Error('SNS Subscribe answered no subscription of the topic')
  return arn
}

/** Removes a subscription; one already gone counts as removed. */
async function unsubscribe(subscriptionArn: string): Promise<void> {
  try {
    await snsAction('Unsubscribe', { SubscriptionArn: subscriptionArn })
  } catch (error) {
    if ((error as { name?: string }).name !== 'NotFoundException') throw error
  }
}

/** An error as the log shows it: its name and message, nothing of the person. */
const failure = (error: unknown) =>
  error instanceof Error ? { name: error.name, message: error.message } : { name: typeof error }

/**
 * Brings `username`'s subscription in step with their record (its e-mail and role): subscribes a new
 * address (the old one's subscription removed), or sets the filter policy of the one there. Never throws: a
 * failure is logged and the change that called it stands; the next change of the user tries again.
 */
export async function syncAlertSubscription(username: string, requestId: string): Promise<void> {
  const topicArn = leadsTopicArn()
  if (!topicArn) return
  try {
    const user = await getAlertSubscription(username)
    if (!user) return
    const policy = alertFilterPolicy(username, user.role, user.disabled)
    if (user.subscription && user.subscription.email === user.email) {
      await snsAction('SetSubscriptionAttributes', {
        SubscriptionArn: user.subscription.arn,
        AttributeName: 'FilterPolicy',
        AttributeValue: policy,
      })
      return
    }
    if (user.subscription) await unsubscribe(user.subscription.arn)
    const next: AlertSubscription | undefined = user.email
      ? { arn: await subscribe(topicArn, user.email, policy), email: user.email }
      : undefined
    await setAlertSubscription(username, next)
  } catch (error) {
    logger.error('staff alert subscription not brought in step; the change stands', {
      requestId,
      username,
      error: failure(error),
    })
  }
}

/** Removes a deleted user's subscription (read before the record went). Never throws: logged. */
export async function dropAlertSubscription(
  subscription: AlertSubscription | undefined,
  requestId: string,
): Promise<void> {
  if (!subscription || !leadsTopicArn()) return
  try {
    await unsubscribe(subscription.arn)
  } catch (error) {
    logger.error('staff alert subscription not removed', { requestId, error: failure(error) })
  }
}
