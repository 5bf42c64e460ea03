import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { type NewsletterConfirmOutcome, newsletterStateOf, normaliseEmail } from '@core/newsletter'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { tables } from '../store-definitions'
import { updateIf, withoutKey } from './partition-io'

/**
 * The confirmation of a newsletter signup (double opt-in): the signup stored as pending by the form
 * (leads.ts subscribeNewsletter) gets `confirmedAt` when the owner of the address sends the signed link's
 * token back. Only confirmed, not withdrawn signups are subscribers (core/newsletter.ts newsletterStateOf).
 */

const { partitionKey, sortKey } = tables.leads

/** The key of the signup of an address. */
export const newsletterKey = (email: string) => ({
  [partitionKey]: 'NEWSLETTER',
  [sortKey]: normaliseEmail(email),
})

/** The stored signup of an address, without its key; undefined when there is none (never, or erased). */
export async function readNewsletterSignup(email: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: tableName('leads'), Key: newsletterKey(email), ConsistentRead: true }),
  )
  return Item ? withoutKey('leads', Item) : undefined
}

/**
 * Confirms the signup of `email` by a link issued at `issuedAt`: `confirmed` or `already-confirmed` (with
 * the stored signup, for the ledger), or why nothing was written. A signup withdrawn after the link was sent stays withdrawn (an
 * old link must not undo a withdrawal); one withdrawn before it (the person signed up again) is confirmed
 * afresh and loses its `withdrawnAt`, while the ledger keeps both.
 */
export async function confirmNewsletterSignup(
  email: string,
  issuedAt: Date,
  now = new Date(),
): Promise<
  | { readonly outcome: 'confirmed' | 'already-confirmed'; readonly signup: Record<string, unknown> }
  | { readonly outcome: Exclude<NewsletterConfirmOutcome, 'confirmed' | 'already-confirmed'> }
> {
  const signup = await readNewsletterSignup(email)
  if (!signup) return { outcome: 'not-found' }
  const state = newsletterStateOf(signup)
  if (state === 'confirmed') return { outcome: 'already-confirmed', signup }
  const withdrawnAt = typeof signup.withdrawnAt === 'string' ? signup.withdrawnAt : undefined
  if (withdrawnAt && Date.parse(withdrawnAt) >= issuedAt.getTime()) return { outcome: 'withdrawn-since' }
  const confirmedAt = now.toISOString()
  // The state read is the state changed: a withdrawal or another confirmation in between fails the condition.
  const updated = await updateIf({
    TableName: tableName('leads'),
    Key: newsletterKey(email),
    UpdateExpression: 'SET confirmedAt = :at REMOVE withdrawnAt',
    ConditionExpression: withdrawnAt
      ? 'attribute_exists(#pk) AND withdrawnAt = :withdrawnAt'
      : 'attribute_exists(#pk) AND attribute_not_exists(confirmedAt) AND attribute_not_exists(withdrawnAt)',
    ExpressionAttributeNames: { '#pk': partitionKey },
    ExpressionAttributeValues: {
      ':at': confirmedAt,
      ...(withdrawnAt ? { ':withdrawnAt': withdrawnAt } : {}),
    },
  })
  if (!updated) {
    // Changed since it was read: confirmed by another press, withdrawn, or erased.
    const changed = await readNewsletterSignup(email)
    if (!changed) return { outcome: 'not-found' }
    return newsletterStateOf(changed) === 'confirmed'
      ? { outcome: 'already-confirmed', signup: changed }
      : { outcome: 'withdrawn-since' }
  }
  return { outcome: 'confirmed', signup: { ...signup, confirmedAt } }
}
