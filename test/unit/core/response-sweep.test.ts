import type { AssignableUser } from '@core/assignment'
import {
  dueStep,
  escalationAssignment,
  escalationEvents,
  isSweepIdle,
  type ResponseStep,
  reminderEvent,
  responseClockActor,
  sweepCutoff,
  type WaitingLead,
} from '@core/response-sweep'
import { type BusinessCalendar, defaultSalesSettings, type SalesSettings } from '@core/sales-settings'
import { describe, expect, it } from 'vitest'

/** An instant given as a wall-clock time in India (+05:30). */
const ist = (local: string) => new Date(`${local}+05:30`)
const calendar = defaultSalesSettings.calendar
const withHolidays = (...holidays: string[]): BusinessCalendar => ({ ...calendar, holidays })
const minute = 60_000

/**
 * Runs the sweep once a minute from `from` to `to` over one waiting lead, doing each step it is due for
 * as the handler does (a step done is marked on the entry), and answers the steps with their times (IST).
 * `down` lists the minutes at which the sweep did not run.
 */
function sweepEveryMinute(
  lead: WaitingLead,
  from: Date,
  to: Date,
  options: { calendar?: BusinessCalendar; down?: (at: Date) => boolean } = {},
): { step: ResponseStep; at: string }[] {
  let entry: WaitingLead = lead
  const done: { step: ResponseStep; at: string }[] = []
  for (let at = from.getTime(); at <= to.getTime(); at += minute) {
    const now = new Date(at)
    if (options.down?.(now)) continue
    const step = dueStep(entry, now, options.calendar ?? calendar)
    if (!step) continue
    done.push({ step, at: new Date(at + 330 * minute).toISOString().slice(0, 16) })
    entry = { ...entry, [step === 'remind' ? 'remindedAt' : 'escalatedAt']: now.toISOString() }
  }
  return done
}

const waiting = (clockStart: Date): WaitingLead => ({
  id: 'lead-1',
  kind: 'quote',
  createdAt: clockStart.toISOString(),
  clockStart: clockStart.toISOString(),
  assignee: 'asha',
})

// 2026-11-27 is a Friday, 2026-11-28 a Saturday, 2026-11-29 a Sunday, 2026-11-30 a Monday.
describe('the response sweep: which step a waiting lead is due for', () => {
  it('reminds exactly once at 5 and escalates exactly once at 15 business minutes, then does nothing more', () => {
    const steps = sweepEveryMinute(
      waiting(ist('2026-11-27T11:20')),
      ist('2026-11-27T11:20'),
      ist('2026-11-27T18:00'),
    )
    expect(steps).toEqual([
      { step: 'remind', at: '2026-11-27T11:25' },
      { step: 'escalate', at: '2026-11-27T11:35' },
    ])
  })

  it('starts a lead that arrived after hours at the next opening: reminder at 9:05, escalation at 9:15, nothing overnight', () => {
    // Friday 20:00 arrival: its clock starts on Saturday at 9:00 (storeLead stores that start).
    const steps = sweepEveryMinute(
      waiting(ist('2026-11-28T09:00')),
      ist('2026-11-27T20:00'),
      ist('2026-11-28T12:00'),
    )
    expect(steps).toEqual([
      { step: 'remind', at: '2026-11-28T09:05' },
      { step: 'escalate', at: '2026-11-28T09:15' },
    ])
  })

  it('counts no minute of Sunday or a holiday: a lead from Saturday 18:58 is reminded on Tuesday after a Monday holiday', () => {
    const steps = sweepEveryMinute(
      waiting(ist('2026-11-28T18:58')),
      ist('2026-11-28T18:58'),
      ist('2026-12-01T12:00'),
      {
        calendar: withHolidays('2026-11-30'),
      },
    )
    expect(steps).toEqual([
      { step: 'remind', at: '2026-12-01T09:03' },
      { step: 'escalate', at: '2026-12-01T09:13' },
    ])
  })

  it('pauses the clock at the evening close and resumes it at the next opening', () => {
    const steps = sweepEveryMinute(
      waiting(ist('2026-11-27T18:50')),
      ist('2026-11-27T18:50'),
      ist('2026-11-28T10:00'),
    )
    expect(steps).toEqual([
      { step: 'remind', at: '2026-11-27T18:55' },
      { step: 'escalate', at: '2026-11-28T09:05' },
    ])
  })

  it('retries a step the next minute when a run missed it, and never does a step twice', () => {
    const down = (at: Date) => at >= ist('2026-11-27T11:25') && at < ist('2026-11-27T11:28')
    const steps = sweepEveryMinute(
      waiting(ist('2026-11-27T11:20')),
      ist('2026-11-27T11:20'),
      ist('2026-11-27T12:00'),
      {
        down,
      },
    )
    expect(steps).toEqual([
      { step: 'remind', at: '2026-11-27T11:28' },
      { step: 'escalate', at: '2026-11-27T11:35' },
    ])
  })

  it('escalates a lead found late without a reminder first (the reminder would go to the person it is taken from)', () => {
    const lead = waiting(ist('2026-11-27T11:20'))
    expect(dueStep(lead, ist('2026-11-27T11:40'), calendar)).toBe('escalate')
    expect(
      dueStep(
        { ...lead, escalatedAt: ist('2026-11-27T11:40').toISOString() },
        ist('2026-11-27T18:00'),
        calendar,
      ),
    ).toBe(undefined)
  })

  it('is not due before the reminder, nor with a clock start that is not a time', () => {
    const lead = waiting(ist('2026-11-27T11:20'))
    expect(dueStep(lead, ist('2026-11-27T11:24'), calendar)).toBeUndefined()
    expect(dueStep(lead, ist('2026-11-27T11:25'), calendar)).toBe('remind')
    expect(dueStep({ ...lead, remindedAt: 'x' }, ist('2026-11-27T11:34'), calendar)).toBeUndefined()
    expect(dueStep({ ...lead, clockStart: 'not a time' }, ist('2026-11-28T11:00'), calendar)).toBeUndefined()
  })

  it('follows the steps it is given', () => {
    const lead = waiting(ist('2026-11-27T11:20'))
    const steps = { reminderMinutes: 1, escalationMinutes: 2 }
    expect(dueStep(lead, ist('2026-11-27T11:21'), calendar, steps)).toBe('remind')
    expect(dueStep(lead, ist('2026-11-27T11:22'), calendar, steps)).toBe('escalate')
  })
})

