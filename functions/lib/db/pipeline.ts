import { randomUUID } from 'node:crypto'
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import {
  canMoveLead,
  type LeadChange,
  type LeadDetail,
  type LeadEvent,
  leadStatusLabels,
} from '@core/pipeline'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { BadRequestError, ConflictError, NotFoundError } from '../errors'
import { tables } from '../stores'
import { entryById, isFollowUpOpen, leadKey, leadSummary, type StoredSummary, writeEntries } from './inbox'
import { countStatusMove } from './lead-stats'
import { queryPages, updateIf, withoutKey } from './partition'

/**
 * The sales pipeline on the stored leads: a lead's detail and timeline, a change of status, assignee or
 * follow-up under optimistic concurrency, and notes. The lead's own item (QUOTE or CONTACT partition) holds
 * its pipeline state; each change and note is also an entry of the TIMELINE partition (sk
 * `<lead id>#<time>#<n>`), and the lead's inbox entries are rewritten after it (inbox.ts).
 */

/** A lead's changes and notes, in the TIMELINE partition. */
export const timelinePartition = 'TIMELINE'
/** The most timeline entries a lead's page shows (the oldest first). */
export const maxTimelineEntries = 500

const { partitionKey, sortKey } = tables.leads
const leadsTable = (): string => tableName('leads')

export const leadChangedMessage =
  'Someone else changed this lead since you opened it. Reload it to see their change, then try again.'

interface FoundLead {
  readonly summary: StoredSummary
  /** The lead's own item, without its key. */
  readonly item: Record<string, unknown>
}

/** The lead with this id, read from its own item (the truth, not its inbox entry); NotFoundError if none. */
async function findLead(id: string): Promise<FoundLead> {
  const entry = await entryById(id)
  if (!entry) throw new NotFoundError('There is no lead with this id.')
  const reply = await dynamo().send(
    new GetCommand({ TableName: leadsTable(), Key: leadKey(entry), ConsistentRead: true }),
  )
  if (!reply.Item) throw new NotFoundError('There is no lead with this id.')
  const kind = entry.kind === 'quote' ? 'QUOTE' : 'CONTACT'
  return { summary: leadSummary(kind, reply.Item), item: withoutKey('leads', reply.Item) }
}

/** The lead as its page shows it: the summary with every stored field. */
function detailOf(found: FoundLead, now: Date): LeadDetail['lead'] {
  return { ...found.summary, followUpDue: isFollowUpOpen(found.summary, now), fields: found.item }
}

/** GET /api/admin/leads/{id}: the lead and its timeline, oldest first. */
export async function leadDetail(id: string, now = new Date()): Promise<LeadDetail> {
  const found = await findLead(id)
  const events: LeadEvent[] = []
  const pages = queryPages({
    TableName: leadsTable(),
    KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :lead)',
    ExpressionAttributeNames: { '#pk': partitionKey, '#sk': sortKey },
    ExpressionAttributeValues: { ':pk': timelinePartition, ':lead': `${id}#` },
  })
  for await (const page of pages) {
    for (const item of page.Items ?? []) {
      const { [partitionKey]: _pk, [sortKey]: _sk, lead: _lead, ...event } = item
      events.push(event as LeadEvent)
    }
    if (events.length >= maxTimelineEntries) break
  }
  return { lead: detailOf(found, now), events: events.slice(0, maxTimelineEntries) }
}

/** Writes the timeline entries of one change (several events share its time, numbered in order). */
async function recordEvents(leadId: string, events: readonly LeadEvent[]): Promise<void> {
  await Promise.all(
    events.map((event, index) =>
      dynamo().send(
        new PutCommand({
          TableName: leadsTable(),
          Item: {
            ...event,
            lead: leadId,
            [partitionKey]: timelinePartition,
            [sortKey]: `${leadId}#${event.at}#${index}-${randomUUID().slice(0, 8)}`,
          },
        }),
      ),
    ),
  )
}

/** Someone who may be given leads: checked by the caller (an existing colleague who works leads). */
export type AssigneeCheck = (username: string) => Promise<string | undefined>

/**
 * PATCH /api/admin/leads/{id}: applies `change`, made on the lead's `change.version`, as `actor`. The lead's
 * item is updated under the condition that its version is still that one (ConflictError otherwise, nothing
 * written); then the change is recorded in the timeline, the status counters move and the inbox entries are
 * rewritten. `checkAssignee` answers a message when the named colleague cannot be given leads.
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
  if (change.version !== before.version) throw new ConflictError(leadChangedMessage)

  const at = now.toISOString()
  const sets: string[] = ['#version = :next', 'updatedAt = :now']
  const removes: string[] = []
  const values: Record<string, unknown> = { ':next': before.version + 1, ':now': at }
  const events: LeadEvent[] = []
  const fields: Record<string, string> = {}

  if (change.status !== undefined && change.status !== before.status) {
    if (!canMoveLead(before.status, change.status)) {
      fields.status = `A ${leadStatusLabels[before.status]} lead cannot move to ${leadStatusLabels[change.status]}`
    } else {
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
    UpdateExpression: `SET ${sets.join(', ')}${removes.length > 0 ? ` REMOVE ${removes.join(', ')}` : ''}`,
    // The version a lead stored before the pipeline has is 0, though it has no attribute.
    ConditionExpression:
      before.version === 0
        ? 'attribute_exists(#pk) AND (attribute_not_exists(#version) OR #version = :current)'
        : 'attribute_exists(#pk) AND #version = :current',
    ExpressionAttributeNames: {
      '#pk': partitionKey,
      '#version': 'version',
      ...(values[':status'] !== undefined ? { '#status': 'status' } : {}),
    },
    ExpressionAttributeValues: { ...values, ':current': before.version },
    ReturnValues: 'ALL_NEW',
  })
  if (!reply?.Attributes) throw new ConflictError(leadChangedMessage)

  const kind = before.kind === 'quote' ? 'QUOTE' : 'CONTACT'
  const after: FoundLead = {
    summary: leadSummary(kind, reply.Attributes),
    item: withoutKey('leads', reply.Attributes),
  }
  await recordEvents(id, events)
  if (after.summary.status !== before.status) {
    await countStatusMove(before, after.summary, storedStatusChangedAt(found.item), now)
  }
  await writeEntries(after.summary, before)
  return detailOf(after, now)
}

const storedStatusChangedAt = (item: Record<string, unknown>): string | undefined =>
  typeof item.statusChangedAt === 'string' ? item.statusChangedAt : undefined

/**
 * POST /api/admin/leads/{id}/notes: adds a note to the lead's timeline and keeps it as the lead's latest
 * (exports show it). A note does not change the lead's version: a colleague's open copy stays current.
 */
export async function addLeadNote(
  id: string,
  text: string,
  actor: string,
  now = new Date(),
): Promise<LeadEvent> {
  const entry = await entryById(id)
  if (!entry) throw new NotFoundError('There is no lead with this id.')
  const at = now.toISOString()
  const reply = await updateIf({
    TableName: leadsTable(),
    Key: leadKey(entry),
    UpdateExpression: 'SET latestNote = :text, latestNoteAt = :at',
    ConditionExpression: 'attribute_exists(#pk)',
    ExpressionAttributeNames: { '#pk': partitionKey },
    ExpressionAttributeValues: { ':text': text, ':at': at },
  })
  if (!reply) throw new NotFoundError('There is no lead with this id.')
  const event: LeadEvent = { at, by: actor, type: 'note', text }
  await recordEvents(id, [event])
  return event
}
