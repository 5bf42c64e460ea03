import { PutCommand } from '@aws-sdk/lib-dynamodb'
import { leadFieldsOfKind } from '@core/lead-fields'
import { type MergeSide, mergeRefusal, mergeWithItselfMessage, missingFields } from '@core/lead-merge'
import type { LeadDetail, LeadEvent } from '@core/lead-views'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { BadRequestError, ConflictError } from '../errors'
import { loggedError, logger } from '../logging'
import { tables } from '../store-definitions'
import { leadKey, leadSummary, partitionOfKind, writeEntries } from './inbox'
import {
  atVersion,
  detailOf,
  type FoundLead,
  findLead,
  historyOf,
  leadChangedMessage,
  leaveWaiting,
  storedStatusChangedAt,
  timelinePartition,
} from './lead-changes'
import { countStatusMove } from './lead-stats'
import { queryPartition, updateIf, withoutKey } from './partition-io'

/**
 * One person, one history: POST /api/admin/leads/{id}/merge joins the lead `from` to the lead `into`. The
 * survivor gains the fields it lacks, the other's pipeline facts it has none of (assignee, follow-up, first
 * contact), its history and notes, each event marked `fromLead`; the other is closed as merged
 * (`mergedInto`): its link still opens it and says where it went, its index entries but the one by id go,
 * it leaves the status counts and the response clock.
 *
 * Without transactions (dynalite has none, and the stack grants none: DESIGN.md), the two writes that decide
 * are conditional updates in a fixed order. First the other is claimed, on the version and the number of
 * history events read (a change or an attempt logged on it meanwhile fails the claim); then the survivor is
 * written, on its version read. When that fails, the claim is released, so a concurrent change on either
 * lead answers 409 with nothing kept. What follows (its notes copied, the counts, the entries, the clock) is
 * derived from the two items and logged when it fails, as after every change.
 */

const { partitionKey, sortKey } = tables.leads
const leadsTable = (): string => tableName('leads')

/** The pipeline facts the survivor takes from the other when it has none of its own. */
const pipelineFacts = ['assignee', 'firstContactAt'] as const

const sideOf = ({ summary }: FoundLead): MergeSide => ({
  id: summary.id,
  status: summary.status,
  phone: summary.phone,
  email: summary.email,
  mergedInto: summary.mergedInto,
})

/**
 * Merges the lead `fromId` into the lead `intoId` as `actor`; answers the survivor as its page shows it. BadRequestError
 * for a lead with itself; ConflictError for a lead merged already, a closed lead of another person without
 * `confirm`, or a change on either lead meanwhile (nothing written); NotFoundError when either is missing.
 */
