import { GetCommand } from '@aws-sdk/lib-dynamodb'
import type { Assignment, LeadToAssign } from '@core/assignment'
import {
  dueStep,
  escalationAssignment,
  escalationEvents,
  isSweepIdle,
  type ResponseSteps,
  reminderEvent,
  responseClockActor,
  sweepCutoff,
  type WaitingLead,
} from '@core/response-sweep'
import {
  type AlertMessage,
  callbackAlert,
  escalationAlert,
  heldAlertsDigest,
  type LeadAlertFacts,
  type LeadPush,
  leadPush,
  reassignedAlert,
  reminderAlert,
} from '@core/staff-alerts'
import { dynamo } from './clients'
import { siteUrl, tableName } from './config'
import { recordAudit } from './db/audit'
import { dueFollowUps } from './db/due-follow-ups'
import { leadKey, leadSummary, partitionOfKind, type StoredSummary, writeEntries } from './db/inbox'
import { updateIf } from './db/partition-io'
import { recordFigureChange } from './db/response-figures'
import { type AssignmentContext, advanceRotation, readAssignmentContext } from './db/sales-settings'
import { storedText } from './db/stored-values'
import { clearWaiting, markWaiting, waitingLeads } from './db/waiting'
import { loggedError, logger } from './logging'
import { notifyAssignee, notifyOwners } from './notify'
import { tables } from './store-definitions'

/**
 * The response clock's sweep (functions/sweep/response-sweep.ts runs it every minute; the stand-in on an
 * interval): reads the sales settings once, then the waiting leads whose clock could be due (one Query of
 * INBOX#WAITING), and does each step a lead is due for (core/response-sweep.ts). A step is recorded by one
 * conditional update of the lead's own item, which also appends its lines to the timeline and holds only while
 * the lead is still unanswered (no `firstContactAt`, still `new`) and the step not done; only after it
 * succeeds are the activity log written and the alert sent. So a failed write (a throttle) leaves nothing
 * done and the next run tries again, and no run ever alerts twice for one lead and step. An answered,
 * closed or erased lead's waiting entry is deleted.
 */

const { partitionKey } = tables.leads

/** What one run did. */
export interface SweepReport {
  /** The company was closed (and had been for a while): nothing was read but the settings. */
  readonly idle: boolean
  /** Waiting entries read. */
  readonly read: number
  readonly reminded: number
  readonly escalated: number
  /** Assignees reminded of a call-back (a follow-up with a time) whose time had come. */
  readonly callbacks: number
  /** Entries deleted: their lead was answered, closed or erased. */
  readonly cleared: number
  /** Steps that failed and are tried again by the next run. */
  readonly failed: number
}

export interface SweepOptions {
  readonly now?: Date
  /** @default the settings' clock (5 and 15 business minutes unless owners changed them) */
  readonly steps?: ResponseSteps
  /** Names the run in the logs. */
  readonly requestId?: string
}

type Outcome = 'reminded' | 'escalated' | 'cleared' | 'skipped'

/**
 * At most this many alerts a run, one per step; the steps beyond it are recorded as usual (timeline, activity
 * log) and the owners get one digest for them, so a morning after a long weekend does not bury the staff.
 */
export const maxAlertsPerRun = 10

/** How many leads' steps run at once. */
const stepConcurrency = 8

/** Calls `work` on each of `items`, at most `concurrency` at a time; resolves when all are done. */
async function inTurns<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const item = items[next] as T
      next += 1
      await work(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
}

