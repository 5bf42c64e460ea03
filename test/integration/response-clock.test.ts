import { beforeAll, describe, expect, it } from 'vitest'
import { validQuote } from '../support/leads'
import { withTestEngines } from '../support/local-server'

/**
 * The response clock on dynalite: a quote stored through storeLead (assigned on arrival, its waiting entry
 * written), then the sweep run once a minute on an injected clock, as EventBridge would run it, through the
 * business day. The lead's timeline, the inbox, the activity log and the waiting entry are read back through
 * their own repositories.
 */
let leads: typeof import('../../functions/lib/db/leads')
let changes: typeof import('../../functions/lib/db/lead-changes')
let inbox: typeof import('../../functions/lib/db/inbox')
let audit: typeof import('../../functions/lib/db/audit')
let settings: typeof import('../../functions/lib/db/sales-settings')
let waiting: typeof import('../../functions/lib/db/waiting')
let sweep: typeof import('../../functions/lib/response-sweep')
let erasure: typeof import('../../functions/lib/db/erasure')
let figures: typeof import('../../functions/lib/db/response-figures')

/** An instant given as a wall-clock time in India (+05:30). 2026-11-27 is a Friday, 2026-11-28 a Saturday. */
const ist = (local: string) => new Date(`${local}+05:30`)
const minute = 60_000

withTestEngines()
beforeAll(async () => {
  leads = await import('../../functions/lib/db/leads')
  changes = await import('../../functions/lib/db/lead-changes')
  inbox = await import('../../functions/lib/db/inbox')
  audit = await import('../../functions/lib/db/audit')
  settings = await import('../../functions/lib/db/sales-settings')
  waiting = await import('../../functions/lib/db/waiting')
  sweep = await import('../../functions/lib/response-sweep')
  erasure = await import('../../functions/lib/db/erasure')
  figures = await import('../../functions/lib/db/response-figures')
  for (const [username, role] of [
    ['asha', 'sales'],
    ['ravi', 'sales'],
    ['owner1', 'owner'],
  ] as const) {
    await settings.recordRosterRole(username, role)
  }
})

/** Runs the sweep once a minute (or every `every` minutes) from `from` to `to`; answers the runs' totals. */
async function sweepEveryMinute(from: Date, to: Date, every = 1) {
  const totals = { reminded: 0, escalated: 0, cleared: 0, failed: 0 }
  for (let at = from.getTime(); at <= to.getTime(); at += every * minute) {
    const report = await sweep.sweepResponseClock({ now: new Date(at) })
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += report[key]
  }
  return totals
}

const storeQuote = (arrival: Date) =>
  leads.storeLead('QUOTE', validQuote, {
    now: arrival,
    assign: { category: validQuote.category as 'residential', pinCode: validQuote.pincode },
  })

