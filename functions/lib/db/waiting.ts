import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import type { InboxKind } from '@core/inbox-search'
import type { WaitingLead } from '@core/response-sweep'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { tables } from '../store-definitions'
import { queryPartition, updateIf } from './partition-io'
import { storedText, withoutUndefined } from './stored-values'

/**
 * The leads waiting for a first contact, for the response clock's sweep (functions/sweep/response-sweep.ts):
 * one small entry per new quote or contact in the INBOX#WAITING partition of the leads table, sk =
 * `<clock start ISO>#<id>`, so "every lead whose clock started before t" is one Query of a key range, never
 * a Scan and no secondary index. Written when the lead is stored (leads.ts; a job application is outside
 * the sales clock and has none), marked by the sweep as it reminds and escalates, deleted once the lead is
 * answered (clearWaiting: a first attempt, a move out of `new`, a closed lead). The lead's own item stays
 * the truth: it carries the clock's start (`clockStartedAt`) and the steps done (`remindedAt`,
 * `escalatedAt`), each written by the conditional update that records it in the timeline.
 */
export const waitingPartition = 'INBOX#WAITING'

const { partitionKey, sortKey } = tables.leads
const leadsTable = (): string => tableName('leads')

/** The sort key of a lead's waiting entry. */
export function waitingSortKey(id: string, clockStart: string): string {
  return `${clockStart}#${id}`
}

const waitingKey = (id: string, clockStart: string) => ({
  [partitionKey]: waitingPartition,
  [sortKey]: waitingSortKey(id, clockStart),
})

/** Adds the waiting entry of a lead just stored (its clock starts at `entry.clockStart`). */
export async function addWaiting(entry: WaitingLead): Promise<void> {
  await dynamo().send(
    new PutCommand({
      TableName: leadsTable(),
      Item: { ...entry, ...waitingKey(entry.id, entry.clockStart) },
    }),
  )
}

/**
 * Takes a lead off the waiting list: its first contact is made (or it left `new`). Idempotent: deleting an
 * entry that is gone is no error. The lead's item names its `clockStartedAt`, the entry's key.
 */
export async function clearWaiting(id: string, clockStart: string): Promise<void> {
  await dynamo().send(new DeleteCommand({ TableName: leadsTable(), Key: waitingKey(id, clockStart) }))
}

/**
 * The waiting leads whose clock started before `before`, oldest first, a Query of at most `pageSize`
 * entries at a time. Only the sort key bounds the read: a lead that started later cannot be due yet.
 */
export async function* waitingLeads(before: Date, pageSize = 500): AsyncGenerator<WaitingLead[]> {
  // `~` sorts after `#`: every entry of a clock that started at or before `before`.
  for await (const items of queryPartition('leads', waitingPartition, {
    sortKeyBefore: `${before.toISOString()}~`,
    pageSize,
  })) {
    yield items.map(waitingLeadOf)
  }
}

function waitingLeadOf(item: Record<string, unknown>): WaitingLead {
  const lead: Record<string, unknown> = {
    id: String(item.id),
    kind: (item.kind === 'contact' ? 'contact' : 'quote') satisfies InboxKind,
    createdAt: String(item.createdAt),
    clockStart: String(item.clockStart),
    assignee: storedText(item.assignee),
    remindedAt: storedText(item.remindedAt),
    escalatedAt: storedText(item.escalatedAt),
  }
  return withoutUndefined<WaitingLead>(lead)
}

/**
 * Marks a step as done on the entry (and its new assignee after an escalation), so the next sweeps skip
 * it without reading the lead. Only an entry still there is written (an answered lead's is gone); a failure
 * is thrown: the step is recorded on the lead already, and the next sweep marks the entry again.
 */
export async function markWaiting(
  entry: Pick<WaitingLead, 'id' | 'clockStart'>,
  step: 'remindedAt' | 'escalatedAt',
  at: string,
  assignee?: string,
): Promise<void> {
  await updateIf({
    TableName: leadsTable(),
    Key: waitingKey(entry.id, entry.clockStart),
    UpdateExpression: `SET #step = :at${assignee ? ', assignee = :assignee' : ''}`,
    ConditionExpression: 'attribute_exists(#pk)',
    ExpressionAttributeNames: { '#pk': partitionKey, '#step': step },
    ExpressionAttributeValues: { ':at': at, ...(assignee ? { ':assignee': assignee } : {}) },
  })
}
