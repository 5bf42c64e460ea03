import { beforeAll, describe, expect, it } from 'vitest'
import { businessDateOf } from '../../functions/core/business-days'
import { weekStartOf } from '../../functions/core/response-figures'
import { adminCaller, saveTestStaff } from '../support/admin-handlers'
import { validQuote } from '../support/leads'
import { withTestEngines } from '../support/local-server'

/**
 * The response-time figures on dynalite, through the real handlers: leads stored on the response clock last
 * week, answered at known times (the repository's clock injected), give the median, the 90th percentile, the
 * shares, the untouched lead and the conversion by band; a sales user sees their own line; the rebuild
 * (reindex-leads) writes the same figures again.
 */
const headers: Record<string, Record<string, string>> = {}

const call = adminCaller(headers)
const figures = (as: string, query: Record<string, string> = {}) =>
  call('admin-response-figures', as, { query })

const day = 24 * 60 * 60_000
// Last week's Wednesday and Thursday (company time zone): open 9:00 to 19:00 by default.
const lastMonday = new Date(Date.parse(`${weekStartOf(businessDateOf(new Date()))}T00:00:00Z`) - 7 * day)
const dateOf = (days: number) => new Date(lastMonday.getTime() + days * day).toISOString().slice(0, 10)
const wednesday = dateOf(2)
const thursday = dateOf(3)
const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`)

withTestEngines()
beforeAll(async () => {
  await saveTestStaff(headers, [
    ['olga', 'owner'],
    ['sunil', 'sales'],
    ['asha', 'sales'],
    ['vik', 'viewer'],
  ])
  const { storeLead } = await import('../../functions/lib/db/leads')
  const { logLeadAttempt } = await import('../../functions/lib/db/lead-changes')
  const { changeLead } = await import('../../functions/lib/db/lead-changes')
  // Stored on the clock (assigned round robin on arrival), then handed to `to` by an owner before any call.
  const store = async (name: string, at: Date, to: string) => {
    const { lead } = await storeLead('QUOTE', { ...validQuote, name }, { assign: {}, now: at })
    if ((lead as { assignee?: string }).assignee !== to) {
      await changeLead(lead.id, { version: 0, assignee: to }, 'olga', async () => undefined, at)
    }
    return lead.id
  }
  const answered: [string, Date, Date, string][] = [
    ['Three Minutes', ist(wednesday, '10:00'), ist(wednesday, '10:03'), 'sunil'],
    ['Twelve Minutes', ist(wednesday, '10:10'), ist(wednesday, '10:22'), 'asha'],
    ['Forty Minutes', ist(wednesday, '11:00'), ist(wednesday, '11:40'), 'sunil'],
    // Arrived 5 minutes before closing, answered 5 minutes after the next opening: 10 business minutes.
    ['Over The Night', ist(wednesday, '18:55'), ist(thursday, '09:05'), 'asha'],
  ]
  for (const [name, arrived, contacted, by] of answered) {
    const id = await store(name, arrived, by)
    await logLeadAttempt(id, { channel: 'call', outcome: 'connected' }, by, contacted)
    if (name === 'Three Minutes') {
      // Its next step books a site visit: it counts toward the visits of its band.
      await logLeadAttempt(
        id,
        { channel: 'call', outcome: 'connected', status: 'site-visit' },
        by,
        new Date(contacted.getTime() + 60_000),
      )
    }
  }
  // Nobody ever called: untouched, and still on the waiting list.
  await store('Never Called', ist(wednesday, '12:00'), 'asha')
})

describe('GET /api/admin/response-figures on dynalite', () => {
  it("gives an owner the team's figures in business minutes, each person's line, the weeks and the bands", async () => {
    const reply = await figures('olga', { weeks: '4' })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    const body = reply.body
    expect(body.weeks).toBe(4)
    // 3, 10, 12, 40 minutes and one never answered.
    expect(body.overall).toEqual({
      leads: 5,
      answered: 4,
      medianMinutes: 10,
      p90Minutes: 40,
      within5Share: 1 / 5,
      within15Share: 3 / 5,
      untouched: 1,
    })
    expect(body.waitingOver24h).toBe(1)
    expect(body.byPerson.map((line: { username: string }) => line.username)).toEqual(['asha', 'sunil'])
    expect(body.byPerson[0]).toMatchObject({
      leads: 3,
      answered: 2,
      medianMinutes: 10,
      p90Minutes: 12,
      untouched: 1,
    })
    expect(body.byPerson[1]).toMatchObject({ leads: 2, medianMinutes: 3, p90Minutes: 40 })
    expect(body.byWeek).toHaveLength(4)
    expect(body.byWeek[2]).toMatchObject({
      weekStart: lastMonday.toISOString().slice(0, 10),
      leads: 5,
      medianMinutes: 10,
    })
    expect(body.byWeek[3]).toMatchObject({ leads: 0, medianMinutes: null })
    expect(body.conversion).toEqual([
      { band: 'within-5', leads: 1, visits: 1, won: 0 },
      { band: 'within-15', leads: 2, visits: 0, won: 0 },
      { band: 'within-60', leads: 1, visits: 0, won: 0 },
      { band: 'later', leads: 0, visits: 0, won: 0 },
      { band: 'never', leads: 1, visits: 0, won: 0 },
    ])
  })

  it("shows a sales user their own line and the team's totals, and refuses a viewer", async () => {
    const reply = await figures('sunil')
    expect(reply.status).toBe(200)
    expect(reply.body.weeks).toBe(12)
    expect(reply.body.byWeek).toHaveLength(12)
    expect(reply.body.overall.leads).toBe(5)
    expect(reply.body.byPerson.map((line: { username: string }) => line.username)).toEqual(['sunil'])
    expect((await figures('vik')).status).toBe(403)
  })

  it('refuses weeks that are not a whole number from 1 to 12', async () => {
    for (const weeks of ['0', '13', '2.5', 'twelve', '-1']) {
      const reply = await figures('olga', { weeks })
      expect(reply.status, weeks).toBe(400)
      expect(Object.keys(reply.body.fields), weeks).toEqual(['weeks'])
    }
  })

  it('reads the same figures after the rebuild writes them again from the leads', async () => {
    const before = await figures('olga')
    const { reindexLeads } = await import('../../functions/lib/db/reindex')
    const report = await reindexLeads()
    expect(report.responseFigures).toBe(5)
    const after = await figures('olga')
    expect({ ...after.body, asOf: undefined }).toEqual({ ...before.body, asOf: undefined })
  })
})