describe('what the sweep reads, and when it rests', () => {
  it('reads only the clocks started at least the reminder minutes ago', () => {
    expect(sweepCutoff(ist('2026-11-27T11:30'))).toEqual(ist('2026-11-27T11:25'))
    // A clock started at the cutoff is due at `now` exactly: it must be read.
    expect(dueStep(waiting(ist('2026-11-27T11:25')), ist('2026-11-27T11:30'), calendar)).toBe('remind')
  })

  it('rests while closed, but runs for half an hour after closing (a step due at the close, a retry)', () => {
    expect(isSweepIdle(ist('2026-11-27T12:00'), calendar)).toBe(false)
    expect(isSweepIdle(ist('2026-11-27T19:00'), calendar)).toBe(false)
    expect(isSweepIdle(ist('2026-11-27T19:29'), calendar)).toBe(false)
    expect(isSweepIdle(ist('2026-11-27T19:31'), calendar)).toBe(true)
    expect(isSweepIdle(ist('2026-11-29T12:00'), calendar)).toBe(true)
    expect(isSweepIdle(ist('2026-11-30T12:00'), withHolidays('2026-11-30'))).toBe(true)
    expect(isSweepIdle(ist('2026-11-30T09:00'), calendar)).toBe(false)
  })
})

describe('who a late lead goes to', () => {
  const roster: AssignableUser[] = [
    { username: 'owner1', role: 'owner' },
    { username: 'asha', role: 'sales' },
    { username: 'ravi', role: 'sales' },
    { username: 'sunil', role: 'sales' },
  ]
  const settings = (change: Partial<SalesSettings>): SalesSettings => ({ ...defaultSalesSettings, ...change })
  const now = ist('2026-11-27T11:35')

  it('takes the next person by the same rules, never the current assignee', () => {
    const chosen = escalationAssignment(
      { category: 'residential' },
      'asha',
      settings({ rotation: { sales: 'sunil' } }),
      roster,
      now,
    )
    // The round robin would come back to asha after sunil: she is the one it is taken from.
    expect(chosen).toEqual({
      username: 'ravi',
      reason: 'round robin',
      rotation: { pool: 'sales', last: 'ravi' },
    })
  })

  it('skips someone away, and falls from a territory whose person has the lead to the specialists', () => {
    const chosen = escalationAssignment(
      { category: 'commercial', pinCode: '500081' },
      'asha',
      settings({
        territories: [{ prefix: '500', username: 'asha' }],
        specialists: { commercial: ['ravi', 'sunil'] },
        away: { ravi: {} },
      }),
      roster,
      now,
    )
    expect(chosen.username).toBe('sunil')
    expect(chosen.reason).toBe('specialist: Commercial')
  })

  it('reassigns the lead of an away assignee to someone present, and leaves it when nobody else may take it', () => {
    const away = settings({
      away: { asha: { from: '2026-11-27', until: '2026-11-27' }, ravi: {}, sunil: {} },
    })
    expect(escalationAssignment({}, 'asha', away, roster, now)).toMatchObject({ username: 'owner1' })
    expect(escalationAssignment({}, 'owner1', away, roster, now).username).toBeUndefined()
  })

  it('assigns an unassigned lead by the rules', () => {
    expect(escalationAssignment({}, undefined, defaultSalesSettings, roster, now).username).toBe('asha')
  })
})

describe("the timeline's lines", () => {
  const at = '2026-11-27T06:05:00.000Z'

  it('says who was reminded, by the response clock', () => {
    expect(reminderEvent(at, 'asha')).toEqual({
      at,
      by: responseClockActor,
      type: 'note',
      text: 'No first contact 5 business minutes after arrival: reminded asha.',
    })
    expect(reminderEvent(at, undefined).text).toContain('the owners (nobody is assigned)')
  })

  it('records the alert and the reassignment with its reason', () => {
    expect(escalationEvents(at, 'asha', { username: 'ravi', reason: 'round robin' })).toEqual([
      {
        at,
        by: responseClockActor,
        type: 'note',
        text: 'No first contact 15 business minutes after arrival: the owners were alerted.',
      },
      {
        at,
        by: responseClockActor,
        type: 'assignee',
        from: 'asha',
        to: 'ravi',
        text: 'unanswered: round robin',
      },
    ])
    const alone = escalationEvents(at, 'asha', { username: undefined, reason: 'nobody available' })
    expect(alone).toHaveLength(1)
    expect(alone[0]?.text).toContain('nobody else is available')
  })
})
