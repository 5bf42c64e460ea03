import { randomUUID } from 'node:crypto'
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import type { LeadDetail, LeadEvent } from '@core/lead-views'
import type { VisitBooking, VisitChange } from '@core/site-visit-schema'
import { isVisitSlot, maxVisitsPerLead, type SiteVisit, type VisitListing } from '@core/site-visits'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { BadRequestError, ConflictError, NotFoundError } from '../errors'
import { alarmedLogEvents } from '../log-events'
import { loggedError, logger } from '../logging'
import { tables } from '../store-definitions'
import { leadKey, type StoredSummary, writeEntries } from './inbox'
import {
  type AssigneeCheck,
  atVersion,
  detailOf,
  type FoundLead,
  findLead,
  leadAfterUpdate,
  leadChangedMessage,
  moveRefusal,
} from './lead-changes'
import { queryPages, setAndRemove, updateIf } from './partition-io'

/**
 * Site visits on the stored leads. A lead's visits live on its own item (`visits`, a list: a visit keeps its
 * place in it), each booking, reschedule and cancellation written by ONE conditional update together with
 * its timeline event (and, for a booking, the move to `site-visit` with its own event), so a visit is never
 * kept without its record. The Visits view reads an index of its own, INBOX#VISIT, sk =
 * `<date>#<slot>#<lead id>#<visit id>`: the visits of a run of days are one Query of one key range, in the
 * order of the day (the slots' ids sort so). An entry holds what the view shows (the slot, the engineer, the
 * lead's name and PIN code); a cancelled visit has none. The lead's item stays the truth: the entries are
 * rewritten after each change, and `npm run admin -- reindex-leads` rebuilds them (visitEntryKeys).
 */
export const visitPartition = 'INBOX#VISIT'

const { partitionKey, sortKey } = tables.leads
const leadsTable = (): string => tableName('leads')

/** The visits stored on a lead's item (an item without any has none). */
export function visitsOf(item: Record<string, unknown>): SiteVisit[] {
  return Array.isArray(item.visits)
    ? (item.visits as SiteVisit[]).filter((visit) => typeof visit?.id === 'string' && isVisitSlot(visit.slot))
    : []
}

/** The sort key of a booked visit's entry. */
export const visitSortKey = (leadId: string, visit: Pick<SiteVisit, 'id' | 'date' | 'slot'>): string =>
  `${visit.date}#${visit.slot}#${leadId}#${visit.id}`

/** The entries a lead's visits have: one per booked visit (reindex.ts writes these). */
export function visitEntryItems(
  summary: Pick<StoredSummary, 'id' | 'name' | 'pincode'>,
  visits: readonly SiteVisit[],
): Record<string, unknown>[] {
  return visits
    .filter((visit) => visit.status === 'booked')
    .map((visit) => {
      const listing: VisitListing = {
        leadId: summary.id,
        visitId: visit.id,
        date: visit.date,
        slot: visit.slot,
        engineer: visit.engineer,
        ...(summary.pincode ? { pincode: summary.pincode } : {}),
        ...(summary.name ? { name: summary.name } : {}),
      }
      return { ...listing, [partitionKey]: visitPartition, [sortKey]: visitSortKey(summary.id, visit) }
    })
}

/** What a visit change answers: the visit and the lead after it. */
export interface VisitChangeResult {
  readonly visit: SiteVisit
  readonly lead: LeadDetail['lead']
  /** The visit as it was before a reschedule or cancellation. */
  readonly before?: SiteVisit
}

/** A visit's slot as the timeline shows it: `2026-11-28 09-11 sunil`. */
const slotText = (visit: Pick<SiteVisit, 'date' | 'slot' | 'engineer'>) =>
  `${visit.date} ${visit.slot} ${visit.engineer}`

/** How many times a booking is tried on a fresh copy of the lead when a colleague changed it meanwhile. */
const bookingRounds = 3

/**
 * POST /api/admin/leads/{id}/visits: books a visit as `actor`. The visit joins the lead's `visits` and its
 * event the history, and a lead not yet at `site-visit` moves there (pipeline-rules.ts; its own event, the
 * version raised, under a condition on the version read, tried again on a fresh copy when a colleague
 * changed it meanwhile), all in one conditional update. 400 (nothing written) for an engineer who does not
 * work leads, a move the pipeline refuses or a lead with `maxVisitsPerLead` visits; 404 for no such lead.
 * Then the status counters, the inbox entries and the visit's INBOX#VISIT entry follow.
 */
export async function bookVisit(
  id: string,
  booking: VisitBooking,
  actor: string,
  checkEngineer: AssigneeCheck,
  now = new Date(),
): Promise<VisitChangeResult> {
  const refusal = await checkEngineer(booking.engineer)
  if (refusal) throw new BadRequestError('Check the highlighted fields.', { engineer: refusal })
  for (let round = 1; ; round += 1) {
    const booked = await bookOnce(await findLead(id), booking, actor, now)
    if (booked) return booked
    if (round === bookingRounds) throw new ConflictError(leadChangedMessage)
  }
}

