import { randomUUID } from 'node:crypto'
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import { businessDateOf } from '@core/business-days'
import type { LeadAttempt } from '@core/lead-attempt-schema'
import type { LeadAttemptReply, LeadDetail, LeadEvent } from '@core/lead-views'
import type { LeadChange } from '@core/pipeline'
import { canMoveLead, type LeadStatus, leadStatusLabels } from '@core/pipeline-rules'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { BadRequestError, ConflictError, NotFoundError } from '../errors'
import { alarmedLogEvents } from '../log-events'
import { loggedError, logger } from '../logging'
import { tables } from '../store-definitions'
import {
  entryById,
  isFollowUpOpen,
  leadKey,
  leadSummary,
  partitionOfKind,
  type StoredSummary,
  writeEntries,
} from './inbox'
import { countStatusMove } from './lead-stats'
import { queryPartition, setAndRemove, updateIf, withoutKey } from './partition-io'
import { leadsOfPerson } from './person-leads'
import { recordFigureChange } from './response-figures'
import { clearWaiting } from './waiting'

/**
 * The sales pipeline on the stored leads: a lead's detail and timeline, a change of status, assignee or
 * follow-up under optimistic concurrency, and notes. The lead's own item (QUOTE or CONTACT partition) holds
 * its pipeline state and, in `history`, each change with who and when, written by the same conditional
 * update as the change itself (so a change is never kept without its record, nor the reverse). Notes are
 * entries of the TIMELINE partition (sk `<lead id>#<time>#<n>`), so a lead's item does not grow with them.
 * The lead's inbox entries are rewritten after each change (inbox.ts).
 */

/** A lead's notes, in the TIMELINE partition. */
export const timelinePartition = 'TIMELINE'
/** The most timeline entries a lead's page shows (the oldest first). */
export const maxTimelineEntries = 500

const { partitionKey, sortKey } = tables.leads
const leadsTable = (): string => tableName('leads')

export const leadChangedMessage =
  'Someone else changed this lead since you opened it. Reload it to see their change, then try again.'

export interface FoundLead {
  readonly summary: StoredSummary
  /** The lead's own item, without its key. */
  readonly item: Record<string, unknown>
}

/** The lead with this id, read from its own item (the truth, not its inbox entry); NotFoundError if none. */
export async function findLead(id: string): Promise<FoundLead> {
  const entry = await entryById(id)
  if (!entry) throw new NotFoundError('There is no lead with this id.')
  const reply = await dynamo().send(
    new GetCommand({ TableName: leadsTable(), Key: leadKey(entry), ConsistentRead: true }),
  )
  if (!reply.Item) throw new NotFoundError('There is no lead with this id.')
  return storedLead(entry.kind, reply.Item)
}

/** A lead of this kind as its item holds it (a read's Item, an update's Attributes). */
function storedLead(kind: StoredSummary['kind'], item: Record<string, unknown>): FoundLead {
  return { summary: leadSummary(partitionOfKind[kind], item), item: withoutKey('leads', item) }
}

/**
 * The lead `found` after an update of its item (the update's Attributes); its status counters are moved when its
 * status did, unless `countsMove` is false (a change made on another condition than the version read, which a
 * colleague's status change may have passed).
 */
export async function leadAfterUpdate(
  found: FoundLead,
  attributes: Record<string, unknown>,
  now: Date,
  countsMove = true,
): Promise<FoundLead> {
  const before = found.summary
  const after = storedLead(before.kind, attributes)
  if (countsMove && after.summary.status !== before.status) {
    await countStatusMove(before, after.summary, storedStatusChangedAt(found.item), now)
  }
  return after
}

/** The condition that a lead is still at the version read (0: stored before the pipeline had one). */
export const atVersion = (version: number): string =>
  version === 0 ? '(attribute_not_exists(#version) OR #version = :current)' : '#version = :current'

/** The lead as its page shows it: the summary with every stored field (its history is the timeline's). */
export function detailOf(found: FoundLead, now: Date): LeadDetail['lead'] {
  const { history: _history, ...fields } = found.item
  return { ...found.summary, followUpDue: isFollowUpOpen(found.summary, now), fields }
}

/** The changes recorded on a lead's item. */
export function historyOf(item: Record<string, unknown>): LeadEvent[] {
  return Array.isArray(item.history) ? (item.history as LeadEvent[]) : []
}