export async function mergeLeads(
  intoId: string,
  fromId: string,
  options: { readonly actor: string; readonly confirm?: boolean; readonly now?: Date },
): Promise<LeadDetail['lead']> {
  const now = options.now ?? new Date()
  if (intoId === fromId) throw new BadRequestError(mergeWithItselfMessage)
  const [into, from] = await Promise.all([findLead(intoId), findLead(fromId)])
  const refused = mergeRefusal(
    { ...sideOf(into), id: intoId },
    { ...sideOf(from), id: fromId },
    options.confirm === true,
  )
  if (refused) {
    throw refused.status === 400 ? new BadRequestError(refused.message) : new ConflictError(refused.message)
  }
  const at = now.toISOString()

  // 1. The other lead is claimed: closed as merged, on what was read of it, its closing event last.
  const fromHistory = historyOf(from.item)
  const closing: LeadEvent = {
    at,
    by: options.actor,
    type: 'merge',
    to: intoId,
    text: `Merged into lead ${intoId}.`,
  }
  const claimed = await updateIf({
    TableName: leadsTable(),
    Key: leadKey(from.summary),
    UpdateExpression:
      'SET mergedInto = :into, mergedAt = :now, mergedBy = :by, #version = :next, updatedAt = :now, #history = list_append(if_not_exists(#history, :none), :closing)',
    ConditionExpression: `attribute_exists(#pk) AND attribute_not_exists(mergedInto) AND ${atVersion(
      from.summary.version,
    )} AND ${fromHistory.length === 0 ? 'attribute_not_exists(#history)' : 'size(#history) = :events'}`,
    ExpressionAttributeNames: { '#pk': partitionKey, '#version': 'version', '#history': 'history' },
    ExpressionAttributeValues: {
      ':into': intoId,
      ':now': at,
      ':by': options.actor,
      ':next': from.summary.version + 1,
      ':current': from.summary.version,
      ':none': [],
      ':closing': [closing],
      ...(fromHistory.length === 0 ? {} : { ':events': fromHistory.length }),
    },
    ReturnValues: 'ALL_NEW',
  })
  if (!claimed?.Attributes) throw new ConflictError(leadChangedMessage)

  // 2. The survivor takes its history and what it lacks, on the version read.
  const joined: LeadEvent[] = [
    ...fromHistory.map((event) => ({ ...event, fromLead: fromId })),
    {
      at,
      by: options.actor,
      type: 'merge',
      from: fromId,
      text: `Merged in the ${from.summary.kind} of ${from.summary.createdAt.slice(0, 10)} (lead ${fromId}).`,
    },
  ]
  const taken: Record<string, unknown> = missingFields(
    into.item,
    from.item,
    leadFieldsOfKind[partitionOfKind[from.summary.kind]],
  )
  for (const fact of pipelineFacts) {
    if (into.summary[fact] === undefined && from.summary[fact] !== undefined) taken[fact] = from.summary[fact]
  }
  if (into.summary.followUpOn === undefined && from.summary.followUpOn !== undefined) {
    taken.followUpOn = from.summary.followUpOn
    if (from.summary.followUpAt !== undefined) taken.followUpAt = from.summary.followUpAt
  }
  const names: Record<string, string> = { '#pk': partitionKey, '#version': 'version', '#history': 'history' }
  const values: Record<string, unknown> = {
    ':none': [],
    ':joined': joined,
    ':from': [fromId],
    ':now': at,
    ':next': into.summary.version + 1,
    ':current': into.summary.version,
  }
  const sets = [
    '#history = list_append(if_not_exists(#history, :none), :joined)',
    'mergedFrom = list_append(if_not_exists(mergedFrom, :none), :from)',
    '#version = :next',
    'updatedAt = :now',
  ]
  for (const [index, [name, value]] of Object.entries(taken).entries()) {
    names[`#f${index}`] = name
    values[`:f${index}`] = value
    sets.push(`#f${index} = :f${index}`)
  }
  const written = await updateIf({
    TableName: leadsTable(),
    Key: leadKey(into.summary),
    UpdateExpression: `SET ${sets.join(', ')}`,
    ConditionExpression: `attribute_exists(#pk) AND attribute_not_exists(mergedInto) AND ${atVersion(
      into.summary.version,
    )}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ReturnValues: 'ALL_NEW',
  })
  if (!written?.Attributes) {
    await releaseClaim(from, fromHistory.length, intoId, now)
    throw new ConflictError(leadChangedMessage)
  }

  // 3. What follows from the two items: the other's notes, the counts, the entries, the clock.
  const kindOf = (found: FoundLead) => partitionOfKind[found.summary.kind]
  const fromAfter = leadSummary(kindOf(from), claimed.Attributes)
  const after: FoundLead = {
    summary: leadSummary(kindOf(into), written.Attributes),
    item: withoutKey('leads', written.Attributes),
  }
  const intoAfter = after.summary
  try {
    await copyNotes(fromId, intoId)
  } catch (error) {
    logger.error("A merged lead's notes stayed behind (they are on its own page); the merge is stored", {
      lead: fromId,
      error: loggedError(error),
    })
  }
  await Promise.all([
    countStatusMove(from.summary, fromAfter, storedStatusChangedAt(from.item), now),
    writeEntries(fromAfter, from.summary),
    writeEntries(intoAfter, into.summary),
    leaveWaiting(from.item),
    // The other's first contact answers the survivor too: its clock stops.
    into.summary.firstContactAt === undefined && intoAfter.firstContactAt !== undefined
      ? leaveWaiting(into.item)
      : undefined,
  ])
  return detailOf(after, now)
}

/**
 * Undoes a claim whose survivor could not be written: the other lead is open again (a new version), without
 * the closing event the claim appended at `closingIndex`. A failure is logged and thrown.
 */
async function releaseClaim(from: FoundLead, closingIndex: number, intoId: string, now: Date): Promise<void> {
  try {
    await updateIf({
      TableName: leadsTable(),
      Key: leadKey(from.summary),
      UpdateExpression: `SET #version = :next, updatedAt = :now REMOVE mergedInto, mergedAt, mergedBy, #history[${closingIndex}]`,
      ConditionExpression: 'mergedInto = :into',
      ExpressionAttributeNames: { '#version': 'version', '#history': 'history' },
      ExpressionAttributeValues: {
        ':into': intoId,
        ':next': from.summary.version + 2,
        ':now': now.toISOString(),
      },
    })
  } catch (error) {
    // The other lead stays closed as merged into a survivor that does not list it (its history is intact on
    // its own item); the request fails as the store did (a throttle is 503, to be tried again).
    logger.error("A merge's claim on the other lead was not released", {
      lead: from.summary.id,
      error: loggedError(error),
    })
    throw error
  }
}

/** Copies the other lead's notes to the survivor's timeline, marked; the same key each time (a retry rewrites). */
async function copyNotes(fromId: string, intoId: string): Promise<void> {
  for await (const items of queryPartition('leads', timelinePartition, { sortKeyPrefix: `${fromId}#` })) {
    for (const item of items) {
      const note = withoutKey('leads', item)
      const tail = String(item[sortKey]).slice(fromId.length + 1)
      await dynamo().send(
        new PutCommand({
          TableName: leadsTable(),
          Item: {
            ...note,
            lead: intoId,
            fromLead: fromId,
            [partitionKey]: timelinePartition,
            [sortKey]: `${intoId}#${tail}#${fromId.slice(0, 8)}`,
          },
        }),
      )
    }
  }
}
