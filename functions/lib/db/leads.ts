import { randomUUID } from 'node:crypto'
import { GetCommand } from '@aws-sdk/lib-dynamodb'
import type { Page, StoredLead } from '@core/api-types'
import { type Assignment, assignmentActor, chooseAssignee, type LeadToAssign } from '@core/assignment'
import { clockStart } from '@core/business-clock'
import { businessDateOf } from '@core/business-days'
import { businessDateLabel } from '@core/date-labels'
import type { LeadEvent, PersonLead } from '@core/lead-views'
import { normaliseEmail } from '@core/newsletter'
import { type BusinessCalendar, defaultSalesSettings } from '@core/sales-settings'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { ConflictError } from '../errors'
import { alarmedLogEvents } from '../log-events'
import { loggedError, logger } from '../logging'
import { tables } from '../store-definitions'
import { countStored } from './counters'
import { claimIdempotencyKey, type LeadIdentity } from './idempotency'
import { leadSummary, type StoredSummary, writeEntries } from './inbox'
import { claimReference } from './lead-references'
import { countNewLead } from './lead-stats'
import { listNewestFirst, putIfAbsent, withoutKey } from './partition-io'
import { leadsOfPerson, openLeadOf } from './person-leads'
import { recordArrival } from './response-figures'
import { advanceRotation, readAssignmentContext } from './sales-settings'
import { addWaiting } from './waiting'

/** The kinds of lead, each its own partition of the leads table. */
export type LeadKind = 'CONTACT' | 'QUOTE' | 'NEWSLETTER'

const { partitionKey, sortKey } = tables.leads
/** Read on first use: a route that imports this module without using it needs no such table. */
const leadsTable = (): string => tableName('leads')

/** The largest page an admin list may ask for. */
export const maxPageSize = 100

export type Lead<T> = T & StoredLead

/** The result of storing a lead: `created` is false when the lead was there already (a retry). */
export interface StoredResult<T> {
  readonly lead: Lead<T>
  readonly created: boolean
}

/**
 * Stores a lead of `kind` with server time and a new id, then counts it (UpdateItem ADD on the kind's
 * counter). The item is written first: a counter that fails to update can be recounted, a lost lead cannot.
 *
 * With an `idempotencyKey` (the client's, one per form fill) the lead's id and time come from the key's
 * record (functions/lib/db/idempotency.ts), and the item is written only if absent: a retry or a double
 * click answers the first lead with `created: false` and counts nothing. A quote or contact also gets its
 * inbox entries (inbox.ts) and moves the workspace's figures (lead-stats.ts). One assigned on arrival
 * (`assign`) that is not a job application starts the response clock: its item names the clock's start
 * (`clockStartedAt`: the arrival, or the next opening) and it gets a waiting entry (waiting.ts) for the
 * sweep. A counter or entry that fails after the lead is stored is logged, not thrown (see countAfterWrite,
 * writeEntries).
 */
export async function storeLead<T extends object>(
  kind: LeadKind,
  data: T,
  options: {
    now?: Date
    idempotencyKey?: string | undefined
    assign?: LeadToAssign
    /** A lead staff add by hand while talking to the person: theirs, not the rules', and off the clock. */
    assignTo?: { readonly username: string; readonly reason: string }
    /** More of the timeline's first events (a lead added by hand: its status, its note). */
    events?: readonly LeadEvent[]
    /** Give the lead a visitor's reference (lead-references.ts): the quote and contact forms, a lead by hand. */
    reference?: boolean
  } = {},
): Promise<StoredResult<T>> {
  const now = options.now ?? new Date()
  let identity: LeadIdentity = { id: randomUUID(), createdAt: now.toISOString() }
  // The assignment's rules and the person's other leads are read beside the idempotency claim (round trips
  // in parallel, not after it).
  const person = options.assign && kind !== 'NEWSLETTER' ? readPerson(kind, data) : Promise.resolve([])
  const [claimed, arrival] = await Promise.all([
    options.idempotencyKey
      ? claimIdempotencyKey(kind, options.idempotencyKey, identity, now)
      : Promise.resolve(identity),
    options.assign ? assignOnArrival(options.assign, now, person) : Promise.resolve(undefined),
  ])
  identity = claimed
  // After the id is settled: a retry claims its first reference again and gets the same one.
  const reference = options.reference ? await claimReference(identity.id) : undefined
  const assignment: Assignment | undefined = arrival?.assignment ?? options.assignTo
  // A job application is the owners' business, outside the sales clock.
  const clock =
    arrival && kind !== 'NEWSLETTER' && !options.assign?.jobApplication
      ? { clockStartedAt: clockStart(new Date(identity.createdAt), arrival.calendar).toISOString() }
      : {}
  const firstEvents = assignedFields(assignment, now, options.assignTo?.username ?? assignmentActor)
  const history = [...firstEvents, ...(options.events ?? [])]
  const lead = {
    ...data,
    ...identity,
    ...(reference ? { reference } : {}),
    ...(assignment?.username ? { assignee: assignment.username } : {}),
    ...(history.length > 0 ? { history } : {}),
    ...clock,
  } as Lead<T>
  const item = { ...lead, [partitionKey]: kind, [sortKey]: `${lead.createdAt}#${lead.id}` }
  if (!(await putIfAbsent('leads', item))) {
    if (options.idempotencyKey) return { lead, created: false }
    // Without a key the id is new, so an item under it means a clash: the client may simply send again.
    throw new ConflictError()
  }
  await countStored('leads', kind, 1)
  if (kind !== 'NEWSLETTER') {
    // The inbox finds the lead by its entries; they and its figures follow the lead, never fail it.
    const summary = leadSummary(kind, item)
    await Promise.all([
      writeEntries(summary),
      countNewLead(summary, now),
      turnRotation(assignment),
      clock.clockStartedAt ? startWaiting(summary, clock.clockStartedAt) : undefined,
      clock.clockStartedAt ? recordArrival(summary) : undefined,
    ])
  }
  return { lead, created: true }
}