/** Runs the sweep once (see above). Throws only when the settings or the waiting entries cannot be read. */
export async function sweepResponseClock(options: SweepOptions = {}): Promise<SweepReport> {
  const now = options.now ?? new Date()
  const requestId = options.requestId ?? 'response-sweep'
  const context = await readAssignmentContext()
  // The owners' steps (the settings' clock, 5 and 15 business minutes unless they changed them).
  const steps = options.steps ?? context.settings.clock
  const calendar = context.settings.calendar
  const counts = { read: 0, reminded: 0, escalated: 0, callbacks: 0, cleared: 0, failed: 0 }
  if (isSweepIdle(now, calendar)) return { idle: true, ...counts }
  const alerts = { sent: 0, held: 0 }

  for await (const page of waitingLeads(sweepCutoff(now, steps))) {
    counts.read += page.length
    const due = page.flatMap((entry) => {
      const step = dueStep(entry, now, calendar, steps)
      return step ? [{ entry, step }] : []
    })
    // A few leads at a time: each step is a few round trips, and a busy morning has many due at once.
    await inTurns(due, stepConcurrency, async ({ entry, step }) => {
      try {
        const outcome = await doStep(step, entry, { context, now, steps, requestId, alerts })
        if (outcome !== 'skipped') counts[outcome] += 1
      } catch (error) {
        counts.failed += 1
        logger.error('A response clock step failed; the next run tries again', {
          requestId,
          lead: entry.id,
          step,
          error: loggedError(error),
        })
      }
    })
  }
  // The call-backs and timed follow-ups whose time has come: their assignee is reminded once.
  for await (const page of dueFollowUps(now, callbackLookbackMs)) {
    await inTurns(page, stepConcurrency, async (summary) => {
      try {
        if (await remindCallback(summary, { context, now, steps, requestId, alerts })) counts.callbacks += 1
      } catch (error) {
        counts.failed += 1
        logger.error('A call-back reminder failed; the next run tries again', {
          requestId,
          lead: summary.id,
          error: loggedError(error),
        })
      }
    })
  }
  if (alerts.held > 0) await notifyOwners(heldAlertsDigest(alerts.held, siteUrl(), now), requestId)
  if (counts.reminded + counts.escalated + counts.callbacks + counts.cleared + counts.failed > 0) {
    logger.info('response clock sweep', { requestId, ...counts })
  }
  return { idle: false, ...counts }
}

interface StepContext {
  readonly context: AssignmentContext
  readonly now: Date
  readonly steps: ResponseSteps
  readonly requestId: string
  /** The alerts of this run so far: sent one by one, and held for the digest. */
  readonly alerts: { sent: number; held: number }
}

/** Sends a step's alert within the run's limit; beyond it, counts it for the digest. */
async function alertWithinLimit(run: StepContext, send: () => Promise<void>): Promise<void> {
  if (run.alerts.sent >= maxAlertsPerRun) {
    run.alerts.held += 1
    return
  }
  run.alerts.sent += 1
  await send()
}

interface FoundLead {
  readonly item: Record<string, unknown>
  readonly summary: StoredSummary
}

const leadsTable = (): string => tableName('leads')

/** The lead's own item (the truth), read consistently; undefined when it is gone (erased). */
async function readLead(entry: WaitingLead): Promise<FoundLead | undefined> {
  const reply = await dynamo().send(
    new GetCommand({ TableName: leadsTable(), Key: leadKey(entry), ConsistentRead: true }),
  )
  if (!reply.Item) return undefined
  return { item: reply.Item, summary: leadSummary(partitionOfKind[entry.kind], reply.Item) }
}

/** Whether a lead no longer waits: its first contact is logged, or it has left `new` (worked or closed). */
function isAnswered(lead: FoundLead): boolean {
  return storedText(lead.item.firstContactAt) !== undefined || lead.summary.status !== 'new'
}

/** The condition under which a step may be recorded: the lead is there, unanswered and the step not done. */
const unansweredCondition =
  'attribute_exists(#pk) AND attribute_not_exists(firstContactAt) AND (attribute_not_exists(#status) OR #status = :new)'

async function doStep(step: 'remind' | 'escalate', entry: WaitingLead, run: StepContext): Promise<Outcome> {
  const lead = await readLead(entry)
  if (!lead || isAnswered(lead)) {
    await clearWaiting(entry.id, entry.clockStart)
    return 'cleared'
  }
  // Done by an earlier run whose mark on the entry failed: mark it now, nothing is sent again.
  const doneAt = storedText(lead.item[step === 'remind' ? 'remindedAt' : 'escalatedAt'])
  if (doneAt) {
    const assignee = step === 'escalate' ? lead.summary.assignee : undefined
    await markWaiting(entry, step === 'remind' ? 'remindedAt' : 'escalatedAt', doneAt, assignee)
    return 'skipped'
  }
  return step === 'remind' ? remind(entry, lead, run) : escalate(entry, lead, run)
}

/** What the alerts say of a lead (staff-alerts.ts): nothing of how to reach the person. */
function alertFacts(entry: WaitingLead, lead: FoundLead): LeadAlertFacts {
  const capacity = lead.item.capacityKw
  return {
    id: entry.id,
    kind: entry.kind,
    createdAt: entry.createdAt,
    name: lead.summary.name,
    category: lead.summary.segment,
    capacityKw: typeof capacity === 'number' && Number.isFinite(capacity) ? capacity : undefined,
    estimateInr: lead.summary.estimateInr,
    pincode: lead.summary.pincode,
  }
}