async function bookOnce(
  found: FoundLead,
  booking: VisitBooking,
  actor: string,
  now: Date,
): Promise<VisitChangeResult | undefined> {
  const before = found.summary
  const visits = visitsOf(found.item)
  if (visits.length >= maxVisitsPerLead) {
    throw new BadRequestError(`A lead keeps at most ${maxVisitsPerLead} visits: reschedule one of them.`)
  }
  const at = now.toISOString()
  const siteAddress = typeof found.item.siteAddress === 'string' ? found.item.siteAddress.trim() : ''
  const address = booking.address || siteAddress
  const visit: SiteVisit = {
    id: randomUUID(),
    date: booking.date,
    slot: booking.slot,
    engineer: booking.engineer,
    ...(address ? { address } : {}),
    ...(booking.notes ? { notes: booking.notes } : {}),
    status: 'booked',
    sequence: 0,
    bookedAt: at,
    bookedBy: actor,
  }
  const events: LeadEvent[] = [
    {
      at,
      by: actor,
      type: 'visit',
      visitAction: 'booked',
      visitId: visit.id,
      to: slotText(visit),
      ...(visit.notes ? { text: visit.notes } : {}),
    },
  ]
  const sets = [
    'visits = list_append(if_not_exists(visits, :none), :visit)',
    '#history = list_append(if_not_exists(#history, :none), :events)',
    'updatedAt = :now',
  ]
  const removes: string[] = []
  const values: Record<string, unknown> = { ':none': [], ':now': at, ':visit': [visit] }
  const moves = before.status !== 'site-visit'
  if (moves) {
    const refusal = moveRefusal(before.status, 'site-visit')
    if (refusal) throw new BadRequestError('Check the highlighted fields.', { status: refusal })
    sets.push('#status = :status', 'statusChangedAt = :now', '#version = :next')
    values[':status'] = 'site-visit'
    values[':next'] = before.version + 1
    values[':current'] = before.version
    if (before.status === 'lost') removes.push('lostReason', 'lostNote')
    events.push({ at, by: actor, type: 'status', from: before.status, to: 'site-visit' })
  }
  const reply = await updateIf({
    TableName: leadsTable(),
    Key: leadKey(before),
    UpdateExpression: setAndRemove(sets, removes),
    ConditionExpression: `attribute_exists(#pk) AND ${moves ? atVersion(before.version) : '#status = :current_status'}`,
    ExpressionAttributeNames: {
      '#pk': partitionKey,
      '#history': 'history',
      '#status': 'status',
      ...(moves ? { '#version': 'version' } : {}),
    },
    ExpressionAttributeValues: {
      ...values,
      ':events': events,
      ...(moves ? {} : { ':current_status': 'site-visit' }),
    },
    ReturnValues: 'ALL_NEW',
  })
  // Erased meanwhile (the next read says so), or changed by a colleague: read it again.
  if (!reply?.Attributes) return undefined
  // Its status counters and inbox entries follow, as after every change; then the visit's entry.
  const after = await leadAfterUpdate(found, reply.Attributes, now)
  await writeEntries(after.summary, found.summary)
  await writeVisitEntries(after.summary, [visit], [])
  return { visit, lead: detailOf(after, now) }
}

/**
 * PATCH /api/admin/leads/{id}/visits/{visitId}: reschedules (a new date, slot, engineer, address or notes)
 * or cancels a booked visit as `actor`, made on the visit's `change.sequence`. The visit keeps its place in
 * the lead's `visits`, its sequence raised, and the change joins the history with the slot before and after
 * (who and when), in one update under the condition that the visit is still the one read. 404 for no such
 * lead or visit; 409 for a cancelled visit (book a new one) or a visit changed since `change.sequence`;
 * 400 for an engineer who does not work leads. Nothing is written on any of them. The lead's status stays.
 */
