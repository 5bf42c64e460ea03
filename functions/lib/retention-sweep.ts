import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import { normaliseEmail } from '@core/newsletter'
import { privacyPaths } from '@core/privacy-notice'
import {
  type RetentionPeriods,
  retentionAskDays,
  retentionDue,
  retentionNoticeHours,
  retentionState,
} from '@core/retention'
import { type RetentionMailFacts, retentionMail } from '@core/retention-messages'
import { dynamo } from './clients'
import { siteUrl, tableName } from './config'
import { recordAudit } from './db/audit'
import { recountCounters } from './db/counters'
import { eraseLeadTraces } from './db/erasure'
import {
  entryKeys,
  leadKey,
  leadSummary,
  partitionOfKind,
  retainedEntryItem,
  retentionSortKey,
  type StoredSummary,
  writeEntries,
} from './db/inbox'
import { deleteIf, updateIf } from './db/partition-io'
import { reindexLeads } from './db/reindex'
import {
  deleteRetainedEntry,
  type RetainedEntry,
  retainedDueBy,
  retentionPartition,
} from './db/retention-index'
import { readAssignmentContext } from './db/sales-settings'
import { loggedError, logger } from './logging'
import { signPrivacyLink } from './privacy/links'
import { sendVisitorMail, visitorMailConfigured } from './privacy/visitor-mail'
import { tables } from './store-definitions'

/**
 * The retention sweep (functions/sweep/retention-sweep.ts runs it daily; the stand-in on an interval): reads
 * the owners' periods (the sales settings), then the leads due by now from the retention index (one key range
 * per reason, db/retention-index.ts), and settles each whose own item still says it is due:
 *
 * - an open lead nobody has touched for its period is not erased at once: its person is asked by e-mail
 *   whether they still want to hear from the company, with a signed link (`keep-request`, privacy/links.ts)
 *   to /privacy/keep, whose button (POST /api/privacy/keep) touches the lead and so restarts its clock. The
 *   ask is stamped on the lead (`retentionAskedAt`, under a condition on its last change, before the message
 *   goes: a second run finds it and sends nothing) and the lead's index entry moves to `asked#<ask>`, due
 *   `retentionAskDays` later; unanswered and untouched by then, it is erased. A lead without an e-mail (a
 *   phone only) or a deployment without visitor mail cannot be asked: it is erased at its due date, as the
 *   privacy notice states the period, and the activity log says why no ask went out;
 * - a lost or won lead is erased; with the owners' 48-hour notice on (the sales setting `retentionNotice`)
 *   its person is first told by e-mail, once (`retentionNoticeAt`), and the erasure waits 48 hours from the
 *   notice.
 *
 * A lead is deleted under a condition on its last change, so one a colleague worked since is kept (its entry
 * has moved on); then its waiting entry and notes (the person erasure's code), its index entries, and one line
 * in the activity log. A failed step (a throttle, a message that could not be sent) is logged and left in the
 * index: the next run tries it again. Once anything was erased the lead counters and the inbox's figures are
 * rebuilt, as `erase-person` does.
 */

/** Who the activity log says erased a lead. */
export const retentionActor = 'Retention sweep'

export interface RetentionSweepReport {
  /** Index entries read that were due (or, with the notice on, due within its 48 hours). */
  readonly read: number
  readonly erased: number
  /** People asked whether they still want to hear from us (untouched open leads). */
  readonly asked: number
  /** People told of an erasure 48 hours ahead (the notice setting). */
  readonly noticed: number
  /** Leads waiting: an erasure inside its notice's 48 hours, or a notice sent already. */
  readonly held: number
  /** Entries whose lead was gone or had changed since (a stale entry): deleted, the lead untouched. */
  readonly cleared: number
  /** Steps that failed: left for the next run. */
  readonly failed: number
}

type Outcome = Exclude<keyof RetentionSweepReport, 'read' | 'failed'>

export interface RetentionSweepOptions {
  readonly now?: Date
  readonly requestId?: string
}

interface SweepContext {
  readonly periods: RetentionPeriods
  /** The 48-hour notice is on and a message can go out. */
  readonly notice: boolean
  /** Visitor mail is set up (visitorMailConfigured). */
  readonly mail: boolean
  readonly now: Date
  readonly requestId: string
}

const leadsTable = (): string => tableName('leads')
const { partitionKey, sortKey } = tables.leads
const hourMs = 60 * 60 * 1000

