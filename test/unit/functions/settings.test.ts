import {
  BatchGetCommand,
  DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { defaultSalesSettings } from '@core/sales-settings'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { handler as getSettings } from '../../../functions/admin/get-settings'
import { handler as updateSettings } from '../../../functions/admin/update-settings'
import { resetSessionCache } from '../../../functions/lib/auth/sessions'
import { faultError } from '../../support/aws-faults'
import { apiEvent, lambdaContext, parseResult } from '../../support/events'
import { adminAuthorization } from '../../support/tokens'

const document = mockClient(DynamoDBDocumentClient)
const { rotation: _pointers, ...defaults } = defaultSalesSettings

beforeEach(() => {
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  document.onAnyCommand().resolves({})
  document.on(QueryCommand).resolves({
    Items: [
      { username: 'asha', role: 'owner' },
      { username: 'ravi', role: 'sales' },
      { username: 'edith', role: 'editor' },
    ],
  })
})
afterEach(() => {
  document.reset()
  resetSessionCache()
  vi.restoreAllMocks()
})

const put = async (body: unknown) =>
  parseResult(
    await updateSettings(
      apiEvent('admin-update-settings', { headers: await adminAuthorization(), body }),
      lambdaContext,
    ),
  )
const settingsUpdates = () =>
  document
    .commandCalls(UpdateCommand)
    .map(({ args: [command] }) => command.input)
    .filter((input) => input.Key?.pk === 'SETTINGS')

describe('the sales settings routes', () => {
  it('GET answers the defaults, the people who may be given leads and version 0 before any save', async () => {
    document.on(BatchGetCommand).resolves({
      Responses: { content: [{ pk: 'SETTINGS', sk: 'SALES', 'staff#ravi': 'sales', 'staff#asha': 'owner' }] },
    })
    const reply = parseResult(
      await getSettings(
        apiEvent('admin-get-settings', { headers: await adminAuthorization() }),
        lambdaContext,
      ),
    )
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      settings: defaults,
      people: [
        { username: 'asha', role: 'owner' },
        { username: 'ravi', role: 'sales' },
      ],
      version: 0,
    })
  })

  it('PUT saves the rules made on version 0 once (a condition), audits it and answers them', async () => {
    const body = { version: 0, ...defaults, territories: [{ prefix: '500', username: 'ravi' }] }
    const reply = await put(body)
    expect(reply.status).toBe(200)
    const [update] = settingsUpdates()
    expect(update).toMatchObject({
      ConditionExpression: 'attribute_not_exists(#version)',
      ExpressionAttributeValues: {
        ':territories': [{ prefix: '500', username: 'ravi' }],
        ':next': 1,
        ':actor': 'asha',
      },
    })
    const audit = document
      .commandCalls(PutCommand)
      .map(({ args: [command] }) => command.input.Item)
      .find((item) => item?.pk === 'AUDIT')
    expect(audit).toMatchObject({ actor: 'asha', action: 'settings-change', target: 'sales settings' })
  })

  it("PUT stores the response clock's minutes with the rules, and GET answers them", async () => {
    const clock = { reminderMinutes: 10, escalationMinutes: 30 }
    expect((await put({ version: 0, ...defaults, clock })).status).toBe(200)
    expect(settingsUpdates()[0]?.ExpressionAttributeValues?.[':clock']).toEqual(clock)
    document.on(BatchGetCommand).resolves({
      Responses: { content: [{ pk: 'SETTINGS', sk: 'SALES', ...defaults, clock, version: 1 }] },
    })
    const reply = parseResult(
      await getSettings(
        apiEvent('admin-get-settings', { headers: await adminAuthorization() }),
        lambdaContext,
      ),
    )
    expect(reply.body.settings.clock).toEqual(clock)
  })

  it('PUT stores the WhatsApp message templates with the rules (audited with them), and GET answers them', async () => {
    const templates = [
      { name: 'Quote', text: 'Namaste {name}, this is {me} about your {kW} kW quote.', kind: 'reply' },
    ]
    expect((await put({ version: 0, ...defaults, templates })).status).toBe(200)
    expect(settingsUpdates()[0]?.ExpressionAttributeValues?.[':templates']).toEqual(templates)
    expect(
      document
        .commandCalls(PutCommand)
        .map(({ args: [command] }) => command.input.Item)
        .find((item) => item?.pk === 'AUDIT'),
    ).toMatchObject({ action: 'settings-change', target: 'sales settings' })
    document.on(BatchGetCommand).resolves({
      Responses: { content: [{ pk: 'SETTINGS', sk: 'SALES', ...defaults, templates, version: 1 }] },
    })
    const reply = parseResult(
      await getSettings(
        apiEvent('admin-get-settings', { headers: await adminAuthorization() }),
        lambdaContext,
      ),
    )
    expect(reply.body.settings.templates).toEqual(templates)
  })

  it('PUT stores the retention periods with the rules (audited with them), and GET answers them', async () => {
    const retention = { lostMonths: 6, wonMonths: 120, untouchedMonths: 24, activityLogMonths: 18 }
    expect((await put({ version: 0, ...defaults, retention })).status).toBe(200)
    expect(settingsUpdates()[0]?.ExpressionAttributeValues?.[':retention']).toEqual(retention)
    expect(
      document
        .commandCalls(PutCommand)
        .map(({ args: [command] }) => command.input.Item)
        .find((item) => item?.pk === 'AUDIT'),
    ).toMatchObject({ action: 'settings-change', target: 'sales settings' })
    document.on(BatchGetCommand).resolves({
      Responses: { content: [{ pk: 'SETTINGS', sk: 'SALES', ...defaults, retention, version: 1 }] },
    })
    const reply = parseResult(
      await getSettings(
        apiEvent('admin-get-settings', { headers: await adminAuthorization() }),
        lambdaContext,
      ),
    )
    expect(reply.body.settings.retention).toEqual(retention)
  })

  it('keeps the stored retention periods and notice when a save leaves them out', async () => {
    const { retention: _left, retentionNotice: _notice, ...withoutRetention } = defaults
    expect((await put({ version: 0, ...withoutRetention })).status).toBe(200)
    const [update] = settingsUpdates()
    expect(update?.UpdateExpression).not.toContain('retention')
    expect(update?.ExpressionAttributeValues).not.toHaveProperty(':retention')
  })

  it('PUT stores the 48-hour notice before an erasure (off by default), and GET answers it', async () => {
    expect(defaults.retentionNotice).toBe(false)
    expect((await put({ version: 0, ...defaults, retentionNotice: true })).status).toBe(200)
    const [update] = settingsUpdates()
    expect(update?.UpdateExpression).toContain('retentionNotice = :notice')
    expect(update?.ExpressionAttributeValues?.[':notice']).toBe(true)
    document.on(BatchGetCommand).resolves({
      Responses: {
        content: [{ pk: 'SETTINGS', sk: 'SALES', ...defaults, retentionNotice: true, version: 1 }],
      },
    })
    const reply = parseResult(
      await getSettings(
        apiEvent('admin-get-settings', { headers: await adminAuthorization() }),
        lambdaContext,
      ),
    )
    expect(reply.body.settings.retentionNotice).toBe(true)
  })

  it('refuses a notice setting that is not on or off, and writes nothing', async () => {
    const reply = await put({ version: 0, ...defaults, retentionNotice: 'yes' })
    expect(reply.status).toBe(400)
    expect(settingsUpdates()).toEqual([])
  })

  it('refuses a retention period outside its bounds with 400 naming it, and writes nothing', async () => {
    const reply = await put({
      version: 0,
      ...defaults,
      retention: { ...defaults.retention, activityLogMonths: 6 },
    })
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({
      fields: { retention: 'The activity log (at least one year): between 12 and 120 months.' },
    })
    expect(settingsUpdates()).toEqual([])
    expect(
      (await put({ version: 0, ...defaults, retention: { ...defaults.retention, lostMonths: 1.5 } })).body,
    ).toMatchObject({ fields: { retention: 'Lost leads (no sale): between 1 and 120 months.' } })
  })

  it('refuses a template with an unknown placeholder, naming it, and writes nothing', async () => {
    const reply = await put({
      version: 0,
      ...defaults,
      templates: [{ name: 'Quote', text: 'Your price is {price}.' }],
    })
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({
      fields: { templates: 'Unknown placeholder {price}: use {name}, {me}, {company}, {kW}, {category}' },
    })
    expect(settingsUpdates()).toEqual([])
  })

  it('refuses a person who may not work leads or does not exist, naming them, and writes nothing', async () => {
    const reply = await put({
      version: 0,
      ...defaults,
      territories: [{ prefix: '500', username: 'edith' }],
      specialists: { housing: ['nobody'] },
    })
    expect(reply.status).toBe(400)
    expect(reply.body).toEqual({
      error: 'Please correct the highlighted settings.',
      fields: {
        people:
          'Territory 500: edith cannot work leads (role Editor) Housing Society specialists: nobody is not a user',
      },
    })
    expect(settingsUpdates()).toEqual([])
  })

  it('refuses overlapping territories with the clash named, before reading the staff', async () => {
    const reply = await put({
      version: 0,
      ...defaults,
      territories: [
        { prefix: '500', username: 'ravi' },
        { prefix: '50', username: 'asha' },
      ],
    })
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({ fields: { territories: 'Territory 50 (asha) overlaps 500 (ravi).' } })
    expect(document.commandCalls(QueryCommand)).toEqual([])
    expect(settingsUpdates()).toEqual([])
  })

  it('answers 409 when someone saved since the version it was made on', async () => {
    document
      .on(UpdateCommand, { Key: { pk: 'SETTINGS', sk: 'SALES' } })
      .rejects(faultError('conditional', 'dynamodb'))
    const reply = await put({ version: 4, ...defaults })
    expect(reply.status).toBe(409)
    expect(reply.body).toMatchObject({ error: expect.stringContaining('Someone else saved the settings') })
    expect(settingsUpdates()[0]?.ConditionExpression).toBe('#version = :version')
  })

  it('is for owners only: sales is refused with 403 and nothing is read', async () => {
    const reply = parseResult(
      await updateSettings(
        apiEvent('admin-update-settings', {
          headers: await adminAuthorization('ravi', undefined, 'sales'),
          body: { version: 0, ...defaults },
        }),
        lambdaContext,
      ),
    )
    expect(reply.status).toBe(403)
    expect(settingsUpdates()).toEqual([])
  })
})