async function remind(entry: WaitingLead, lead: FoundLead, run: StepContext): Promise<Outcome> {
  const at = run.now.toISOString()
  const assignee = lead.summary.assignee
  const recorded = await updateIf({
    TableName: leadsTable(),
    Key: leadKey(entry),
    UpdateExpression: 'SET remindedAt = :at, #history = list_append(if_not_exists(#history, :none), :events)',
    ConditionExpression: `${unansweredCondition} AND attribute_not_exists(remindedAt) AND attribute_not_exists(escalatedAt)`,
    ExpressionAttributeNames: { '#pk': partitionKey, '#status': 'status', '#history': 'history' },
    ExpressionAttributeValues: {
      ':at': at,
      ':new': 'new',
      ':none': [],
      ':events': [reminderEvent(at, assignee, run.steps)],
    },
  })
  // Answered or done meanwhile: the next run reads the lead again and clears or marks its entry.
  if (!recorded) return 'skipped'
  await recordAudit(
    {
      actor: responseClockActor,
      action: 'lead-reminder',
      target: entry.id,
      detail: assignee ?? 'unassigned',
    },
    run.now,
  )
  const facts = alertFacts(entry, lead)
  await alertWithinLimit(run, () =>
    tellPerson(
      assignee,
      reminderAlert(facts, assignee, run.steps.reminderMinutes, siteUrl(), run.now),
      leadPush('reminder', facts),
      run.requestId,
    ),
  )
  await markAfterStep(entry, 'remindedAt', at, undefined, run.requestId)
  return 'reminded'
}

/** The lead as the assignment rules read it. */
function leadToAssign(entry: WaitingLead, lead: FoundLead): LeadToAssign {
  return {
    ...(lead.summary.segment ? { category: lead.summary.segment } : {}),
    ...(entry.kind === 'quote' && lead.summary.pincode ? { pinCode: lead.summary.pincode } : {}),
  }
}

async function escalate(entry: WaitingLead, lead: FoundLead, run: StepContext): Promise<Outcome> {
  const at = run.now.toISOString()
  const from = lead.summary.assignee
  const { settings, roster } = run.context
  const assignment = escalationAssignment(leadToAssign(entry, lead), from, settings, roster, run.now)
  const to =
    assignment.username !== undefined && assignment.username !== from ? assignment.username : undefined
  const names: Record<string, string> = { '#pk': partitionKey, '#status': 'status', '#history': 'history' }
  const values: Record<string, unknown> = {
    ':at': at,
    ':new': 'new',
    ':none': [],
    ':events': escalationEvents(at, from, assignment, run.steps),
  }
  let update = 'SET escalatedAt = :at, #history = list_append(if_not_exists(#history, :none), :events)'
  // Only from the assignee it was read with: a colleague who took it meanwhile keeps it.
  const condition = `${unansweredCondition} AND attribute_not_exists(escalatedAt) AND ${
    from ? 'assignee = :from' : 'attribute_not_exists(assignee)'
  }`
  if (from) values[':from'] = from
  if (to) {
    // A reassignment is a change of the lead: its version moves, so a colleague's open copy is stale.
    update += ', assignee = :to, #version = if_not_exists(#version, :zero) + :one, updatedAt = :at'
    names['#version'] = 'version'
    Object.assign(values, { ':to': to, ':zero': 0, ':one': 1 })
  }
  const reply = await updateIf({
    TableName: leadsTable(),
    Key: leadKey(entry),
    UpdateExpression: update,
    ConditionExpression: condition,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
    ReturnValues: 'ALL_NEW',
  })
  if (!reply?.Attributes) return 'skipped'
  if (to) {
    // The inbox files it under its new assignee, and the response figures credit the new assignee (the lead
    // has no first contact yet, so its line is whoever has it); the entries, the figures and the pointer
    // follow, never fail the step.
    const moved = leadSummary(partitionOfKind[entry.kind], reply.Attributes)
    await Promise.all([
      writeEntries(moved, lead.summary),
      recordFigureChange(lead.summary, moved),
      turnRotation(assignment, run.requestId),
    ])
  }
  await recordAudit(
    {
      actor: responseClockActor,
      action: 'lead-escalation',
      target: entry.id,
      detail: to ? `${from ?? 'unassigned'} → ${to}` : `stays with ${from ?? 'nobody'}`,
    },
    run.now,
  )
  const facts = alertFacts(entry, lead)
  const minutes = run.steps.escalationMinutes
  // The owners hear of it, and the person it moved to is told it is theirs now (one alert of the run's limit).
  await alertWithinLimit(run, async () => {
    await notifyOwners(
      {
        ...escalationAlert(facts, from, to, minutes, siteUrl(), run.now),
        push: leadPush('escalated', facts),
      },
      run.requestId,
    )
    if (to) {
      const alert = reassignedAlert(facts, from, minutes, siteUrl(), run.now)
      await tellPerson(to, alert, leadPush('reassigned', facts), run.requestId)
    }
  })
  await markAfterStep(entry, 'escalatedAt', at, to ?? from, run.requestId)
  return 'escalated'
}

