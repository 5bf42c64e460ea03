import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { adminCaller, type StaffHeaders, saveTestStaff } from '../support/admin-handlers'
import { validManualLead, validQuote } from '../support/leads'
import { withTestEngines } from '../support/local-server'

/**
 * Leads from everywhere on dynalite, through the real handlers: a quote sent with the landing URL's UTM
 * values keeps them and its page, and is found under its UTM source; a lead added by hand is stored,
 * assigned (to the colleague talking to the person, or by the rules when nobody has called yet) and listed
 * under `source=manual`, each view one Query of one partition.
 */
const headers: StaffHeaders = {}

const call = adminCaller(headers)
const names = async (as: string, query: Record<string, string>) => {
  const page = await call('admin-list-leads', as, { query })
  expect(page.status, JSON.stringify(page.body)).toBe(200)
  return page.body.items.map((lead: { name: string }) => lead.name)
}

withTestEngines()
beforeAll(async () => {
  process.env.LEAD_RATE_LIMIT = 'off'
  delete process.env.LEADS_TOPIC_ARN
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  await saveTestStaff(headers, [
    ['olga', 'owner'],
    ['sunil', 'sales'],
  ])
})
afterAll(async () => {
  vi.restoreAllMocks()
})

describe('leads from everywhere', () => {
  it('keeps a quote’s page and UTM values, shows them on its lead and finds it under its UTM source', async () => {
    const sent = await call('create-quote', undefined, {
      body: {
        ...validQuote,
        name: 'Campaign Visitor',
        page: '/get-quote',
        utmSource: 'google',
        utmCampaign: 'rooftop',
      },
    })
    expect(sent.status).toBe(201)
    const lead = await call('admin-get-lead', 'olga', { pathParameters: { id: sent.body.id } })
    expect(lead.status).toBe(200)
    expect(lead.body.lead).toMatchObject({
      source: { kind: 'form', form: 'quote', page: '/get-quote' },
      utmSource: 'google',
      utmCampaign: 'rooftop',
      fields: {
        source: { kind: 'form', form: 'quote', page: '/get-quote' },
        utmSource: 'google',
        utmCampaign: 'rooftop',
      },
    })
    expect(await names('olga', { source: 'google' })).toEqual(['Campaign Visitor'])
    expect(await names('olga', { source: 'facebook' })).toEqual([])
    expect(await names('olga', { source: 'form' })).toContain('Campaign Visitor')
  })

  it('stores a phone-in as the caller’s own and contacted, listed under manual and never waiting', async () => {
    const added = await call('admin-create-lead', 'sunil', { body: validManualLead })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body.assignee).toBe('sunil')
    const lead = await call('admin-get-lead', 'sunil', { pathParameters: { id: added.body.id } })
    expect(lead.body.lead).toMatchObject({
      status: 'contacted',
      assignee: 'sunil',
      firstContactAt: expect.any(String),
      source: { kind: 'manual', channel: 'phone' },
      latestNote: validManualLead.note,
    })
    expect(lead.body.events.map((event: { type: string }) => event.type)).toEqual(
      expect.arrayContaining(['assignee', 'status', 'note']),
    )
    expect(await names('sunil', { source: 'manual' })).toEqual(['Meena Iyer'])
    expect(await names('sunil', { assignee: 'me', source: 'manual' })).toEqual(['Meena Iyer'])
    expect(await names('sunil', { source: 'form' })).not.toContain('Meena Iyer')
    expect(await names('sunil', { waiting: '1' })).not.toContain('Meena Iyer')
    // Its reference, which staff give the person, finds it as a visitor's would, however it is typed.
    expect(added.body.reference).toMatch(/^SE-[2-9A-HJKMNP-Z]{5}$/)
    expect(await names('sunil', { q: added.body.reference })).toEqual(['Meena Iyer'])
    expect(await names('sunil', { q: added.body.reference.toLowerCase().replace('-', ' ') })).toEqual([
      'Meena Iyer',
    ])
  })

  it('puts an enquiry nobody has called through the rules (round robin: the sales user) and onto the clock', async () => {
    const added = await call('admin-create-lead', 'olga', {
      body: {
        kind: 'contact',
        channel: 'justdial',
        name: 'Kiran Shah',
        phone: '080 4123 4567',
        contacted: false,
      },
    })
    expect(added.status, JSON.stringify(added.body)).toBe(201)
    expect(added.body.assignee).toBe('sunil')
    expect(await names('olga', { source: 'manual', kind: 'contact' })).toEqual(['Kiran Shah'])
    expect(await names('sunil', { waiting: '1' })).toContain('Kiran Shah')
  })

  it('refuses a source filter with characters no UTM value has', async () => {
    const refused = await call('admin-list-leads', 'olga', { query: { source: '<script>' } })
    expect(refused.status).toBe(400)
    expect(refused.body.fields.source).toMatch(/^Choose form, manual or a UTM source/)
  })
})
