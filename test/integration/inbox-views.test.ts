import { beforeAll, describe, expect, it } from 'vitest'
import { businessToday } from '../../functions/core/business-days'
import { adminCaller, saveTestStaff } from '../support/admin-handlers'
import { validContact, validQuote } from '../support/leads'
import { withTestEngines } from '../support/local-server'

/**
 * The inbox's views of the day on dynalite, through the real handler: my leads, unassigned, waiting for a
 * first contact (oldest first), follow-ups due today and overdue, and their combinations; each one Query of
 * one partition (the no-Scan and partition-access suites pin that per filter).
 */
const headers: Record<string, Record<string, string>> = {}

const call = adminCaller(headers)

const list = (as: string, query: Record<string, string> = {}) => call('admin-list-leads', as, { query })
const names = async (as: string, query: Record<string, string>) => {
  const page = await list(as, query)
  expect(page.status, JSON.stringify(page.body)).toBe(200)
  return page.body.items.map((lead: { name: string }) => lead.name)
}

const day = 24 * 60 * 60 * 1000
const today = businessToday()
const yesterday = businessToday(new Date(Date.now() - day))
const lastWeek = businessToday(new Date(Date.now() - 7 * day))

withTestEngines()
beforeAll(async () => {
  await saveTestStaff(headers, [
    ['olga', 'owner'],
    ['sunil', 'sales'],
    ['asha', 'sales'],
  ])
  const { storeLead } = await import('../../functions/lib/db/leads')
  // Stored an hour apart, oldest first; the assignee, first contact and follow-up as the routes leave them.
  const leads: [string, 'QUOTE' | 'CONTACT', Record<string, unknown>][] = [
    ['Unassigned Waiting', 'QUOTE', {}],
    ['Sunil Waiting', 'CONTACT', { assignee: 'sunil' }],
    ['Sunil Reached', 'QUOTE', { assignee: 'sunil', firstContactAt: new Date().toISOString() }],
    ['Asha Today', 'QUOTE', { assignee: 'asha', status: 'contacted', followUpOn: today }],
    [
      'Sunil Overdue',
      'QUOTE',
      {
        assignee: 'sunil',
        status: 'contacted',
        followUpOn: yesterday,
        followUpAt: `${yesterday}T05:30:00.000Z`,
      },
    ],
    ['Sunil Won', 'QUOTE', { assignee: 'sunil', status: 'won', followUpOn: lastWeek }],
    // Stored after Asha Today but called earlier in the day: Due today lists it first.
    [
      'Olga Early Today',
      'CONTACT',
      { assignee: 'olga', status: 'contacted', followUpOn: today, followUpAt: `${today}T03:30:00.000Z` },
    ],
    ['Unassigned Older Overdue', 'CONTACT', { status: 'site-visit', followUpOn: lastWeek }],
  ]
  const start = Date.now() - leads.length * 60 * 60 * 1000
  for (const [index, [name, kind, fields]] of leads.entries()) {
    const base = kind === 'QUOTE' ? validQuote : validContact
    await storeLead(kind, { ...base, name, ...fields }, { now: new Date(start + index * 60 * 60 * 1000) })
  }
})