/** The lead's waiting entry, once it is stored; a failure is logged (the lead is stored, its clock unwatched). */
async function startWaiting(summary: StoredSummary, clockStartedAt: string): Promise<void> {
  try {
    await addWaiting({
      id: summary.id,
      kind: summary.kind,
      createdAt: summary.createdAt,
      clockStart: clockStartedAt,
      ...(summary.assignee ? { assignee: summary.assignee } : {}),
    })
  } catch (error) {
    logger.error(
      `${alarmedLogEvents.leadIndexNotUpdated}; the lead is stored, its response clock not watched`,
      {
        lead: summary.id,
        error: loggedError(error),
      },
    )
  }
}

/**
 * The person's other leads (person-leads.ts), by the new lead's phone number and e-mail; none when they cannot
 * be read (the lead is then assigned by the rules alone, never refused for it).
 */
async function readPerson(kind: 'QUOTE' | 'CONTACT', data: object): Promise<PersonLead[]> {
  const { phone, email } = leadSummary(kind, { ...data, id: '', createdAt: '' })
  if (!phone && !email) return []
  try {
    return await leadsOfPerson({ phone, email })
  } catch (error) {
    logger.error("A new lead was not matched with the person's other leads", { error: loggedError(error) })
    return []
  }
}

/**
 * Who a new lead goes to (core/assignment.ts), from the sales settings, keeping a person who has an open
 * lead with its assignee, and the business calendar its clock runs on; when the settings cannot be read, the
 * lead is stored unassigned (and found under Unassigned), its clock on the default hours, never refused for it.
 */
async function assignOnArrival(
  lead: LeadToAssign,
  now: Date,
  person: Promise<PersonLead[]>,
): Promise<{ assignment?: Assignment; calendar: BusinessCalendar }> {
  try {
    const [{ settings, roster }, others] = await Promise.all([readAssignmentContext(), person])
    // The newest open lead that someone has (one stored unassigned says nothing of who knows the person).
    const open = openLeadOf(others.filter((other) => other.assignee !== undefined))
    const sameAs = open?.assignee
      ? {
          username: open.assignee,
          reason: `same person as their ${open.kind} of ${businessDateLabel(new Date(open.createdAt))}`,
        }
      : undefined
    return {
      assignment: chooseAssignee({ ...lead, sameAs }, settings, roster, businessDateOf(now.getTime())),
      calendar: settings.calendar,
    }
  } catch (error) {
    logger.error('A new lead could not be assigned: the sales settings were not read', {
      error: loggedError(error),
    })
    return { calendar: defaultSalesSettings.calendar }
  }
}

/** The timeline's first event of a lead assigned on arrival (by the rules, or by the staff who added it). */
function assignedFields(assignment: Assignment | undefined, now: Date, by: string): LeadEvent[] {
  if (!assignment?.username) return []
  return [
    {
      at: now.toISOString(),
      by,
      type: 'assignee',
      from: null,
      to: assignment.username,
      text: assignment.reason,
    },
  ]
}

/** The round robin's next turn, once the lead it chose is stored; a failure only repeats a turn. */
async function turnRotation(assignment: Assignment | undefined): Promise<void> {
  if (!assignment?.rotation) return
  try {
    await advanceRotation(assignment.rotation.pool, assignment.rotation.last)
  } catch (error) {
    logger.error('The round robin did not move on after an assignment', { error: loggedError(error) })
  }
}

/**
 * Stores a newsletter signup once per address: the item is keyed by the normalised e-mail (sk = the
 * address) and written only if absent, so a second signup of the same address is not a second row (and is
 * not counted); it answers the first signup with `created: false`.
 */
export async function subscribeNewsletter<T extends { email: string }>(
  signup: T,
  now = new Date(),
): Promise<StoredResult<T>> {
  const email = normaliseEmail(signup.email)
  const lead = { ...signup, email, id: randomUUID(), createdAt: now.toISOString() } as Lead<T>
  if (!(await putIfAbsent('leads', { ...lead, [partitionKey]: 'NEWSLETTER', [sortKey]: email }))) {
    const existing = await dynamo().send(
      new GetCommand({
        TableName: leadsTable(),
        Key: { [partitionKey]: 'NEWSLETTER', [sortKey]: email },
        ConsistentRead: true,
      }),
    )
    if (!existing.Item) return { lead, created: false }
    return { lead: withoutKey('leads', existing.Item) as unknown as Lead<T>, created: false }
  }
  await countStored('leads', 'NEWSLETTER', 1)
  return { lead, created: true }
}

/** The newest leads of `kind` first, one Query, `limit` at a time, continuing from `cursor`. */
export async function listLeads<T extends object>(
  kind: LeadKind,
  options: { limit: number; cursor?: string | undefined },
): Promise<Page<Lead<T>>> {
  return (await listNewestFirst('leads', kind, options, maxPageSize)) as Page<Lead<T>>
}