export async function changeVisit(
  id: string,
  visitId: string,
  change: VisitChange,
  actor: string,
  checkEngineer: AssigneeCheck,
  now = new Date(),
): Promise<VisitChangeResult> {
  const found = await findLead(id)
  const visits = visitsOf(found.item)
  const index = visits.findIndex((visit) => visit.id === visitId)
  const before = visits[index]
  if (index < 0 || !before) throw new NotFoundError('This lead has no such visit.')
  if (before.status === 'cancelled') {
    throw new ConflictError('This visit is cancelled: book a new one instead.')
  }
  if (before.sequence !== change.sequence) {
    throw new ConflictError(
      'Someone else changed this visit since you opened it. Reload the lead and try again.',
    )
  }
  const at = now.toISOString()
  let visit: SiteVisit
  let event: LeadEvent
  if (change.action === 'cancel') {
    visit = { ...before, status: 'cancelled', sequence: before.sequence + 1, updatedAt: at, updatedBy: actor }
    event = {
      at,
      by: actor,
      type: 'visit',
      visitAction: 'cancelled',
      visitId,
      from: slotText(before),
      ...(change.reason ? { text: change.reason } : {}),
    }
  } else {
    if (change.engineer !== before.engineer) {
      const refusal = await checkEngineer(change.engineer)
      if (refusal) throw new BadRequestError('Check the highlighted fields.', { engineer: refusal })
    }
    const { address: _address, notes: _notes, ...kept } = before
    const address = change.address ?? before.address
    const notes = change.notes ?? before.notes
    visit = {
      ...kept,
      date: change.date,
      slot: change.slot,
      engineer: change.engineer,
      ...(address ? { address } : {}),
      ...(notes ? { notes } : {}),
      sequence: before.sequence + 1,
      updatedAt: at,
      updatedBy: actor,
    }
    event = {
      at,
      by: actor,
      type: 'visit',
      visitAction: 'rescheduled',
      visitId,
      from: slotText(before),
      to: slotText(visit),
      ...(change.notes ? { text: change.notes } : {}),
    }
  }
  const reply = await updateIf({
    TableName: leadsTable(),
    Key: leadKey(found.summary),
    UpdateExpression: `SET visits[${index}] = :visit, #history = list_append(if_not_exists(#history, :none), :events), updatedAt = :now`,
    ConditionExpression: `attribute_exists(#pk) AND visits[${index}].id = :visitId AND visits[${index}].#sequence = :sequence`,
    ExpressionAttributeNames: { '#pk': partitionKey, '#history': 'history', '#sequence': 'sequence' },
    ExpressionAttributeValues: {
      ':visit': visit,
      ':events': [event],
      ':none': [],
      ':now': at,
      ':visitId': visitId,
      ':sequence': before.sequence,
    },
    ReturnValues: 'ALL_NEW',
  })
  if (!reply?.Attributes) {
    throw new ConflictError(
      'Someone else changed this visit since you opened it. Reload the lead and try again.',
    )
  }
  // The status stays (a visit's change moves no counter): only the entries follow.
  const after = await leadAfterUpdate(found, reply.Attributes, now, false)
  await writeEntries(after.summary, found.summary)
  await writeVisitEntries(after.summary, [visit], [before])
  return { visit, lead: detailOf(after, now), before }
}

/**
 * Writes the entries of `visits` (now) and deletes those of `previous` that they no longer have (a slot that
 * moved, a visit cancelled). A failure is logged for an alarm, never answered: the visit is stored on the
 * lead already, and reindex-leads rebuilds the entries.
 */
async function writeVisitEntries(
  summary: StoredSummary,
  visits: readonly SiteVisit[],
  previous: readonly SiteVisit[],
): Promise<void> {
  const items = visitEntryItems(summary, visits)
  const kept = new Set(items.map((item) => String(item[sortKey])))
  const stale = previous.map((visit) => visitSortKey(summary.id, visit)).filter((key) => !kept.has(key))
  const results = await Promise.allSettled([
    ...items.map((item) => dynamo().send(new PutCommand({ TableName: leadsTable(), Item: item }))),
    ...stale.map((key) =>
      dynamo().send(
        new DeleteCommand({
          TableName: leadsTable(),
          Key: { [partitionKey]: visitPartition, [sortKey]: key },
        }),
      ),
    ),
  ])
  const failed = results.find((result) => result.status === 'rejected')
  if (failed) {
    logger.error(
      `${alarmedLogEvents.leadIndexNotUpdated}; the visit is stored (repair: npm run admin -- reindex-leads)`,
      { lead: summary.id, error: loggedError((failed as PromiseRejectedResult).reason) },
    )
  }
}

/** The most visits the Visits view lists at once: a month of a small team's visits, many times over. */
export const maxVisitsListed = 1000

/**
 * GET /api/admin/visits: the booked visits of the days `from` to `to` (calendar dates in India), in the order
 * of the day: one Query of INBOX#VISIT's key range, paged to at most `maxVisitsListed` visits.
 */
export async function listVisits(from: string, to: string): Promise<VisitListing[]> {
  const listings: VisitListing[] = []
  for await (const reply of queryPages({
    TableName: leadsTable(),
    // `~` sorts after every slot id: the last day's visits are all within the range.
    KeyConditionExpression: '#pk = :kind AND #sk BETWEEN :from AND :to',
    ExpressionAttributeNames: { '#pk': partitionKey, '#sk': sortKey },
    ExpressionAttributeValues: { ':kind': visitPartition, ':from': `${from}#`, ':to': `${to}#~` },
    Limit: 500,
  })) {
    for (const item of reply.Items ?? []) {
      const { [partitionKey]: _pk, [sortKey]: _sk, ...listing } = item
      listings.push(listing as VisitListing)
    }
    if (listings.length >= maxVisitsListed) break
  }
  return listings.slice(0, maxVisitsListed)
}

/** A lead's visit and the lead, for its calendar file: 404 when either is missing. */
export async function visitOfLead(
  id: string,
  visitId: string,
): Promise<{ visit: SiteVisit; lead: StoredSummary }> {
  const found = await findLead(id)
  const visit = visitsOf(found.item).find((candidate) => candidate.id === visitId)
  if (!visit) throw new NotFoundError('This lead has no such visit.')
  return { visit, lead: found.summary }
}