/** GET /api/admin/leads/{id}: the lead and its timeline (its changes and notes), oldest first. */
export async function leadDetail(id: string, now = new Date()): Promise<LeadDetail> {
  const found = await findLead(id)
  // The person's other leads are a help, not the page: when they cannot be read, the lead shows without them.
  const person = leadsOfPerson({ phone: found.summary.phone, email: found.summary.email }, id).catch(
    (error: unknown) => {
      logger.error("The person's other leads were not read", { lead: id, error: loggedError(error) })
      return []
    },
  )
  const notes: LeadEvent[] = []
  for await (const items of queryPartition('leads', timelinePartition, { sortKeyPrefix: `${id}#` })) {
    for (const item of items) {
      const { [partitionKey]: _pk, [sortKey]: _sk, lead: _lead, ...note } = item
      notes.push(note as LeadEvent)
    }
    if (notes.length >= maxTimelineEntries) break
  }
  // A stable sort: the events of one change keep their order.
  const events = [...historyOf(found.item), ...notes.slice(0, maxTimelineEntries)].sort((a, b) =>
    a.at < b.at ? -1 : a.at > b.at ? 1 : 0,
  )
  return { lead: detailOf(found, now), events, person: await person }
}

/**
 * A lead merged into another is closed: its history went to the survivor, so a change, a note or an attempt
 * is made there (409 naming it), never on the copy left behind.
 */
export function refuseMerged(summary: Pick<StoredSummary, 'mergedInto'>): void {
  if (summary.mergedInto) {
    throw new ConflictError(
      `This lead was merged into lead ${summary.mergedInto}: open that one to work on it.`,
    )
  }
}

/** Why a lead in `from` cannot move to `to` (pipeline-rules.ts `canMoveLead`), or undefined when it can. */
export function moveRefusal(from: LeadStatus, to: LeadStatus): string | undefined {
  return canMoveLead(from, to)
    ? undefined
    : `A ${leadStatusLabels[from]} lead cannot move to ${leadStatusLabels[to]}`
}

/** Someone who may be given leads: checked by the caller (an existing colleague who works leads). */
export type AssigneeCheck = (username: string) => Promise<string | undefined>

/**
 * PATCH /api/admin/leads/{id}: applies `change`, made on the lead's `change.version`, as `actor`. The lead's
 * item is updated under the condition that its version is still that one (ConflictError otherwise, nothing
 * written); then the change is recorded in the timeline, the status counters move, the inbox entries are
 * rewritten and the response-time figures follow (response-figures.ts). `checkAssignee` answers a message when the named colleague cannot be given leads.
 */
export async function changeLead(
  id: string,
  change: LeadChange,
  actor: string,
  checkAssignee: AssigneeCheck,
  now = new Date(),
): Promise<LeadDetail['lead']> {
  const found = await findLead(id)
  const before = found.summary
  refuseMerged(before)
  if (change.version !== before.version) throw new ConflictError(leadChangedMessage)

  const at = now.toISOString()
  const sets: string[] = [
    '#version = :next',
    'updatedAt = :now',
    '#history = list_append(if_not_exists(#history, :none), :events)',
  ]
  const removes: string[] = []
  const values: Record<string, unknown> = { ':next': before.version + 1, ':now': at, ':none': [] }
  const events: LeadEvent[] = []
  const fields: Record<string, string> = {}

  if (change.status !== undefined && change.status !== before.status) {
    const refusal = moveRefusal(before.status, change.status)
    if (refusal) fields.status = refusal
    else {
      sets.push('#status = :status', 'statusChangedAt = :now')
      values[':status'] = change.status
      if (change.status === 'lost') {
        sets.push('lostReason = :reason')
        values[':reason'] = change.lostReason
        const note = change.lostNote?.trim()
        if (note) {
          sets.push('lostNote = :lostNote')
          values[':lostNote'] = note
        } else removes.push('lostNote')
      } else if (before.status === 'lost') removes.push('lostReason', 'lostNote')
      events.push({
        at,
        by: actor,
        type: 'status',
        from: before.status,
        to: change.status,
        ...(change.status === 'lost' && change.lostReason ? { lostReason: change.lostReason } : {}),
        ...(change.status === 'lost' && change.lostNote?.trim() ? { text: change.lostNote.trim() } : {}),
      })
    }
  }
  if (change.assignee !== undefined && change.assignee !== (before.assignee ?? null)) {
    if (change.assignee === null) removes.push('assignee')
    else {
      const refusal = await checkAssignee(change.assignee)
      if (refusal) fields.assignee = refusal
      sets.push('assignee = :assignee')
      values[':assignee'] = change.assignee
    }
    events.push({ at, by: actor, type: 'assignee', from: before.assignee ?? null, to: change.assignee })
  }
  if (change.followUpOn !== undefined && change.followUpOn !== (before.followUpOn ?? null)) {
    // A date set here has no time of day: the time an attempt gave the one before goes with it.
    removes.push('followUpAt')
    if (change.followUpOn === null) removes.push('followUpOn')
    else {
      sets.push('followUpOn = :followUpOn')
      values[':followUpOn'] = change.followUpOn
    }
    events.push({ at, by: actor, type: 'follow-up', from: before.followUpOn ?? null, to: change.followUpOn })
  }
  if (Object.keys(fields).length > 0) throw new BadRequestError('Check the highlighted fields.', fields)
  if (events.length === 0) throw new BadRequestError('Nothing to change: the lead already reads so.')

  const reply = await updateIf({
    TableName: leadsTable(),
    Key: leadKey(before),
    UpdateExpression: setAndRemove(sets, removes),
    // The version a lead stored before the pipeline has is 0, though it has no attribute.
    ConditionExpression: `attribute_exists(#pk) AND ${atVersion(before.version)}`,
    ExpressionAttributeNames: {
      '#pk': partitionKey,
      '#version': 'version',
      '#history': 'history',
      ...(values[':status'] !== undefined ? { '#status': 'status' } : {}),
    },
    ExpressionAttributeValues: { ...values, ':events': events, ':current': before.version },
    ReturnValues: 'ALL_NEW',
  })
  if (!reply?.Attributes) throw new ConflictError(leadChangedMessage)

  const after = await leadAfterUpdate(found, reply.Attributes, now)
  // A lead moved on from `new` by hand stops its response clock, as a first attempt does.
  const leftNew = before.status === 'new' && after.summary.status !== 'new'
  await Promise.all([
    writeEntries(after.summary, before),
    recordFigureChange(before, after.summary),
    leftNew ? leaveWaiting(found.item) : undefined,
  ])
  return detailOf(after, now)
}