/** Runs the sweep once (see above). Throws only when the settings or the index cannot be read. */
export async function sweepRetention(options: RetentionSweepOptions = {}): Promise<RetentionSweepReport> {
  const now = options.now ?? new Date()
  const requestId = options.requestId ?? 'retention-sweep'
  const { settings } = await readAssignmentContext()
  const mail = visitorMailConfigured()
  const context: SweepContext = {
    periods: settings.retention,
    notice: settings.retentionNotice && mail,
    mail,
    now,
    requestId,
  }
  const counts = { read: 0, erased: 0, asked: 0, noticed: 0, held: 0, cleared: 0, failed: 0 }
  // With the notice on, the closed leads due within its hours are read too (they get their notice).
  const horizon = context.notice ? new Date(now.getTime() + retentionNoticeHours * hourMs) : now
  for await (const entries of retainedDueBy(horizon, context.periods)) {
    for (const entry of entries) {
      const early = Date.parse(entry.dueAt) > now.getTime()
      if (early && entry.reason !== 'lost' && entry.reason !== 'won') continue
      counts.read += 1
      try {
        counts[await settle(entry, context)] += 1
      } catch (error) {
        counts.failed += 1
        logger.error('A retention step failed; the next run tries again', {
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

/** The time a stamp (an ask, a notice) counts from: the lead's last change. */
const lastChangeOf = (lead: StoredSummary): string => lead.updatedAt ?? lead.createdAt

/** A stamp on the lead's item that counts: made since its last change. */
function stampOf(item: Record<string, unknown>, name: string, lead: StoredSummary): string | undefined {
  const value = item[name]
  return typeof value === 'string' && value >= lastChangeOf(lead) ? value : undefined
}

/** Asks, notices, holds or erases the lead of `entry` as its own item says; clears a stale entry. */
async function settle(entry: RetainedEntry, context: SweepContext): Promise<Outcome> {
  const { now } = context
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
  const due = retentionDue(lead, context.periods)
  const current = retentionSortKey(lead) === entry.sk
  if (!current) {
    // Worked (or asked) since the entry was written: its current entry (another key) is the one that counts,
    // written again here (the same item) in case the change that moved it could not write it.
    await dynamo().send(
      new PutCommand({
        TableName: leadsTable(),
        Item: retainedEntryItem(lead),
      }),
    )
    await deleteRetainedEntry(entry.sk)
    return 'cleared'
  }
  const closed = due.reason === 'lost' || due.reason === 'won'
  const canMail = context.mail && Boolean(lead.email)
  if (retentionState(due.dueAt, now) === 'kept') {
    // Read ahead for its notice only.
    if (closed && context.notice && lead.email && !stampOf(item, 'retentionNoticeAt', lead)) {
      return (await sendNotice(lead, due.dueAt, context)) ? 'noticed' : 'cleared'
    }
    return 'held'
  }
  if (due.reason === 'untouched') {
    if (canMail) return (await ask(lead, context)) ? 'asked' : 'cleared'
    const why = lead.email ? 'visitor mail not set up' : 'no e-mail to ask'
    return erase(lead, item, entry, `untouched, due ${due.dueAt.slice(0, 10)}, not asked (${why})`, now)
  }
  if (closed && context.notice && lead.email) {
    const noticedAt = stampOf(item, 'retentionNoticeAt', lead)
    // Due without a notice yet (the setting turned on since, or a run missed): told now, erased 48 hours on.
    if (!noticedAt) return (await sendNotice(lead, due.dueAt, context)) ? 'noticed' : 'cleared'
    if (Date.parse(noticedAt) + retentionNoticeHours * hourMs > now.getTime()) return 'held'
  }
  const detail =
    due.reason === 'asked'
      ? `untouched, asked ${String(lead.retentionAskedAt).slice(0, 10)} without an answer, due ${due.dueAt.slice(0, 10)}`
      : `${due.reason}, due ${due.dueAt.slice(0, 10)}`
  return erase(lead, item, entry, detail, now)
}

/**
 * Stamps `name` on the lead at `now` unless the lead changed since it was read or the stamp is there already
 * (a second run, a colleague's work): true when this run made it, and so sends its message.
 */
async function stamp(
  lead: StoredSummary,
  name: string,
  now: Date,
): Promise<Record<string, unknown> | undefined> {
  const lastChange = lead.updatedAt
  const reply = await updateIf({
    TableName: leadsTable(),
    Key: leadKey(lead),
    UpdateExpression: 'SET #stamp = :now',
    ConditionExpression: `${lastChange ? 'updatedAt = :lastChange' : 'attribute_not_exists(updatedAt)'} AND (attribute_not_exists(#stamp) OR #stamp < :since)`,
    ExpressionAttributeNames: { '#stamp': name },
    ExpressionAttributeValues: {
      ':now': now.toISOString(),
      ':since': lastChangeOf(lead),
      ...(lastChange ? { ':lastChange': lastChange } : {}),
    },
    ReturnValues: 'ALL_NEW',
  })
  return reply?.Attributes
}

/** Takes a stamp back when its message could not be sent, so the next run tries again. */
async function unstamp(lead: StoredSummary, name: string, now: Date): Promise<void> {
  await updateIf({
    TableName: leadsTable(),
    Key: leadKey(lead),
    UpdateExpression: 'REMOVE #stamp',
    ConditionExpression: '#stamp = :now',
    ExpressionAttributeNames: { '#stamp': name },
    ExpressionAttributeValues: { ':now': now.toISOString() },
  })
}

/** Sends a message after stamping it; a failed send takes the stamp back and throws (the next run retries). */
async function stampAndSend(
  lead: StoredSummary,
  name: 'retentionAskedAt' | 'retentionNoticeAt',
  send: () => Promise<unknown>,
  context: SweepContext,
): Promise<Record<string, unknown> | undefined> {
  const stamped = await stamp(lead, name, context.now)
  if (!stamped) return undefined
  try {
    await send()
  } catch (error) {
    await unstamp(lead, name, context.now).catch((undo: unknown) =>
      logger.error('A retention stamp was not taken back after its message failed', {
        requestId: context.requestId,
        lead: lead.id,
        error: loggedError(undo),
      }),
    )
    throw error
  }
  return stamped
}

/** What the messages say of the lead. */
const mailFacts = (lead: StoredSummary, eraseAt: string): RetentionMailFacts => ({
  name: lead.name,
  kind: lead.kind,
  createdAt: lead.createdAt,
  reference: lead.reference,
  eraseAt,
})

/**
 * Asks the person of an untouched open lead whether they still want to hear from us: stamps the ask, sends
 * the message with its keep link, moves the lead's index entry to `asked#<now>` and records it. False when the
 * lead changed since it was read (nothing sent).
 */
async function ask(lead: StoredSummary, context: SweepContext): Promise<boolean> {
  const { now } = context
  const email = String(lead.email)
  const eraseAt = new Date(now.getTime() + retentionAskDays * 24 * hourMs).toISOString()
  const stamped = await stampAndSend(
    lead,
    'retentionAskedAt',
    async () => {
      const message = retentionMail.ask(mailFacts(lead, eraseAt), await keepLink(email, lead.id, now))
      await sendVisitorMail(
        { kind: 'retention-ask', to: email, phone: lead.phone, ...message },
        { requestId: context.requestId, now },
      )
    },
    context,
  )
  if (!stamped) return false
  // Its entries carry the ask; the retention entry moves from `untouched#…` to `asked#<now>`. A failure here
  // is the next run's: the untouched entry is then stale (the lead's own key moved) and the rebuild files it.
  await writeEntries(leadSummary(partitionOfKind[lead.kind], stamped), lead)
  await recordAudit(
    {
      actor: retentionActor,
      action: 'retention-ask',
      target: lead.id,
      detail: `untouched, asked by e-mail, erased ${eraseAt.slice(0, 10)} unless answered`,
    },
    now,
  )
  return true
}

/** Tells the person of a closed lead that it is erased in 48 hours (once: its stamp); false when it changed. */
async function sendNotice(lead: StoredSummary, dueAt: string, context: SweepContext): Promise<boolean> {
  const { now } = context
  const email = String(lead.email)
  // Never sooner than 48 hours from the notice, whatever the due date (the setting may be new).
  const eraseAt = new Date(
    Math.max(Date.parse(dueAt), now.getTime() + retentionNoticeHours * hourMs),
  ).toISOString()
  const stamped = await stampAndSend(
    lead,
    'retentionNoticeAt',
    () =>
      sendVisitorMail(
        {
          kind: 'retention-notice',
          to: email,
          phone: lead.phone,
          ...retentionMail.notice(mailFacts(lead, eraseAt)),
        },
        { requestId: context.requestId, now },
      ),
    context,
  )
  if (!stamped) return false
  await recordAudit(
    {
      actor: retentionActor,
      action: 'retention-notice',
      target: lead.id,
      detail: `erased from ${eraseAt.slice(0, 10)}`,
    },
    now,
  )
  return true
}

/** The keep page's link for an ask about `leadId`, signed for the address it is sent to. */
export async function keepLink(email: string, leadId: string, now: Date): Promise<string> {
  const token = await signPrivacyLink('keep-request', `email:${normaliseEmail(email)}`, now, { lead: leadId })
  return `${siteUrl() ?? ''}${privacyPaths.keep}?t=${encodeURIComponent(token)}`
}

/** Erases the lead (under a condition on its last change) and its traces, and logs it with `detail`. */
async function erase(
  lead: StoredSummary,
  item: Record<string, unknown>,
  entry: RetainedEntry,
  detail: string,
  now: Date,
): Promise<'erased' | 'cleared'> {
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
      detail,
    },
    now,
  )
  return 'erased'
}
