/**
 * The partitions (values of the partition key) of each table, as the repositories of this folder write
 * them, and the DynamoDB actions a route may be granted on them. Pure data: the route table declares its
 * access in these words, and the stack turns that into IAM statements with `dynamodb:LeadingKeys`
 * conditions. A repository that writes a new partition adds it here, and the routes that call it declare it.
 */

/**
 * The inbox's index partitions in the leads table (inbox.ts): every quote and contact has an entry in INBOX
 * (newest first) and one in each partition by which it can be found, keyed `<value>#<time>#<id>`. INBOX#ID
 * (the entry by lead id) is apart: it is read by id, never listed.
 */
export const inboxIndexPartitions = [
  'INBOX',
  'INBOX#STATUS',
  'INBOX#SEGMENT',
  'INBOX#ASSIGNEE',
  'INBOX#EMAIL',
  'INBOX#PHONE',
  'INBOX#PIN',
  'INBOX#NAME',
  'INBOX#FOLLOWUP',
  'INBOX#SOURCE',
  'INBOX#REF',
  'INBOX#RETAIN',
] as const

/**
 * The index partitions the inbox lists from: every one (INBOX#FOLLOWUP for the follow-ups due) but the
 * retention sweep's INBOX#RETAIN, which no view reads.
 */
export const inboxListPartitions = inboxIndexPartitions.filter(
  (partition): partition is Exclude<(typeof inboxIndexPartitions)[number], 'INBOX#RETAIN'> =>
    partition !== 'INBOX#RETAIN',
)

/**
 * The partitions of each table, by their stored value.
 * - leads: QUOTE, CONTACT (leads.ts), NEWSLETTER (leads.ts, keyed by e-mail), COUNTER (per-kind totals),
 *   the inbox's index entries INBOX and INBOX#<dimension> (inbox.ts: one entry per lead and way of finding
 *   it), TIMELINE (lead-changes.ts: each lead's changes and notes), INBOX#WAITING (waiting.ts: the leads
 *   waiting for a first contact, by the start of their response clock), FIGURES (response-figures.ts: what
 *   the response-time figures read, one small item per lead on the clock, by its arrival), INBOX#VISIT (site-visits.ts: the
 *   booked site visits, by day and slot), REFERENCE (lead-references.ts: each visitor's reference, keyed by
 *   itself, naming its lead).
 * - content: JOB, RESOURCE (jobs-and-resources.ts), ADMIN (admin-users.ts: users and password hashes), COUNTER,
 *   RATE_LIMIT and RATE_LIMIT#EXPORT (rate-limits.ts: per client, and exports per user), IDEMPOTENCY
 *   (idempotency.ts), LOGIN#USER, LOGIN#USERNET and LOGIN#NET
 *   (login-attempts.ts: failed sign-ins per username, per username and client network, per network), AUDIT (audit.ts: the audit trail), NOTIFY
 *   (notification-counts.ts: staff notifications per minute), MFA_STEP (admin-users.ts: the last TOTP step
 *   accepted per user), MFA_SECRET (mfa-secrets.ts: each user's TOTP secret and recovery-code hashes, read
 *   by the sign-in and the enrolment only), LOGIN#MFA (login-attempts.ts: wrong MFA codes per account),
 *   SETTINGS (sales-settings.ts: the sales rules and the roster of who may be given leads) and ROTATION
 *   (sales-settings.ts: the round robins' pointers, the only part the lead forms write), PUSH
 *   (push-subscriptions.ts: the staff's Web Push devices, `<username>#<endpoint hash>`), CONSENT
 *   (consent-ledger.ts: the consent ledger, append-only, `<HMAC of the contact>#<time>#<lead id>#<purpose>`), CODE
 *   (one-time-codes.ts: the one-time code a visitor was sent to prove a contact, `<use>#<HMAC of the contact>`),
 *   PRIVACY (privacy-cases.ts: the rights desk's cases, keyed by their reference, which starts with their time).
 */
