import { businessDateOf } from '@core/business-days'
import { beforeAll, describe, expect, it } from 'vitest'
import { adminCaller, type StaffHeaders, saveTestStaff } from '../support/admin-handlers'
import { validQuote } from '../support/leads'
import { withTestEngines } from '../support/local-server'
import { routeCaller } from '../support/route-calls'

/**
 * Site visits on dynalite: the real handlers, the lead's real item, the Visits view's index and the audit
 * trail. A booking moves the lead to Site visit and lists the visit on its day; a reschedule moves it and keeps
 * the old slot in the timeline; a cancellation takes it off the view; a refused request writes nothing.
 */
const headers: StaffHeaders = {}

const call = adminCaller(headers)
const book = (as: string, id: string, body: unknown) =>
  call('admin-book-visit', as, { pathParameters: { id }, body })
const change = (as: string, id: string, visitId: string, body: unknown) =>
  call('admin-change-visit', as, { pathParameters: { id, visitId }, body })
const visits = (as: string, query: Record<string, string>) => call('admin-list-visits', as, { query })
const get = (as: string, id: string) => call('admin-get-lead', as, { pathParameters: { id } })
/** The calendar file's reply as sent: its body is the file, not JSON. */
async function calendar(as: string, id: string, visitId: string) {
  const result = await routeCaller({ headers }).reply('admin-visit-calendar', {
    as,
    pathParameters: { id, visitId },
  })
  return { status: result.statusCode, headers: result.headers ?? {}, file: result.body }
}

/** The calendar date (India) `days` ahead. */
const dayAhead = (days: number) => businessDateOf(Date.now() + days * 86_400_000)

let leadId: string

withTestEngines()
beforeAll(async () => {
  await saveTestStaff(headers)
  const { storeLead } = await import('../../functions/lib/db/leads')
  const quote = await storeLead('QUOTE', {
    ...validQuote,
    name: 'Ravi Kumar',
    pincode: '500034',
    siteAddress: 'Flat 4, Road 12, Banjara Hills',
  })
  leadId = quote.lead.id
})

