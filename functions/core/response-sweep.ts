import { type AssignableUser, type Assignment, chooseAssignee, type LeadToAssign } from './assignment'
import { addBusinessMinutes, businessMinutesBetween, isOpen } from './business-clock'
import { businessDateOf } from './business-days'
import type { InboxKind } from './inbox-search'
import type { LeadEvent } from './lead-views'
import { type BusinessCalendar, responseClock, type SalesSettings } from './sales-settings'

/**
 * The response clock's sweep, as pure decisions: which step a waiting lead is due for at `now` (remind the
 * assignee at 5 business minutes, alert the owners and reassign once at 15), who the lead goes to when it
 * escalates, and what its timeline says. Each step is done once per lead: the caller records it with a
 * conditional write (the lead's `remindedAt`, `escalatedAt`) and only then sends its alert, so a failed write
 * is retried by the next sweep and an alert is never sent twice.
 */

/** Who the lead's timeline and the activity log say reminded and escalated. */
export const responseClockActor = 'Response clock'

/** A lead waiting for its first contact, as its waiting entry holds it (functions/lib/db/waiting.ts). */
export interface WaitingLead {
  readonly id: string
  readonly kind: InboxKind
  /** The lead's arrival (its item's key). */
  readonly createdAt: string
  /** When its clock started: the arrival, or the next opening after it (ISO). */
  readonly clockStart: string
  readonly assignee?: string
  /** When the assignee was reminded, once done. */
  readonly remindedAt?: string
  /** When the owners were alerted and the lead reassigned, once done. */
  readonly escalatedAt?: string
}

export type ResponseStep = 'remind' | 'escalate'

/** The two steps, in business minutes from the clock's start. */
export interface ResponseSteps {
  readonly reminderMinutes: number
  readonly escalationMinutes: number
}

/**
 * The step `lead` is due for at `now`, or undefined: nothing yet, or both done. A lead found late that was
 * never reminded is escalated (the reminder would go to the person it is taken from); the escalation is the
 * last step.
 */
export function dueStep(
  lead: Pick<WaitingLead, 'clockStart' | 'remindedAt' | 'escalatedAt'>,
  now: Date,
  calendar: BusinessCalendar,
  steps: ResponseSteps = responseClock,
): ResponseStep | undefined {
  if (lead.escalatedAt) return undefined
  const start = new Date(lead.clockStart)
  if (Number.isNaN(start.getTime())) return undefined
  if (now >= addBusinessMinutes(start, steps.escalationMinutes, calendar)) return 'escalate'
  if (lead.remindedAt) return undefined
  return now >= addBusinessMinutes(start, steps.reminderMinutes, calendar) ? 'remind' : undefined
}

/**
 * The latest clock start that can be due for a step at `now`: a business minute is never shorter than a
 * minute, so a clock started after `now` less the reminder's minutes has no step due. The sweep reads the
 * waiting entries up to it only.
 */
export function sweepCutoff(now: Date, steps: ResponseSteps = responseClock): Date {
  return new Date(now.getTime() - steps.reminderMinutes * 60_000)
}

/** How long after closing the sweep still runs: a step due at the closing minute, a failed write retried. */
export const sweepGraceMinutes = 30

/**
 * Whether the sweep has nothing to do at `now`: the company is closed and has been for `sweepGraceMinutes`.
 * No step falls due while it is closed (the clock only counts open time), so the nightly runs read nothing.
 */
export function isSweepIdle(now: Date, calendar: BusinessCalendar): boolean {
  if (isOpen(now, calendar)) return false
  const since = new Date(now.getTime() - sweepGraceMinutes * 60_000)
  return businessMinutesBetween(since, now, calendar) === 0
}

/**
 * Who a late lead goes to: the next person by the same rules as on arrival (territory, specialists, round
 * robin), never its current assignee nor anyone away on `now`'s date. `username` undefined: nobody else is
 * available, and the lead stays where it is.
 */
export function escalationAssignment(
  lead: LeadToAssign,
  current: string | undefined,
  settings: SalesSettings,
  roster: readonly AssignableUser[],
  now: Date,
): Assignment {
  return chooseAssignee(lead, settings, roster, businessDateOf(now), current ? [current] : [])
}

/** The timeline's line for a reminder sent at `at`. */
export function reminderEvent(
  at: string,
  assignee: string | undefined,
  steps: ResponseSteps = responseClock,
): LeadEvent {
  return {
    at,
    by: responseClockActor,
    type: 'note',
    text: `No first contact ${steps.reminderMinutes} business minutes after arrival: reminded ${
      assignee ?? 'the owners (nobody is assigned)'
    }.`,
  }
}

/**
 * The timeline's lines for an escalation at `at`: the owners alerted, then the reassignment when someone
 * else was chosen (with the rule's reason, as an assignment on arrival has).
 */
export function escalationEvents(
  at: string,
  from: string | undefined,
  assignment: Pick<Assignment, 'username' | 'reason'>,
  steps: ResponseSteps = responseClock,
): LeadEvent[] {
  const reassigned = assignment.username !== undefined && assignment.username !== from
  const events: LeadEvent[] = [
    {
      at,
      by: responseClockActor,
      type: 'note',
      text: `No first contact ${steps.escalationMinutes} business minutes after arrival: the owners were alerted${
        reassigned ? '' : ' (nobody else is available to take it)'
      }.`,
    },
  ]
  if (reassigned) {
    events.push({
      at,
      by: responseClockActor,
      type: 'assignee',
      from: from ?? null,
      to: assignment.username ?? null,
      text: `unanswered: ${assignment.reason}`,
    })
  }
  return events
}