export const tablePartitions = {
  leads: [
    'QUOTE',
    'CONTACT',
    'NEWSLETTER',
    'COUNTER',
    'INBOX#ID',
    ...inboxIndexPartitions,
    'TIMELINE',
    'INBOX#WAITING',
    'FIGURES',
    'INBOX#VISIT',
    'REFERENCE',
  ],
  content: [
    'JOB',
    'RESOURCE',
    'ADMIN',
    'COUNTER',
    'RATE_LIMIT',
    'RATE_LIMIT#EXPORT',
    'IDEMPOTENCY',
    'LOGIN#USER',
    'LOGIN#USERNET',
    'LOGIN#NET',
    'AUDIT',
    'NOTIFY',
    'MFA_STEP',
    'MFA_SECRET',
    'LOGIN#MFA',
    'SETTINGS',
    'ROTATION',
    'PUSH',
    'CONSENT',
    'CODE',
    'PRIVACY',
  ],
} as const

export type PartitionTable = keyof typeof tablePartitions
/** A partition of table `T`, as stored in its partition key. */
export type Partition<T extends PartitionTable> = (typeof tablePartitions)[T][number]

/**
 * The DynamoDB actions a route may be granted, by the names IAM uses. Never Scan (it has no partition key,
 * so a LeadingKeys condition cannot limit it) and never the batch writes: no repository uses them.
 */
export const dynamoActions = [
  'GetItem',
  'BatchGetItem',
  'Query',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
] as const
export type DynamoAction = (typeof dynamoActions)[number]

/** What a route may do in one table: the actions it calls, by partition. */
export type TableAccess<T extends PartitionTable> = {
  readonly [P in Partition<T>]?: readonly DynamoAction[]
}

/**
 * The grants of one table, one entry per distinct set of partitions: each action in `actions` is allowed
 * on every partition of `partitions` and on no other. Grouping by action keeps a
 * BatchGetItem or a Query valid when its keys span several partitions: IAM checks every leading key of a
 * request against one statement's condition.
 */
export function partitionGrants<T extends PartitionTable>(
  access: TableAccess<T>,
): { readonly actions: DynamoAction[]; readonly partitions: string[] }[] {
  const byAction = new Map<DynamoAction, string[]>()
  for (const action of dynamoActions) {
    const partitions = Object.entries(access as Record<string, readonly DynamoAction[] | undefined>)
      .filter(([, actions]) => actions?.includes(action))
      .map(([partition]) => partition)
      .sort()
    if (partitions.length > 0) byAction.set(action, partitions)
  }
  const groups = new Map<string, { actions: DynamoAction[]; partitions: string[] }>()
  for (const [action, partitions] of byAction) {
    const key = partitions.join('\n')
    const group = groups.get(key) ?? { actions: [], partitions }
    group.actions.push(action)
    groups.set(key, group)
  }
  return [...groups.values()]
}

/** The same actions on each of `partitions`: a route's access to a family of partitions. */
export function onPartitions<T extends PartitionTable, const P extends readonly Partition<T>[]>(
  _table: T,
  partitions: P,
  actions: readonly DynamoAction[],
): { readonly [K in P[number]]: readonly DynamoAction[] } {
  return Object.fromEntries(partitions.map((partition) => [partition, actions])) as {
    readonly [K in P[number]]: readonly DynamoAction[]
  }
}

/**
 * What a function that sends Web Push (functions/lib/web-push.ts pushToStaff) does in the content table: reads
 * a person's devices, deletes one its push service says is gone. Spread into its `content` access, with
 * `pushKeys: true` beside it.
 */
export const pushSending = { PUSH: ['Query', 'DeleteItem'] } as const satisfies TableAccess<'content'>

/**
 * What a withdrawal (consent-effects.ts applyWithdrawal) may do in the leads table: find the person by phone
 * and e-mail, change their leads and newsletter signup. Here rather than beside it, so the route table reads
 * it without loading the repositories.
 */
export const withdrawalAccess = {
  'INBOX#PHONE': ['Query'],
  'INBOX#EMAIL': ['Query'],
  QUOTE: ['UpdateItem'],
  CONTACT: ['UpdateItem'],
  NEWSLETTER: ['UpdateItem'],
} as const satisfies TableAccess<'leads'>