describe('the inbox views', () => {
  it('lists my leads (the signed-in user) and a colleague’s, newest first', async () => {
    expect(await names('sunil', { assignee: 'me' })).toEqual([
      'Sunil Won',
      'Sunil Overdue',
      'Sunil Reached',
      'Sunil Waiting',
    ])
    expect(await names('asha', { assignee: 'me' })).toEqual(['Asha Today'])
    expect(await names('olga', { assignee: 'me' })).toEqual(['Olga Early Today'])
    expect(await names('olga', { assignee: 'asha' })).toEqual(['Asha Today'])
  })

  it('lists the unassigned leads, alone or with other filters', async () => {
    expect(await names('olga', { assignee: 'none' })).toEqual([
      'Unassigned Older Overdue',
      'Unassigned Waiting',
    ])
    expect(await names('olga', { assignee: 'none', kind: 'quote' })).toEqual(['Unassigned Waiting'])
    expect(await names('olga', { assignee: 'none', q: 'unassigned' })).toEqual([
      'Unassigned Older Overdue',
      'Unassigned Waiting',
    ])
    expect(await names('olga', { status: 'new', assignee: 'none' })).toEqual(['Unassigned Waiting'])
  })

  it('lists the leads waiting for a first contact oldest first, with their arrival and no first contact', async () => {
    const waiting = await list('olga', { waiting: '1' })
    expect(waiting.body.items.map((lead: { name: string }) => lead.name)).toEqual([
      'Unassigned Waiting',
      'Sunil Waiting',
    ])
    for (const lead of waiting.body.items) {
      expect(lead.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
      expect(lead).not.toHaveProperty('firstContactAt')
    }
    expect(waiting.body.total).toBeUndefined()
    expect(await names('sunil', { waiting: '1', assignee: 'me' })).toEqual(['Sunil Waiting'])
    expect(await names('olga', { waiting: '1', kind: 'contact' })).toEqual(['Sunil Waiting'])
    expect(await names('olga', { waiting: '1', q: 'sunil' })).toEqual(['Sunil Waiting'])
    const reached = await list('olga', { q: 'reached' })
    expect(reached.body.items[0].firstContactAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
  })

  it('pages a waiting view oldest first with its cursor', async () => {
    const first = await list('olga', { waiting: '1', limit: '1' })
    expect(first.body.items.map((lead: { name: string }) => lead.name)).toEqual(['Unassigned Waiting'])
    const next = await list('olga', { waiting: '1', limit: '1', cursor: first.body.nextCursor })
    expect(next.body.items.map((lead: { name: string }) => lead.name)).toEqual(['Sunil Waiting'])
  })

  it('lists the open follow-ups due today and those overdue (oldest day first), with their time', async () => {
    // By the day, then the follow-up's time: a whole-day follow-up (no time) comes first.
    expect(await names('olga', { due: 'today' })).toEqual(['Asha Today', 'Olga Early Today'])
    expect(await names('olga', { due: 'today', assignee: 'me' })).toEqual(['Olga Early Today'])
    const overdue = await list('olga', { due: 'overdue' })
    expect(overdue.body.items.map((lead: { name: string }) => lead.name)).toEqual([
      'Unassigned Older Overdue',
      'Sunil Overdue',
    ])
    expect(overdue.body.items[1]).toMatchObject({
      followUpOn: yesterday,
      followUpAt: `${yesterday}T05:30:00.000Z`,
      followUpDue: true,
    })
    expect(await names('sunil', { due: 'overdue', assignee: 'me' })).toEqual(['Sunil Overdue'])
    expect(await names('sunil', { due: 'today', assignee: 'me' })).toEqual([])
    expect(await names('olga', { due: 'overdue', assignee: 'none' })).toEqual(['Unassigned Older Overdue'])
    // Through a search's partition the same rules hold: a won lead's old follow-up is not due.
    expect(await names('olga', { due: 'overdue', q: 'sunil' })).toEqual(['Sunil Overdue'])
    expect(await names('olga', { due: 'today', q: 'asha today' })).toEqual(['Asha Today'])
  })

  it('refuses a view it does not know, or one that cannot hold a lead, with 400 naming the filter', async () => {
    for (const [query, field] of [
      [{ assignee: 'Not A Colleague!' }, 'assignee'],
      [{ assignee: 'ab' }, 'assignee'],
      [{ due: 'tomorrow' }, 'due'],
      [{ waiting: 'yes' }, 'waiting'],
      [{ waiting: '1', status: 'contacted' }, 'waiting'],
      [{ due: 'today', status: 'lost' }, 'due'],
    ] as const) {
      const refused = await list('olga', query)
      expect(refused.status, JSON.stringify(query)).toBe(400)
      expect(refused.body.fields, JSON.stringify(query)).toHaveProperty(field)
    }
  })

  it('moves a lead out of Unassigned when it is assigned, and reindex-leads rebuilds the unassigned entry', async () => {
    const { reindexLeads } = await import('../../functions/lib/db/reindex')
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb')
    const { dynamo } = await import('../../functions/lib/clients')
    const { tableName } = await import('../../functions/lib/config')
    const [lead] = (await list('olga', { assignee: 'none', kind: 'quote' })).body.items
    // An entry lost (a failed write): the view misses the lead until the index is rebuilt.
    await dynamo().send(
      new DeleteCommand({
        TableName: tableName('leads'),
        Key: { pk: 'INBOX#ASSIGNEE', sk: `-#${lead.createdAt}#${lead.id}` },
      }),
    )
    expect(await names('olga', { assignee: 'none', kind: 'quote' })).toEqual([])
    await reindexLeads()
    expect(await names('olga', { assignee: 'none', kind: 'quote' })).toEqual(['Unassigned Waiting'])

    const assigned = await call('admin-update-lead', 'olga', {
      pathParameters: { id: lead.id },
      body: { version: lead.version, assignee: 'asha' },
    })
    expect(assigned.status).toBe(200)
    expect(await names('olga', { assignee: 'none', kind: 'quote' })).toEqual([])
    expect(await names('asha', { assignee: 'me', waiting: '1' })).toEqual(['Unassigned Waiting'])
  })
})