async function turnRotation(assignment: Assignment, requestId: string): Promise<void> {
  if (!assignment.rotation) return
  try {
    await advanceRotation(assignment.rotation.pool, assignment.rotation.last)
  } catch (error) {
    logger.error('The round robin did not move on after a reassignment', {
      requestId,
      error: loggedError(error),
    })
  }
}

/** How long after its time a call-back's reminder is still tried (a failed write is tried again meanwhile). */
export const callbackLookbackMs = 60 * 60_000

/**
 * Reminds a follow-up's assignee that its time has come, once per lead and time: one conditional update of
 * the lead records it (`callbackRemindedAt` = the follow-up's time, and a line in the timeline) only while
 * the follow-up is still that one and open; the alert goes after it. False when there is nothing to do.
 */
async function remindCallback(summary: StoredSummary, run: StepContext): Promise<boolean> {
  const at = summary.followUpAt
  if (!at || Date.parse(at) > run.now.getTime()) return false
  const assignee = summary.assignee
  const recorded = await updateIf({
    TableName: leadsTable(),
    Key: leadKey(summary),
    UpdateExpression:
      'SET callbackRemindedAt = :at, #history = list_append(if_not_exists(#history, :none), :events)',
    ConditionExpression:
      'attribute_exists(#pk) AND followUpAt = :at AND (attribute_not_exists(callbackRemindedAt) OR callbackRemindedAt <> :at)',
    ExpressionAttributeNames: { '#pk': partitionKey, '#history': 'history' },
    ExpressionAttributeValues: {
      ':at': at,
      ':none': [],
      ':events': [
        {
          at: run.now.toISOString(),
          by: responseClockActor,
          type: 'note',
          text: `Call-back due: reminded ${assignee ?? 'the owners (nobody is assigned)'}.`,
        },
      ],
    },
  })
  // Reminded already, changed or erased meanwhile.
  if (!recorded) return false
  await recordAudit(
    { actor: responseClockActor, action: 'lead-reminder', target: summary.id, detail: `call-back ${at}` },
    run.now,
  )
  const facts: LeadAlertFacts = {
    id: summary.id,
    kind: summary.kind,
    createdAt: summary.createdAt,
    name: summary.name,
    category: summary.segment,
    estimateInr: summary.estimateInr,
    pincode: summary.pincode,
  }
  await alertWithinLimit(run, () =>
    tellPerson(
      assignee,
      callbackAlert(facts, assignee, at, siteUrl()),
      leadPush('callback', facts),
      run.requestId,
    ),
  )
  return true
}

/**
 * Tells one person (the owners when nobody) through the staff topic (notifyAssignee, never throws): their
 * e-mail, and their devices that opted in, which the topic's push relay reaches (functions/alerts/
 * push-relay.ts: a tap opens the lead). The sweep sends no push itself, so none is sent twice.
 */
async function tellPerson(
  username: string | undefined,
  alert: AlertMessage,
  push: LeadPush,
  requestId: string,
): Promise<void> {
  await notifyAssignee(username, { ...alert, push }, requestId)
}

/** Marks the entry after a step; a failure only costs the next run a read of the lead (doStep). */
async function markAfterStep(
  entry: WaitingLead,
  step: 'remindedAt' | 'escalatedAt',
  at: string,
  assignee: string | undefined,
  requestId: string,
): Promise<void> {
  try {
    await markWaiting(entry, step, at, assignee)
  } catch (error) {
    logger.error('A waiting entry was not marked; the next run marks it', {
      requestId,
      lead: entry.id,
      error: loggedError(error),
    })
  }
}