describe('the response clock on dynalite', () => {
  it('reminds once at 5 and escalates once at 15 business minutes, reassigning the untouched lead by the rules', async () => {
    const { lead } = await storeQuote(ist('2026-11-27T11:20'))
    expect(lead).toMatchObject({ assignee: 'asha', clockStartedAt: ist('2026-11-27T11:20').toISOString() })

    const totals = await sweepEveryMinute(ist('2026-11-27T11:20'), ist('2026-11-27T12:00'))
    expect(totals).toEqual({ reminded: 1, escalated: 1, cleared: 0, failed: 0 })

    const { lead: after, events } = await changes.leadDetail(lead.id)
    expect(after.assignee).toBe('ravi')
    expect(after.version).toBe(1)
    expect(
      events.map((event) => [event.at, event.by, event.type, event.from ?? '', event.to ?? '', event.text]),
    ).toEqual([
      [ist('2026-11-27T11:20').toISOString(), 'Assignment rules', 'assignee', '', 'asha', 'round robin'],
      [
        ist('2026-11-27T11:25').toISOString(),
        'Response clock',
        'note',
        '',
        '',
        'No first contact 5 business minutes after arrival: reminded asha.',
      ],
      [
        ist('2026-11-27T11:35').toISOString(),
        'Response clock',
        'note',
        '',
        '',
        'No first contact 15 business minutes after arrival: the owners were alerted.',
      ],
      [
        ist('2026-11-27T11:35').toISOString(),
        'Response clock',
        'assignee',
        'asha',
        'ravi',
        'unanswered: round robin',
      ],
    ])
    // The inbox files it under ravi now, and no longer under asha.
    const of = async (assignee: string) =>
      (await inbox.listInbox({ assignee }, 100)).items.map((item) => item.id)
    expect(await of('ravi')).toContain(lead.id)
    expect(await of('asha')).not.toContain(lead.id)
    // The response figures credit the lead to ravi now: asha no longer answers for its response time.
    const figureOf = async () =>
      (await figures.readFigures(ist('2026-11-27T00:00'))).filter(
        (figure) => figure.createdAt === lead.createdAt,
      )
    expect(await figureOf()).toEqual([expect.objectContaining({ assignee: 'ravi', status: 'new' })])
    // The activity log has the two steps, by the response clock.
    const logged = (await audit.listAudit({ limit: 100 })).items.filter((entry) => entry.target === lead.id)
    expect(logged.map((entry) => [entry.actor, entry.action, entry.detail])).toEqual([
      ['Response clock', 'lead-escalation', 'asha → ravi'],
      ['Response clock', 'lead-reminder', 'asha'],
    ])
    // Its waiting entry stays, marked: the sweep does nothing more until the lead is answered.
    const [entry] = await collect(waiting.waitingLeads(ist('2026-11-27T12:00')))
    expect(entry).toMatchObject({
      id: lead.id,
      assignee: 'ravi',
      remindedAt: ist('2026-11-27T11:25').toISOString(),
      escalatedAt: ist('2026-11-27T11:35').toISOString(),
    })
    expect(await sweepEveryMinute(ist('2026-11-27T12:01'), ist('2026-11-27T12:10'))).toEqual({
      reminded: 0,
      escalated: 0,
      cleared: 0,
      failed: 0,
    })
    // Answered (the attempts route clears the entry by the lead's clock start): off the waiting list.
    await waiting.clearWaiting(lead.id, lead.clockStartedAt!)
    expect(await collect(waiting.waitingLeads(ist('2026-11-27T12:00')))).toEqual([])
  })

  it('starts the clock of a lead that arrives after hours at the next opening, and says nothing overnight', async () => {
    const { lead } = await storeQuote(ist('2026-11-27T20:00'))
    expect(lead.clockStartedAt).toBe(ist('2026-11-28T09:00').toISOString())
    // Overnight every ten minutes (nothing may happen), then minute by minute from the opening.
    expect(await sweepEveryMinute(ist('2026-11-27T20:00'), ist('2026-11-28T08:50'), 10)).toMatchObject({
      reminded: 0,
      escalated: 0,
    })
    expect(await sweepEveryMinute(ist('2026-11-28T08:51'), ist('2026-11-28T09:04'))).toMatchObject({
      reminded: 0,
      escalated: 0,
    })
    expect(await sweepEveryMinute(ist('2026-11-28T09:05'), ist('2026-11-28T09:14'))).toMatchObject({
      reminded: 1,
      escalated: 0,
    })
    expect(await sweepEveryMinute(ist('2026-11-28T09:15'), ist('2026-11-28T09:20'))).toMatchObject({
      reminded: 0,
      escalated: 1,
    })
    await waiting.clearWaiting(lead.id, lead.clockStartedAt!)
  })

  it('stops the clock of a lead moved on from new by hand: off the list at once, no reminder', async () => {
    const { lead } = await storeQuote(ist('2026-11-27T14:00'))
    const detail = await changes.leadDetail(lead.id)
    expect((await collect(waiting.waitingLeads(ist('2026-11-27T15:00')))).map((entry) => entry.id)).toEqual([
      lead.id,
    ])
    await changes.changeLead(
      lead.id,
      { version: detail.lead.version, status: 'contacted' },
      'asha',
      async () => undefined,
      ist('2026-11-27T14:02'),
    )
    expect(await collect(waiting.waitingLeads(ist('2026-11-27T15:00')))).toEqual([])
    expect(await sweepEveryMinute(ist('2026-11-27T14:00'), ist('2026-11-27T14:30'))).toMatchObject({
      reminded: 0,
      escalated: 0,
      cleared: 0,
    })
    const events = (await changes.leadDetail(lead.id)).events
    expect(events.filter((event) => event.by === 'Response clock')).toEqual([])
    expect(await collect(waiting.waitingLeads(ist('2026-11-27T15:00')))).toEqual([])
  })

  it('reminds the assignee of a promised call-back once, at its time', async () => {
    const { lead } = await storeQuote(ist('2026-11-27T09:30'))
    const { assignee } = (await changes.leadDetail(lead.id)).lead
    const callbackAt = ist('2026-11-27T13:00').toISOString()
    await changes.logLeadAttempt(
      lead.id,
      { channel: 'call', outcome: 'callback', callbackAt, followUpAt: callbackAt },
      assignee ?? 'asha',
      ist('2026-11-27T09:31'),
    )
    const callbacks = async (from: string, to: string) => {
      let total = 0
      for (let at = ist(from).getTime(); at <= ist(to).getTime(); at += minute) {
        total += (await sweep.sweepResponseClock({ now: new Date(at) })).callbacks
      }
      return total
    }
    expect(await callbacks('2026-11-27T12:55', '2026-11-27T12:59')).toBe(0)
    expect(await callbacks('2026-11-27T13:00', '2026-11-27T13:10')).toBe(1)
    const lines = (await changes.leadDetail(lead.id)).events.filter((event) =>
      event.text?.startsWith('Call-back due'),
    )
    expect(lines.map((event) => [event.at, event.by, event.text])).toEqual([
      [callbackAt, 'Response clock', `Call-back due: reminded ${assignee}.`],
    ])
    const logged = (await audit.listAudit({ limit: 100 })).items.filter(
      (entry) => entry.target === lead.id && entry.action === 'lead-reminder',
    )
    expect(logged.map((entry) => entry.detail)).toEqual([`call-back ${callbackAt}`])
  })

  it("takes an erased person's lead off the list: the sweep reminds nobody of it", async () => {
    const { lead } = await storeQuote(ist('2026-11-27T16:00'))
    expect((await collect(waiting.waitingLeads(ist('2026-11-27T17:00')))).map((entry) => entry.id)).toEqual([
      lead.id,
    ])
    const erased = await erasure.erasePersonalRecords(validQuote.whatsapp)
    expect(erased.map((record) => record.id)).toContain(lead.id)
    expect(await collect(waiting.waitingLeads(ist('2026-11-27T17:00')))).toEqual([])
    expect(await sweepEveryMinute(ist('2026-11-27T16:00'), ist('2026-11-27T16:20'))).toEqual({
      reminded: 0,
      escalated: 0,
      cleared: 0,
      failed: 0,
    })
  })
})

async function collect<T>(pages: AsyncGenerator<T[]>): Promise<T[]> {
  const all: T[] = []
  for await (const page of pages) all.push(...page)
  return all
}
