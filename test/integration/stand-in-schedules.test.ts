import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { salesSettingsSchema } from '../../functions/core/sales-settings-schema'
import { validate } from '../../functions/core/validation'
import type { OutboxMessage } from '../../functions/lib/notify'
import type { LocalServer } from '../../infra/local/server'
import { validQuote } from '../support/leads'
import { startTestServer, temporaryDataDir } from '../support/local-server'

/**
 * The stand-in plays EventBridge: it runs the response sweep's bundle (dist/functions/response-sweep) on its
 * own every SCHEDULE_SECONDS (here one second), on the real clock. The business day is set to every day, all
 * day, and a quote is stored 20 minutes in the past, so the first run finds it late.
 */
let server: LocalServer
let data: Awaited<ReturnType<typeof temporaryDataDir>>

beforeAll(async () => {
  data = await temporaryDataDir()
  server = await startTestServer(data.dir, { scheduleSeconds: 1 })
}, 60_000)
afterAll(async () => {
  await server?.close()
  await data?.remove()
})

describe('the scheduled functions on the stand-in', () => {
  it('runs the response sweep on its interval: a late lead is escalated without anyone asking', async () => {
    const settings = await import('../../functions/lib/db/sales-settings')
    const leads = await import('../../functions/lib/db/leads')
    const { dynamo } = await import('../../functions/lib/clients')
    const allDay = { open: '00:00', close: '24:00' }
    const everyDayAllDay = validate(salesSettingsSchema, {
      version: 0,
      calendar: { hours: [allDay, allDay, allDay, allDay, allDay, allDay, allDay] },
    })
    if (!everyDayAllDay.ok) throw new Error(JSON.stringify(everyDayAllDay.fields))
    await settings.saveSalesSettings(everyDayAllDay.value, 'owner1')
    await settings.recordRosterRole('asha', 'sales')
    await settings.recordRosterRole('ravi', 'sales')
    const { lead } = await leads.storeLead('QUOTE', validQuote, {
      now: new Date(Date.now() - 20 * 60_000),
      assign: { category: 'residential', pinCode: validQuote.pincode },
    })
    const key = { pk: 'QUOTE', sk: `${lead.createdAt}#${lead.id}` }

    let item: Record<string, unknown> | undefined
    for (let tries = 0; tries < 50 && !item?.escalatedAt; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      item = (await dynamo().send(new GetCommand({ TableName: 'leads', Key: key, ConsistentRead: true })))
        .Item
    }
    expect(item?.escalatedAt).toEqual(expect.any(String))
    expect(item?.assignee).toBe('ravi')
    // What the cloud would e-mail, kept in the stand-in's outbox with whom it is for: the owners hear of the
    // late lead, and the person it moved to is told it is theirs, each with the link that opens it.
    // The messages go once the lead is changed: wait for them too.
    const kept = async () =>
      (await readFile(join(data.dir, 'outbox.jsonl'), 'utf8').catch(() => ''))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as OutboxMessage)
        .filter((message) => message.body.includes(`/admin/leads/${lead.id}`))
    let outbox = await kept()
    for (let tries = 0; tries < 50 && outbox.length < 2; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      outbox = await kept()
    }
    expect(outbox.map((message) => message.to)).toEqual(['owners', 'user:ravi'])
    expect(outbox[0]?.subject).toMatch(/^Late: /)
    expect(outbox[1]?.subject).toMatch(/^Yours now: /)
    expect(outbox[1]?.body).toContain('moved from asha to you')
    // Nothing of how to reach the person.
    expect(JSON.stringify(outbox)).not.toContain(validQuote.whatsapp)
    // A run asked for by a test answers the handler's report (the first may join the run under way): the
    // next one has nothing left to do.
    await server.runSchedule('response-sweep')
    expect(await server.runSchedule('response-sweep')).toMatchObject({
      idle: false,
      escalated: 0,
      reminded: 0,
    })
  }, 30_000)
})
