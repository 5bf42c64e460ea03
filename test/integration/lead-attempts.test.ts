import { beforeAll, describe, expect, it } from 'vitest'
import { adminCaller, type StaffHeaders, saveTestStaff } from '../support/admin-handlers'
import { validQuote } from '../support/leads'
import { withTestEngines } from '../support/local-server'

/**
 * A contact attempt on dynalite: the real handler, the lead's real item, its index entries and the audit
 * trail. The first attempt stamps firstContactAt and later ones leave it; the next step moves the status and
 * the follow-up with its time; a refused attempt writes nothing.
 */
const headers: StaffHeaders = {}

const call = adminCaller(headers)
const attempt = (as: string, id: string, body: unknown) =>
  call('admin-add-lead-attempt', as, { pathParameters: { id }, body })
const get = (as: string, id: string) => call('admin-get-lead', as, { pathParameters: { id } })

/** A time `days` ahead, on the minute, in India's offset as the dialog sends it. */
function ahead(days: number): { sent: string; utc: string } {
  const at = new Date(Date.now() + days * 86_400_000)
  at.setUTCSeconds(0, 0)
  const india = new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 16)
  return { sent: `${india}+05:30`, utc: at.toISOString() }
}

let leadId: string

withTestEngines()
beforeAll(async () => {
  await saveTestStaff(headers)
  const { storeLead } = await import('../../functions/lib/db/leads')
  const quote = await storeLead('QUOTE', { ...validQuote, name: 'Ravi Kumar', whatsapp: '98765 43210' })
  leadId = quote.lead.id
})

describe('POST /api/admin/leads/{id}/attempts on dynalite', () => {
  it('refuses a viewer and an editor, a bad body and an unknown lead, and writes nothing', async () => {
    const before = await get('olga', leadId)
    for (const as of ['vik', 'esha']) {
      expect((await attempt(as, leadId, { channel: 'whatsapp', outcome: 'sent' })).status, as).toBe(403)
    }
    const callback = await attempt('sunil', leadId, { channel: 'call', outcome: 'callback' })
    expect(callback.status).toBe(400)
    expect(callback.body.fields).toEqual({ callbackAt: 'Choose when to call back' })
    const past = await attempt('sunil', leadId, {
      channel: 'call',
      outcome: 'connected',
      followUpAt: '2020-01-01T10:00+05:30',
    })
    expect(past.body.fields).toEqual({ followUpAt: 'The follow-up is in the past' })
    const lost = await attempt('sunil', leadId, { channel: 'call', outcome: 'wrong-number', status: 'lost' })
    expect(lost.status).toBe(400)
    const unknown = await attempt('sunil', '0190c0de-0000-7000-8000-0000000000ff', {
      channel: 'whatsapp',
      outcome: 'sent',
    })
    expect(unknown.status).toBe(404)
    const after = await get('olga', leadId)
    expect(after.body).toEqual(before.body)
    expect(after.body.lead.firstContactAt).toBeUndefined()
  })

  it('logs a WhatsApp tap, stamps the first contact, and GET returns both', async () => {
    const reply = await attempt('sunil', leadId, {
      channel: 'whatsapp',
      outcome: 'sent',
      note: 'Sent the brochure.',
    })
    expect(reply.status).toBe(201)
    const { firstContactAt } = reply.body
    expect(reply.body.attempt).toMatchObject({
      by: 'sunil',
      type: 'attempt',
      channel: 'whatsapp',
      outcome: 'sent',
      text: 'Sent the brochure.',
      at: firstContactAt,
    })
    const detail = await get('sunil', leadId)
    expect(detail.body.lead).toMatchObject({ firstContactAt, status: 'new', version: 0 })
    const attempts = detail.body.events.filter((event: { type: string }) => event.type === 'attempt')
    expect(attempts).toEqual([reply.body.attempt])
    // The inbox's entries carry it too (the waiting view and the sweep read them).
    const listed = await call('admin-list-leads', 'sunil', { query: {} })
    expect(listed.body.items.find((lead: { id: string }) => lead.id === leadId)?.firstContactAt).toBe(
      firstContactAt,
    )
  })

  it("takes a lead off the response clock's waiting list at its first attempt", async () => {
    const { storeLead } = await import('../../functions/lib/db/leads')
    const { waitingLeads } = await import('../../functions/lib/db/waiting')
    const waitingIds = async () => {
      const ids: string[] = []
      for await (const page of waitingLeads(new Date('2100-01-01T00:00:00Z')))
        ids.push(...page.map((lead) => lead.id))
      return ids
    }
    const { lead } = await storeLead('QUOTE', { ...validQuote, name: 'Clocked Lead' }, { assign: {} })
    expect(await waitingIds()).toContain(lead.id)
    expect((await attempt('sunil', lead.id, { channel: 'call', outcome: 'no-answer' })).status).toBe(201)
    expect(await waitingIds()).not.toContain(lead.id)
    // A later attempt finds nothing to take off, and is logged as usual.
    expect((await attempt('sunil', lead.id, { channel: 'call', outcome: 'connected' })).status).toBe(201)
  })

  it('keeps the first contact on a later attempt, and applies a call-back as the follow-up with its time', async () => {
    const first = (await get('sunil', leadId)).body.lead.firstContactAt
    const when = ahead(2)
    const reply = await attempt('sunil', leadId, {
      channel: 'call',
      outcome: 'callback',
      callbackAt: when.sent,
      status: 'contacted',
    })
    expect(reply.status).toBe(201)
    expect(reply.body.firstContactAt).toBe(first)
    expect(reply.body.lead).toMatchObject({
      status: 'contacted',
      version: 1,
      followUpAt: when.utc,
      followUpOn: new Date(new Date(when.utc).getTime() + 330 * 60_000).toISOString().slice(0, 10),
    })
    const detail = await get('sunil', leadId)
    expect(detail.body.events.slice(-3).map((event: { type: string }) => event.type)).toEqual([
      'attempt',
      'status',
      'follow-up',
    ])
    const byStatus = await call('admin-list-leads', 'sunil', { query: { status: 'contacted' } })
    expect(byStatus.body.items.map((lead: { id: string }) => lead.id)).toEqual([leadId])
  })

  it("drops the follow-up's time when the pipeline's form sets another date (a date alone has none)", async () => {
    const lead = (await get('sunil', leadId)).body.lead
    expect(lead.followUpAt).toBeDefined()
    const moved = await call('admin-update-lead', 'sunil', {
      pathParameters: { id: leadId },
      body: { version: lead.version, followUpOn: '2099-01-05' },
    })
    expect(moved.status).toBe(200)
    expect(moved.body.followUpOn).toBe('2099-01-05')
    expect(moved.body.followUpAt).toBeUndefined()
    expect((await get('sunil', leadId)).body.lead.fields.followUpAt).toBeUndefined()
  })

  it('records each attempt in the activity log, without its note', async () => {
    const activity = await call('admin-activity', 'olga')
    const logged = activity.body.items.filter((entry: { action: string }) => entry.action === 'lead-attempt')
    expect(logged.map((entry: { detail: string }) => entry.detail)).toEqual(
      expect.arrayContaining([
        'WhatsApp: Sent',
        expect.stringMatching(/^Call: Call back, status Contacted, follow-up /),
      ]),
    )
    expect(JSON.stringify(logged)).not.toContain('brochure')
  })
})
