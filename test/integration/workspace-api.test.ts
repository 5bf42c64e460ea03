import { beforeAll, describe, expect, it } from 'vitest'
import { pipelineLimits } from '../../functions/core/pipeline'
import { adminCaller, type StaffHeaders, saveTestStaff } from '../support/admin-handlers'
import { validContact, validQuote } from '../support/leads'
import { withTestEngines } from '../support/local-server'

/**
 * The workspace's API, in process on dynalite: real handlers (the role check of the chain included), real
 * index entries and counters. Users are real records, so each request reads its role from the store.
 */
const headers: StaffHeaders = {}

const call = adminCaller(headers)

const list = (as: string, query: Record<string, string> = {}) => call('admin-list-leads', as, { query })
const get = (as: string, id: string) => call('admin-get-lead', as, { pathParameters: { id } })
const patch = (as: string, id: string, body: unknown) =>
  call('admin-update-lead', as, { pathParameters: { id }, body })
const note = (as: string, id: string, text: unknown) =>
  call('admin-add-lead-note', as, { pathParameters: { id }, body: { text } })

let quoteId: string
let contactId: string

withTestEngines()
beforeAll(async () => {
  await saveTestStaff(headers)
  const { storeLead } = await import('../../functions/lib/db/leads')
  const quote = await storeLead('QUOTE', {
    ...validQuote,
    name: 'Ravi Kumar Sharma',
    whatsapp: '+91 98765-43210',
    pincode: '500081',
    category: 'housing',
    serverEstimate: { estimatedCostInr: 205000, estimatedCost: '₹2,05,000', displayedPriceInr: 205000 },
  })
  quoteId = quote.lead.id
  const contact = await storeLead('CONTACT', {
    ...validContact,
    name: 'Anita Rao',
    email: 'Anita@Example.com',
    phone: '022 2345 6789',
  })
  contactId = contact.lead.id
})

describe('the lead inbox', () => {
  it('lists quotes and contacts newest first with the total, and filters by kind, status and segment', async () => {
    const all = await list('sunil')
    expect(all.status).toBe(200)
    expect(all.body.items.map((lead: { id: string }) => lead.id)).toEqual([contactId, quoteId])
    expect(all.body.total).toBe(2)
    expect(all.body.items[1]).toMatchObject({
      kind: 'quote',
      status: 'new',
      version: 0,
      segment: 'housing',
      estimateInr: 205000,
      phone: '+91 98765-43210',
      followUpDue: false,
    })
    expect((await list('sunil', { kind: 'contact' })).body).toMatchObject({
      total: 1,
      items: [{ id: contactId }],
    })
    const housing = await list('sunil', { segment: 'housing' })
    expect(housing.body.items.map((lead: { id: string }) => lead.id)).toEqual([quoteId])
    expect(housing.body.total).toBeUndefined()
    expect((await list('sunil', { status: 'won' })).body.items).toEqual([])
  })

  it('finds a lead by phone in any format, e-mail, PIN or the start of a name word', async () => {
    for (const q of ['9876543210', '098765 43210', '+91-98765-43210', '500081', 'sha', 'ravi sh', 'KUMAR']) {
      const found = await list('sunil', { q })
      expect(
        found.body.items.map((lead: { id: string }) => lead.id),
        q,
      ).toEqual([quoteId])
    }
    expect((await list('vik', { q: 'anita@example.COM' })).body.items).toMatchObject([{ id: contactId }])
    expect((await list('sunil', { q: '9999999999' })).body.items).toEqual([])
  })

  it('refuses a filter outside its list, a bad date range and a foreign cursor with 400', async () => {
    expect((await list('sunil', { status: 'maybe' })).body.fields).toHaveProperty('status')
    expect((await list('sunil', { from: '2026-02-30' })).status).toBe(400)
    expect((await list('sunil', { from: '2026-11-20', to: '2026-11-01' })).body.fields).toHaveProperty('from')
    const page = await list('sunil', { limit: '1' })
    expect(page.body.nextCursor).toBeTruthy()
    expect((await list('sunil', { status: 'new', cursor: page.body.nextCursor })).status).toBe(400)
    const next = await list('sunil', { limit: '1', cursor: page.body.nextCursor })
    expect(next.body.items.map((lead: { id: string }) => lead.id)).toEqual([quoteId])
  })

  it('is not shown to an editor (403 with the role named)', async () => {
    const refused = await list('esha')
    expect(refused.status).toBe(403)
    expect(refused.body.error).toContain('Editor')
    expect((await get('esha', quoteId)).status).toBe(403)
  })
})