export const storedStatusChangedAt = (item: Record<string, unknown>): string | undefined =>
  typeof item.statusChangedAt === 'string' ? item.statusChangedAt : undefined

/**
 * POST /api/admin/leads/{id}/notes: adds a note to the lead's timeline, then keeps it as the lead's latest on
 * its item and its inbox entries (exports of a view show it; a failure there is logged, the note is stored). A note does not change the lead's
 * version: a colleague's open copy stays current.
 */
export async function addLeadNote(
  id: string,
  text: string,
  actor: string,
  now = new Date(),
): Promise<LeadEvent> {
  const entry = await entryById(id)
  if (!entry) throw new NotFoundError('There is no lead with this id.')
  refuseMerged(entry)
  const at = now.toISOString()
  const event: LeadEvent = { at, by: actor, type: 'note', text }
  await dynamo().send(
    new PutCommand({
      TableName: leadsTable(),
      Item: {
        ...event,
        lead: id,
        [partitionKey]: timelinePartition,
        [sortKey]: `${id}#${at}#${randomUUID().slice(0, 8)}`,
      },
    }),
  )
  try {
    const reply = await updateIf({
      TableName: leadsTable(),
      Key: leadKey(entry),
      UpdateExpression: 'SET latestNote = :text, latestNoteAt = :at',
      // A lead erased meanwhile is not written back.
      ConditionExpression: 'attribute_exists(#pk)',
      ExpressionAttributeNames: { '#pk': partitionKey },
      ExpressionAttributeValues: { ':text': text, ':at': at },
      ReturnValues: 'ALL_NEW',
    })
    // Its entries carry the note too (their keys do not change): an export of a view reads it there.
    if (reply?.Attributes)
      await writeEntries(leadSummary(partitionOfKind[entry.kind], reply.Attributes), entry)
  } catch (error) {
    logger.error(`${alarmedLogEvents.leadIndexNotUpdated}; the note is stored`, {
      lead: id,
      error: loggedError(error),
    })
  }
  return event
}

/** How many times an attempt is tried on a fresh copy of the lead when a colleague changed it meanwhile. */
const attemptRounds = 3

/**
 * POST /api/admin/leads/{id}/attempts: logs a contact attempt as `actor`, with its next step, in ONE
 * conditional update of the lead's item: the attempt joins its history, the first attempt stamps
 * `firstContactAt` (never moved after), and the status and the follow-up (a date and a time: its date keeps
 * the INBOX#FOLLOWUP key) change with their own history events. A change of status or follow-up is made on
 * the version read, under a condition: when a colleague changed the lead meanwhile the attempt is tried again
 * on the fresh copy (the body names no version: the dialog's next step applies to the lead as it is), and a
 * move that copy no longer allows is refused (400, nothing written). Then, as after every change, the status
 * counters move and the inbox entries are rewritten (they carry `firstContactAt`), and the first attempt is
 * recorded in the response-time figures (response-figures.ts).
 */