describe('site visits on dynalite', () => {
  it('refuses a viewer, a past slot, an engineer who does not work leads and an unknown lead, writing nothing', async () => {
    const before = await get('olga', leadId)
    const good = { date: dayAhead(3), slot: '09-11', engineer: 'sunil' }
    expect((await book('vik', leadId, good)).status).toBe(403)
    expect((await book('esha', leadId, good)).status).toBe(403)
    const past = await book('sunil', leadId, { ...good, date: dayAhead(-1) })
    expect(past.status).toBe(400)
    expect(past.body.fields).toEqual({ date: 'This slot has started or is past: choose a later one' })
    const editor = await book('sunil', leadId, { ...good, engineer: 'esha' })
    expect(editor.status).toBe(400)
    expect(editor.body.fields).toEqual({ engineer: 'esha does not work leads (role: editor)' })
    const nobody = await book('sunil', leadId, { ...good, engineer: 'ghost' })
    expect(nobody.body.fields).toEqual({ engineer: 'There is no colleague with this username' })
    expect((await book('sunil', '0190c0de-0000-7000-8000-0000000000ff', good)).status).toBe(404)
    const after = await get('olga', leadId)
    expect(after.body.lead).toEqual(before.body.lead)
    expect(after.body.events).toEqual(before.body.events)
    expect((await visits('sunil', { from: dayAhead(-1), days: '31' })).body.items).toEqual([])
  })

  it('books → lists → reschedules with its history → cancels', async () => {
    const day = dayAhead(3)
    const booked = await book('sunil', leadId, {
      date: day,
      slot: '11-13',
      engineer: 'olga',
      notes: 'Gate 2',
    })
    expect(booked.status).toBe(201)
    const visit = booked.body.visit
    expect(visit).toMatchObject({
      date: day,
      slot: '11-13',
      engineer: 'olga',
      // The lead's site address, none being given.
      address: 'Flat 4, Road 12, Banjara Hills',
      notes: 'Gate 2',
      status: 'booked',
      sequence: 0,
      bookedBy: 'sunil',
    })
    expect(booked.body.lead.status).toBe('site-visit')

    // The Visits view lists it on its day, with the lead's name and PIN code; a range without the day does not.
    const listed = await visits('olga', { from: day, days: '1' })
    expect(listed.status).toBe(200)
    expect(listed.body.items).toEqual([
      {
        leadId,
        visitId: visit.id,
        date: day,
        slot: '11-13',
        engineer: 'olga',
        pincode: '500034',
        name: 'Ravi Kumar',
      },
    ])
    expect((await visits('olga', { from: dayAhead(4), days: '7' })).body.items).toEqual([])
    expect((await visits('olga', { from: day, days: '32' })).status).toBe(400)

    // Its calendar file: the slot in UTC, its UID, SEQUENCE 0, as an attachment.
    const file = await calendar('sunil', leadId, visit.id)
    expect(file.status).toBe(200)
    expect(file.headers['content-type']).toBe('text/calendar; charset=utf-8')
    expect(file.headers['content-disposition']).toBe(`attachment; filename="site-visit-${day}-11-13.ics"`)
    const start = new Date(`${day}T11:00:00+05:30`).toISOString().slice(0, 19).replace(/[-:]/g, '')
    expect(file.file).toContain(`DTSTART:${start}Z\r\n`)
    expect(file.file).toContain('SEQUENCE:0\r\n')

    // Rescheduled to the next day's afternoon, to sunil: the old entry goes, the new one is listed.
    const next = dayAhead(4)
    const stale = await change('sunil', leadId, visit.id, { action: 'cancel', sequence: 5 })
    expect(stale.status).toBe(409)
    const moved = await change('sunil', leadId, visit.id, {
      action: 'reschedule',
      sequence: 0,
      date: next,
      slot: '14-16',
      engineer: 'sunil',
    })
    expect(moved.status).toBe(200)
    expect(moved.body.visit).toMatchObject({
      date: next,
      slot: '14-16',
      engineer: 'sunil',
      sequence: 1,
      notes: 'Gate 2',
    })
    const week = await visits('olga', { from: day, days: '7' })
    expect(
      week.body.items.map((item: { date: string; slot: string }) => `${item.date} ${item.slot}`),
    ).toEqual([`${next} 14-16`])
    const movedFile = await calendar('sunil', leadId, visit.id)
    expect(movedFile.file).toContain('SEQUENCE:1\r\n')

    // Cancelled: off the view; its file cancels the event; a cancelled visit is not rescheduled.
    const cancelled = await change('olga', leadId, visit.id, {
      action: 'cancel',
      sequence: 1,
      reason: 'Rain',
    })
    expect(cancelled.status).toBe(200)
    expect(cancelled.body.visit).toMatchObject({ status: 'cancelled', sequence: 2, updatedBy: 'olga' })
    expect((await visits('olga', { from: day, days: '7' })).body.items).toEqual([])
    const cancelledFile = await calendar('sunil', leadId, visit.id)
    expect(cancelledFile.file).toContain('STATUS:CANCELLED\r\n')
    const again = await change('sunil', leadId, visit.id, {
      action: 'reschedule',
      sequence: 2,
      date: next,
      slot: '09-11',
      engineer: 'sunil',
    })
    expect(again.status).toBe(409)
    expect(again.body.error).toBe('This visit is cancelled: book a new one instead.')

    // The timeline keeps each step with the slot before and after, who and when; the lead stays at Site visit.
    const detail = await get('olga', leadId)
    const visitEvents = detail.body.events.filter((event: { type: string }) => event.type === 'visit')
    expect(
      visitEvents.map((event: Record<string, unknown>) => [
        event.visitAction,
        event.by,
        event.from,
        event.to,
      ]),
    ).toEqual([
      ['booked', 'sunil', undefined, `${day} 11-13 olga`],
      ['rescheduled', 'sunil', `${day} 11-13 olga`, `${next} 14-16 sunil`],
      ['cancelled', 'olga', `${next} 14-16 sunil`, undefined],
    ])
    expect(detail.body.lead.status).toBe('site-visit')
    expect(detail.body.events.filter((event: { type: string }) => event.type === 'status')).toHaveLength(1)

    // Audited like the other lead changes (the slot and engineer, never the address or notes).
    const activity = await call('admin-activity', 'olga', { query: { limit: '50' } })
    const updates = activity.body.items
      .filter((entry: { action: string; detail?: string }) => entry.action === 'lead-update')
      .map((entry: { detail?: string }) => entry.detail)
    expect(updates).toEqual(
      expect.arrayContaining([
        `visit booked ${day} 11-13 olga`,
        `visit rescheduled ${next} 14-16 sunil`,
        `visit cancelled ${visit.id}`,
      ]),
    )
    expect(JSON.stringify(activity.body.items)).not.toContain('Banjara')
  })

  it('rebuilds the Visits index from the leads (reindex-leads)', async () => {
    const day = dayAhead(10)
    const booked = await book('olga', leadId, { date: day, slot: '16-18', engineer: 'olga' })
    expect(booked.status).toBe(201)
    const { dynamo } = await import('../../functions/lib/clients')
    const { DeleteCommand, PutCommand } = await import('@aws-sdk/lib-dynamodb')
    const { tableName } = await import('../../functions/lib/config')
    const key = { pk: 'INBOX#VISIT', sk: `${day}#16-18#${leadId}#${booked.body.visit.id}` }
    // Its entry lost, and a stray one of no visit left behind.
    await dynamo().send(new DeleteCommand({ TableName: tableName('leads'), Key: key }))
    const stray = { pk: 'INBOX#VISIT', sk: `${day}#09-11#${leadId}#stray` }
    await dynamo().send(new PutCommand({ TableName: tableName('leads'), Item: stray }))
    const { reindexLeads } = await import('../../functions/lib/db/reindex')
    await reindexLeads()
    const listed = await visits('olga', { from: day, days: '1' })
    expect(listed.body.items.map((item: { visitId: string }) => item.visitId)).toEqual([booked.body.visit.id])
  })
})
