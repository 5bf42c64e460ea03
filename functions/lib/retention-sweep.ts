import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb'
import { type RetentionPeriods, retentionDue, retentionState } from '@core/retention'
import { dynamo } from './clients'
import { tableName } from './config'
import { recordAudit } from './db/audit'
import { recountCounters } from './db/counters'
import { eraseLeadTraces } from './db/erasure'
import { entryKeys, leadKey, leadSummary, partitionOfKind, retentionSortKey } from './db/inbox'
import { deleteIf } from './db/partition-io'
import { reindexLeads } from './db/reindex'
import {
  deleteRetainedEntry,
  type RetainedEntry,
  retainedDueBy,
  retentionPartition,
} from './db/retention-index'
import { readAssignmentContext } from './db/sales-settings'
import { loggedError, logger } from './logging'
import { tables } from './store-definitions'

/**
 * The retention sweep (functions/sweep/retention-sweep.ts runs it daily; the stand-in on an interval): reads
 * the owners' periods (the sales settings), then the leads due by now from the retention index (one key range
 * per reason, db/retention-index.ts), and erases each whose own item still says it is due. A lead is deleted
 * under a condition on its last change, so one a colleague worked since is kept (its entry has moved on);
 * then its waiting entry and notes (the person erasure's code), its index entries, and one line in the
 * activity log. A failed erasure (a throttle) is logged and left in the index: the next run tries it again.
 * Once anything was erased the lead counters and the inbox's figures are rebuilt, as `erase-person` does.
 *
 * Open leads untouched for their period are erased too. The issue asks that the person be asked to confirm
 * first; that message needs a channel the person agreed to and a confirmation link (the consent ledger and the
 * signed links of /privacy/choices), which this product does not have yet: until then the period is the
 * notice, and the erasure is logged.
 */

/** Who the activity log says erased a lead. */
export const retentionActor = 'Retention sweep'

export interface RetentionSweepReport {
  /** Index entries read that were due. */
  readonly read: number
  readonly erased: number
  /** Entries whose lead was gone or had changed since (a stale entry): deleted, the lead untouched. */
  readonly cleared: number
  /** Erasures that failed: left for the next run. */
  readonly failed: number
}

export interface RetentionSweepOptions {
  readonly now?: Date
  readonly requestId?: string
}

const leadsTable = (): string => tableName('leads')
const { partitionKey, sortKey } = tables.leads

/** Runs the sweep once (see above). Throws only when the settings or the index cannot be read. */
export async function sweepRetention(options: RetentionSweepOptions = {}): Promise<RetentionSweepReport> {
  const now = options.now ?? new Date()
  const requestId = options.requestId ?? 'retention-sweep'
  const periods = (await readAssignmentContext()).settings.retention
  const counts = { read: 0, erased: 0, cleared: 0, failed: 0 }
  for await (const entries of retainedDueBy(now, periods)) {
    for (const entry of entries) {
      counts.read += 1
      try {
        counts[await eraseIfDue(entry, periods, now)] += 1
      } catch (error) {
        counts.failed += 1
        logger.error('A retention erasure failed; the next run tries again', {
          requestId,
          lead: entry.summary.id,
          error: loggedError(error),
        })
      }
    }
  }
  if (counts.erased > 0) {
    // The totals and the workspace's figures no longer count the erased leads (what erase-person does).
    try {
      await recountCounters('leads')
      await reindexLeads()
    } catch (error) {
      logger.error(
        'The lead figures were not rebuilt after a retention erasure (repair: npm run admin -- reindex-leads)',
        {
          requestId,
          error: loggedError(error),
        },
      )
    }
  }
  if (counts.read > 0) logger.info('retention sweep', { requestId, ...counts })
  return counts
}

/** Erases the lead of `entry` when its own item is still due at `now`; clears a stale entry. */
async function eraseIfDue(
  entry: RetainedEntry,
  periods: RetentionPeriods,
  now: Date,
): Promise<'erased' | 'cleared'> {
  const kind = partitionOfKind[entry.summary.kind]
  const reply = await dynamo().send(
    new GetCommand({ TableName: leadsTable(), Key: leadKey(entry.summary), ConsistentRead: true }),
  )
  const item = reply.Item
  // Gone (erased) or merged into another lead (which keeps the person's data): this entry is stale.
  if (!item || typeof item.mergedInto === 'string') {
    await deleteRetainedEntry(entry.sk)
    return 'cleared'
  }
  const lead = leadSummary(kind, item)
  const due = retentionDue(lead, periods)
  if (retentionState(due.dueAt, now) === 'kept') {
    // Worked since the entry was written: its current entry (another key) is the one that counts.
    if (retentionSortKey(lead) !== entry.sk) await deleteRetainedEntry(entry.sk)
    return 'cleared'
  }
  const lastChange = lead.updatedAt
  const deleted = await deleteIf({
    TableName: leadsTable(),
    Key: leadKey(lead),
    // Only as read: a colleague's change in between keeps the lead (the next run reads it again).
    ConditionExpression: lastChange ? 'updatedAt = :lastChange' : 'attribute_not_exists(updatedAt)',
    ...(lastChange ? { ExpressionAttributeValues: { ':lastChange': lastChange } } : {}),
  })
  if (!deleted) return 'cleared'
  await eraseLeadTraces({
    id: lead.id,
    ...(typeof item.clockStartedAt === 'string' ? { clockStartedAt: item.clockStartedAt } : {}),
  })
  // Its index entries hold its summary (the name, phone and e-mail): each goes now, not at the rebuild.
  const keys = entryKeys(lead)
  if (!keys.some((key) => key.pk === retentionPartition && key.sk === entry.sk)) {
    keys.push({ pk: retentionPartition, sk: entry.sk })
  }
  for (const key of keys) {
    await dynamo().send(
      new DeleteCommand({ TableName: leadsTable(), Key: { [partitionKey]: key.pk, [sortKey]: key.sk } }),
    )
  }
  await recordAudit(
    {
      actor: retentionActor,
      action: 'retention-erasure',
      target: lead.id,
      detail: `${due.reason}, due ${due.dueAt.slice(0, 10)}`,
    },
    now,
  )
  return 'erased'
}