describe('the pipeline', () => {
  it('moves a lead along with assignee and follow-up, keeps the timeline, and the inbox follows', async () => {
    const moved = await patch('sunil', quoteId, {
      version: 0,
      status: 'contacted',
      assignee: 'sunil',
      followUpOn: '2026-01-05',
    })
    expect(moved.status).toBe(200)
    expect(moved.body).toMatchObject({
      status: 'contacted',
      version: 1,
      assignee: 'sunil',
      followUpDue: true,
    })

    const mine = await list('sunil', { assignee: 'sunil', status: 'contacted' })
    expect(mine.body.items).toMatchObject([{ id: quoteId, followUpDue: true }])
    expect(
      (await list('sunil', { status: 'new' })).body.items.map((lead: { id: string }) => lead.id),
    ).toEqual([contactId])

    const stale = await patch('sunil', quoteId, { version: 0, status: 'proposal' })
    expect(stale.status).toBe(409)
    expect(stale.body.error).toContain('Someone else changed this lead')

    expect((await note('sunil', quoteId, '  Called, wants a site visit on Monday  ')).status).toBe(201)
    const won = await patch('sunil', quoteId, { version: 1, status: 'won' })
    expect(won.body).toMatchObject({ status: 'won', version: 2, followUpDue: false })

    const detail = await get('vik', quoteId)
    expect(detail.status).toBe(200)
    expect(detail.body.lead.fields).toMatchObject({
      name: 'Ravi Kumar Sharma',
      latestNote: 'Called, wants a site visit on Monday',
    })
    expect(
      detail.body.events.map((event: { type: string; to?: string }) => `${event.type}:${event.to ?? ''}`),
    ).toEqual(['status:contacted', 'assignee:sunil', 'follow-up:2026-01-05', 'note:', 'status:won'])
    expect(detail.body.events.every((event: { by: string }) => event.by === 'sunil')).toBe(true)
  })

  it('refuses bad changes with 400 and writes nothing', async () => {
    const before = (await get('sunil', contactId)).body.lead
    const cases: [unknown, string][] = [
      [{ version: 0, status: 'lost' }, 'lostReason'],
      [{ version: 0, status: 'lost', lostReason: 'other' }, 'lostNote'],
      [{ version: 0, status: 'closed' }, 'status'],
      [{ version: 0, followUpOn: '2026-13-01' }, 'followUpOn'],
      [{ version: 0, assignee: 'nobody' }, 'assignee'],
      [{ version: 0, assignee: 'esha' }, 'assignee'],
      [{ version: 0 }, 'status'],
      [{ status: 'contacted' }, 'version'],
    ]
    for (const [body, field] of cases) {
      const refused = await patch('sunil', contactId, body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(refused.body.fields, JSON.stringify(body)).toHaveProperty(field)
    }
    expect((await patch('sunil', 'not-an-id', { version: 0, status: 'contacted' })).status).toBe(400)
    expect(
      (await patch('sunil', '00000000-0000-4000-8000-000000000000', { version: 0, status: 'contacted' }))
        .status,
    ).toBe(404)
    const tooLong = await note('sunil', contactId, 'x'.repeat(pipelineLimits.note + 1))
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.fields).toEqual({ text: 'Keep a note to 2,000 characters or fewer' })
    expect((await note('sunil', contactId, '   ')).status).toBe(400)
    const after = (await get('sunil', contactId)).body
    expect(after.lead).toEqual(before)
    expect(after.events).toEqual([])
  })

  it('closes and reopens: won cannot turn into lost, lost needs a reason and a reopen clears it', async () => {
    const wonToLost = await patch('sunil', quoteId, { version: 2, status: 'lost', lostReason: 'price' })
    expect(wonToLost.status).toBe(400)
    expect(wonToLost.body.fields.status).toContain('cannot move')
    const reopened = await patch('sunil', quoteId, { version: 2, status: 'proposal' })
    expect(reopened.body).toMatchObject({ status: 'proposal', version: 3 })
    const lost = await patch('sunil', quoteId, {
      version: 3,
      status: 'lost',
      lostReason: 'competitor',
      lostNote: 'Went with the cheaper bid',
    })
    expect(lost.body).toMatchObject({
      status: 'lost',
      lostReason: 'competitor',
      lostNote: 'Went with the cheaper bid',
    })
    const again = await patch('sunil', quoteId, { version: 4, status: 'contacted' })
    expect(again.body.status).toBe('contacted')
    expect(again.body).not.toHaveProperty('lostReason')
    expect(again.body.fields).not.toHaveProperty('lostReason')
  })

  it('lets a viewer read but not change, and only two writes in a burst on one version succeed once', async () => {
    expect((await patch('vik', contactId, { version: 0, status: 'contacted' })).status).toBe(403)
    expect((await note('vik', contactId, 'hello')).status).toBe(403)
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => patch('sunil', contactId, { version: 0, status: 'contacted' })),
    )
    expect(burst.map((reply) => reply.status).sort()).toEqual([200, 409, 409, 409, 409])
  })
})

describe('the dashboard figures', () => {
  it('counts leads per week by kind, the pipeline with values, this month and segments, from counters', async () => {
    const stats = await call('admin-lead-stats', 'vik')
    expect(stats.status).toBe(200)
    expect(stats.body.weeks).toHaveLength(12)
    const thisWeek = stats.body.weeks.at(-1)
    // Both leads came in this week.
    expect(thisWeek).toMatchObject({ quote: 1, contact: 1 })
    const pipeline = Object.fromEntries(
      stats.body.pipeline.map((entry: { status: string; count: number; valueInr: number }) => [
        entry.status,
        [entry.count, entry.valueInr],
      ]),
    )
    // After the pipeline tests: the quote (₹2,05,000) is contacted again, the contact contacted once.
    expect(pipeline).toEqual({
      new: [0, 0],
      contacted: [2, 205000],
      'site-visit': [0, 0],
      proposal: [0, 0],
      won: [0, 0],
      lost: [0, 0],
    })
    // Won then reopened, lost then reopened: nothing closed stays counted this month.
    expect(stats.body.month).toMatchObject({ won: 0, lost: 0, winRate: null })
    expect(stats.body.segments).toEqual([
      { segment: 'residential', count: 0 },
      { segment: 'housing', count: 1 },
      { segment: 'commercial', count: 0 },
    ])
    // The quote's follow-up (5 January) is past and it is open again.
    expect(stats.body.followUpsDue).toBe(1)
    // Nothing here is near its retention date (a year for open and lost leads).
    expect(stats.body.retention).toEqual({ due: 0, overdue: 0 })
    expect((await call('admin-lead-stats', 'esha')).status).toBe(403)
  })
})