export async function logLeadAttempt(
  id: string,
  attempt: LeadAttempt,
  actor: string,
  now = new Date(),
): Promise<LeadAttemptReply> {
  for (let round = 1; ; round += 1) {
    const logged = await logOnce(await findLead(id), attempt, actor, now)
    if (logged) return logged
    if (round === attemptRounds) throw new ConflictError(leadChangedMessage)
  }
}

/**
 * Takes a lead off the response clock's waiting list (waiting.ts), on its first attempt or its move out of
 * `new`: the sweep would find it answered and drop the entry too, but not once it has escalated it. A failure
 * is logged, never answered.
 */
export async function leaveWaiting(item: Record<string, unknown>): Promise<void> {
  if (typeof item.clockStartedAt !== 'string') return
  try {
    await clearWaiting(String(item.id), item.clockStartedAt)
  } catch (error) {
    logger.error('A lead answered stayed on the waiting list', { lead: item.id, error: loggedError(error) })
  }
}

/** One try of logLeadAttempt on the lead as read; undefined when its version moved meanwhile. */
async function logOnce(
  found: FoundLead,
  attempt: LeadAttempt,
  actor: string,
  now: Date,
): Promise<LeadAttemptReply | undefined> {
  const before = found.summary
  refuseMerged(before)
  const at = now.toISOString()
  const logged: LeadEvent = {
    at,
    by: actor,
    type: 'attempt',
    channel: attempt.channel,
    outcome: attempt.outcome,
    ...(attempt.note ? { text: attempt.note } : {}),
    ...(attempt.callbackAt ? { callbackAt: attempt.callbackAt } : {}),
    ...(attempt.template ? { template: attempt.template } : {}),
  }
  const events: LeadEvent[] = [logged]
  const sets = [
    '#history = list_append(if_not_exists(#history, :none), :events)',
    'firstContactAt = if_not_exists(firstContactAt, :now)',
    'updatedAt = :now',
  ]
  const removes: string[] = []
  const values: Record<string, unknown> = { ':none': [], ':now': at }

  if (attempt.status !== undefined && attempt.status !== before.status) {
    // Lost asks for its reason, which the pipeline's status change takes (PATCH), not an attempt.
    const refusal =
      attempt.status === 'lost'
        ? `Move a lead to ${leadStatusLabels.lost} with its reason, in the pipeline`
        : moveRefusal(before.status, attempt.status)
    if (refusal) throw new BadRequestError('Check the highlighted fields.', { status: refusal })
    sets.push('#status = :status', 'statusChangedAt = :now')
    values[':status'] = attempt.status
    if (before.status === 'lost') removes.push('lostReason', 'lostNote')
    events.push({ at, by: actor, type: 'status', from: before.status, to: attempt.status })
  }
  if (attempt.followUpAt !== undefined && attempt.followUpAt !== before.followUpAt) {
    const followUpOn = businessDateOf(new Date(attempt.followUpAt))
    sets.push('followUpOn = :followUpOn', 'followUpAt = :followUpAt')
    values[':followUpOn'] = followUpOn
    values[':followUpAt'] = attempt.followUpAt
    events.push({
      at,
      by: actor,
      type: 'follow-up',
      from: before.followUpOn ?? null,
      to: followUpOn,
      followUpAt: attempt.followUpAt,
    })
  }
  // Only a change of what the pipeline's form edits raises the version (an open copy of it is then stale).
  const moves = events.length > 1
  if (moves) {
    sets.push('#version = :next')
    values[':next'] = before.version + 1
    values[':current'] = before.version
  }
  const reply = await updateIf({
    TableName: leadsTable(),
    Key: leadKey(before),
    UpdateExpression: setAndRemove(sets, removes),
    // Never on a lead merged meanwhile (lead-merge.ts): the attempt would stay behind on the closed copy.
    ConditionExpression: `attribute_exists(#pk)${
      moves ? ` AND ${atVersion(before.version)}` : ''
    } AND attribute_not_exists(mergedInto)`,
    ExpressionAttributeNames: {
      '#pk': partitionKey,
      '#history': 'history',
      ...(moves ? { '#version': 'version' } : {}),
      ...(values[':status'] !== undefined ? { '#status': 'status' } : {}),
    },
    ExpressionAttributeValues: { ...values, ':events': events },
    ReturnValues: 'ALL_NEW',
  })
  if (!reply?.Attributes) {
    // Erased meanwhile (the next read says so), or changed by a colleague: read it again.
    return undefined
  }
  const after = await leadAfterUpdate(found, reply.Attributes, now)
  await Promise.all([
    writeEntries(after.summary, before),
    before.firstContactAt === undefined ? leaveWaiting(found.item) : undefined,
    recordFigureChange(before, after.summary, actor),
  ])
  return { attempt: logged, firstContactAt: after.summary.firstContactAt ?? at, lead: detailOf(after, now) }
}
