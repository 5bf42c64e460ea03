import { PutCommand } from '@aws-sdk/lib-dynamodb'
import { storedLeadStatus } from '@core/pipeline-rules'
import { type LeadResponse, untouchedAfterHours, visitedStatuses } from '@core/response-figures'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { alarmedLogEvents } from '../log-events'
import { loggedError, logger } from '../logging'
import { tables } from '../store-definitions'
import type { StoredSummary } from './inbox'
import { queryPages, setAndRemove, updateIf } from './partition-io'
import { storedText } from './stored-values'
import { waitingPartition } from './waiting'

/**
 * What the response-time figures read (core/response-figures.ts), kept as it happens so that the report never
 * reads the leads themselves: one small item per lead on the response clock in the FIGURES partition of the
 * leads table, sk `<arrival ISO>#<id>`, so the figures of the last 12 weeks are one Query of a key range
 * (a few hundred bytes a lead), never a Scan. Written when the lead arrives (its kind, status and assignee),
 * moved when the lead's status changes (`visited` once it reaches a site visit, kept if it is lost after)
 * and when it is reassigned before its first contact (by hand, or by the response clock's escalation),
 * and stamped with the first contact (`firstContactAt`) and who had the lead then: that person's line in
 * the figures, fixed from then on (a lead handed on later does not move a colleague's response time). The
 * business minutes are worked out when read, with the settings' hours and holidays. A job application is
 * outside the sales clock and has none. A write that fails is logged for the alarm, never the request's
 * error; `npm run admin -- reindex-leads` rebuilds the partition from the leads.
 */
export const figuresPartition = 'FIGURES'

const { partitionKey, sortKey } = tables.leads
const leadsTable = (): string => tableName('leads')

const figureKey = (summary: Pick<StoredSummary, 'createdAt' | 'id'>) => ({
  [partitionKey]: figuresPartition,
  [sortKey]: `${summary.createdAt}#${summary.id}`,
})

/**
 * The figure item of a lead with `summary`; `visited` when it reached a site visit at some time (its status
 * may have moved on). What the arrival writes and what the rebuild writes, so the two agree.
 */
export function figureItem(summary: StoredSummary, visited = false): Record<string, unknown> {
  return {
    ...figureKey(summary),
    id: summary.id,
    kind: summary.kind,
    createdAt: summary.createdAt,
    status: summary.status,
    ...(summary.segment ? { segment: summary.segment } : {}),
    ...(summary.assignee ? { assignee: summary.assignee } : {}),
    ...(summary.firstContactAt ? { firstContactAt: summary.firstContactAt } : {}),
    ...(visited || visitedStatuses.includes(summary.status) ? { visited: true } : {}),
  }
}

function logFailure(summary: StoredSummary, error: unknown): void {
  logger.error(
    `${alarmedLogEvents.leadIndexNotUpdated}; the lead is stored, its response figures not (repair: npm run admin -- reindex-leads)`,
    { lead: summary.id, error: loggedError(error) },
  )
}

/** The figure item of a lead that has just arrived on the response clock; a failure is logged. */
export async function recordArrival(summary: StoredSummary): Promise<void> {
  try {
    await dynamo().send(new PutCommand({ TableName: leadsTable(), Item: figureItem(summary) }))
  } catch (error) {
    logFailure(summary, error)
  }
}

/**
 * Moves a lead's figure item after a change from `before` to `after`: its status (and `visited`, never
 * cleared), its first contact and who had the lead then (`answeredBy` when it had nobody). Nothing is written
 * when none of these changed, nor for a lead without a figure item (one off the clock, or stored before
 * the figures: the rebuild writes those). A failure is logged.
 */
export async function recordFigureChange(
  before: StoredSummary,
  after: StoredSummary,
  answeredBy?: string,
): Promise<void> {
  const sets: string[] = []
  const removes: string[] = []
  const values: Record<string, unknown> = {}
  if (after.status !== before.status) {
    sets.push('#status = :status')
    values[':status'] = after.status
    if (visitedStatuses.includes(after.status)) {
      sets.push('visited = :visited')
      values[':visited'] = true
    }
  }
  const answeredNow = before.firstContactAt === undefined && after.firstContactAt !== undefined
  if (answeredNow) {
    sets.push('firstContactAt = if_not_exists(firstContactAt, :firstContactAt)')
    values[':firstContactAt'] = after.firstContactAt
  }
  // Until the first contact the line is the current assignee's; the first contact fixes it.
  const assignee = after.assignee ?? (answeredNow ? answeredBy : undefined)
  if (before.firstContactAt === undefined && (assignee !== before.assignee || answeredNow)) {
    if (assignee) {
      sets.push('assignee = :assignee')
      values[':assignee'] = assignee
    } else removes.push('assignee')
  }
  if (sets.length === 0 && removes.length === 0) return
  try {
    await updateIf({
      TableName: leadsTable(),
      Key: figureKey(after),
      UpdateExpression: setAndRemove(sets, removes),
      ConditionExpression: 'attribute_exists(#pk)',
      ExpressionAttributeNames: {
        '#pk': partitionKey,
        ...(values[':status'] !== undefined ? { '#status': 'status' } : {}),
      },
      ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
    })
  } catch (error) {
    logFailure(after, error)
  }
}

/** The leads that arrived at or after `since`, as the figures read them: one paged Query of a key range. */
export async function readFigures(since: Date): Promise<LeadResponse[]> {
  const leads: LeadResponse[] = []
  // An instant as stored; anything else (an item written by hand) is not one.
  const time = (value: unknown) =>
    typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined
  for await (const page of queryPages({
    TableName: leadsTable(),
    // The partition's value first: it names the partition for the tests' fakes.
    KeyConditionExpression: '#pk = :kind AND #sk >= :since',
    ExpressionAttributeNames: { '#pk': partitionKey, '#sk': sortKey },
    ExpressionAttributeValues: { ':kind': figuresPartition, ':since': since.toISOString() },
  })) {
    for (const item of page.Items ?? []) {
      const createdAt = time(item.createdAt)
      if (createdAt === undefined) continue
      const lead: LeadResponse = {
        createdAt,
        status: storedLeadStatus(item.status),
        ...(time(item.firstContactAt) ? { firstContactAt: time(item.firstContactAt) } : {}),
        ...(storedText(item.assignee) ? { assignee: storedText(item.assignee) } : {}),
        ...(item.visited === true ? { visited: true } : {}),
      }
      leads.push(lead)
    }
  }
  return leads
}

/**
 * How many leads wait now for a first contact that arrived `untouchedAfterHours` or more before `now`:
 * paged `Select: COUNT` Queries of the response clock's waiting list (waiting.ts), which holds only the
 * leads not yet answered. Its key is the clock's start, not the arrival (a lead of Saturday night starts
 * on Monday), so the arrival is a filter.
 */
export async function countWaitingOver24h(now: Date): Promise<number> {
  let total = 0
  for await (const page of queryPages({
    TableName: leadsTable(),
    KeyConditionExpression: '#pk = :kind',
    FilterExpression: 'createdAt <= :cutoff',
    ExpressionAttributeNames: { '#pk': partitionKey },
    ExpressionAttributeValues: {
      ':kind': waitingPartition,
      ':cutoff': new Date(now.getTime() - untouchedAfterHours * 3_600_000).toISOString(),
    },
    Select: 'COUNT',
  })) {
    total += page.Count ?? 0
  }
  return total
}
