import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { beforeAll, describe, expect, it } from 'vitest'
import { businessDateLabel } from '../../functions/core/date-labels'
import { counterPartition } from '../../functions/lib/db/counters'
import { withTestEngines } from '../support/local-server'

let leads: typeof import('../../functions/lib/db/leads')
let admins: typeof import('../../infra/local/admin-users')
let adminUsers: typeof import('../../functions/lib/db/admin-users')
let clients: typeof import('../../functions/lib/clients')

withTestEngines()
beforeAll(async () => {
  leads = await import('../../functions/lib/db/leads')
  admins = await import('../../infra/local/admin-users')
  adminUsers = await import('../../functions/lib/db/admin-users')
  clients = await import('../../functions/lib/clients')
})

describe('leads repository on dynalite', () => {
  it('lists the newest first, pages with cursors through every lead once, and counts them', async () => {
    const start = Date.parse('2026-01-01T00:00:00.000Z')
    for (let index = 0; index < 25; index += 1) {
      await leads.storeLead(
        'CONTACT',
        { name: `Person ${index}`, email: `p${index}@example.com` },
        { now: new Date(start + index * 1000) },
      )
    }
    await leads.storeLead('QUOTE', { name: 'Not a contact' })

    const first = await leads.listLeads<{ name: string }>('CONTACT', { limit: 10 })
    expect(first.items.map((lead) => lead.name)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Person ${24 - index}`),
    )
    expect(first.items[0]).not.toHaveProperty('pk')
    expect(first.items[0]?.createdAt).toBe(new Date(start + 24_000).toISOString())

    const seen = first.items.map((lead) => lead.id)
    let cursor = first.nextCursor
    while (cursor) {
      const page = await leads.listLeads<{ name: string }>('CONTACT', { limit: 10, cursor })
      seen.push(...page.items.map((lead) => lead.id))
      cursor = page.nextCursor
    }
    expect(seen).toHaveLength(25)
    expect(new Set(seen).size).toBe(25)

    const counter = await clients
      .dynamo()
      .send(new GetCommand({ TableName: 'leads', Key: { pk: counterPartition, sk: 'CONTACT' } }))
    expect(counter.Item?.count).toBe(25)
  })
})

describe('admin accounts on dynalite', () => {
  it('creates the first admin with a generated password only once', async () => {
    const first = await admins.bootstrapAdmin({})
    expect(first).toMatchObject({
      username: 'admin',
      action: 'created',
      generatedPassword: expect.any(String),
    })
    expect(await admins.bootstrapAdmin({})).toBeUndefined()
    const stored = await adminUsers.getAdminUser('admin')
    expect(stored?.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/)
    expect(stored?.passwordHash).not.toContain(first?.generatedPassword)
  })

  it('resets an existing admin from ADMIN_USERNAME / ADMIN_PASSWORD and keeps its creation time', async () => {
    const before = await adminUsers.getAdminUser('admin')
    const account = await admins.bootstrapAdmin({
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'a new long password',
    })
    expect(account).toEqual({ username: 'admin', action: 'reset' })
    const after = await adminUsers.getAdminUser('admin')
    expect(after?.createdAt).toBe(before?.createdAt)
    expect(after?.passwordHash).not.toBe(before?.passwordHash)
    const { verifyPassword } = await import('../../functions/lib/auth/passwords')
    expect(await verifyPassword('a new long password', after!.passwordHash)).toBe(true)
    // A reset signs the admin out everywhere; the same password at the next start changes nothing.
    expect(after!.sessionVersion).toBe(before!.sessionVersion + 1)
    expect(
      await admins.bootstrapAdmin({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'a new long password' }),
    ).toBe(undefined)
    expect(await adminUsers.getAdminUser('admin')).toEqual(after)
  })

  it('refuses half a pair of variables, a short password and a bad username', async () => {
    await expect(admins.bootstrapAdmin({ ADMIN_USERNAME: 'asha' })).rejects.toThrow('both')
    await expect(admins.bootstrapAdmin({ ADMIN_USERNAME: 'asha', ADMIN_PASSWORD: 'short' })).rejects.toThrow(
      'at least 12',
    )
    await expect(admins.setAdminPassword('a b', 'a long enough password')).rejects.toThrow('username')
    expect(await adminUsers.getAdminUser('asha')).toBeUndefined()
  })
})

describe('assignment on arrival on dynalite', () => {
  it('keeps the roster with the staff accounts and takes the sales users in turns across leads', async () => {
    const settings = await import('../../functions/lib/db/sales-settings')
    // A stored hash is all the roster reads of an account: no need for a real password here.
    await adminUsers.saveAdminUser('meera', 'not-a-real-hash', new Date(), 'sales')
    await adminUsers.saveAdminUser('sunil', 'not-a-real-hash', new Date(), 'sales')
    await adminUsers.saveAdminUser('edith', 'not-a-real-hash', new Date(), 'editor')
    const { roster } = await settings.readAssignmentContext()
    expect(roster.filter((user) => user.role === 'sales')).toEqual([
      { username: 'meera', role: 'sales' },
      { username: 'sunil', role: 'sales' },
    ])
    expect(roster.map((user) => user.username)).not.toContain('edith')

    const assign = { category: 'residential', pinCode: '500081' } as const
    const assignees: unknown[] = []
    for (let index = 0; index < 3; index += 1) {
      const { lead } = await leads.storeLead('QUOTE', { name: `Turn ${index}` }, { assign })
      assignees.push((lead as { assignee?: string }).assignee)
    }
    expect(assignees).toEqual(['meera', 'sunil', 'meera'])

    // An account deleted, or moved to a role that does not work leads, leaves the roster.
    await adminUsers.setAdminRole('meera', 'viewer')
    expect(await adminUsers.deleteAdminUser('sunil')).toBe(true)
    const after = await settings.readAssignmentContext()
    expect(after.roster.filter((user) => user.role === 'sales')).toEqual([])
    expect(after.settings.rotation).toEqual({ sales: 'meera' })
  })
})

describe('one person, one history, on dynalite', () => {
  it("gives a person's new request the assignee of their open lead and lists each lead on the other's page", async () => {
    const changes = await import('../../functions/lib/db/lead-changes')
    await adminUsers.saveAdminUser('asha', 'not-a-real-hash', new Date(), 'sales')
    await adminUsers.saveAdminUser('bala', 'not-a-real-hash', new Date(), 'sales')
    const assign = { category: 'residential', pinCode: '400001' } as const
    const first = await leads.storeLead(
      'QUOTE',
      { name: 'Kiran Rao', whatsapp: '+91 91234 56789' },
      { assign },
    )
    const firstAssignee = (first.lead as { assignee?: string }).assignee
    expect(['asha', 'bala']).toContain(firstAssignee)
    // A later request of someone else goes to the next in turn; the same person's stays with the first.
    const stranger = await leads.storeLead('QUOTE', { name: 'Other', whatsapp: '98111 22233' }, { assign })
    expect((stranger.lead as { assignee?: string }).assignee).not.toBe(firstAssignee)
    const again = await leads.storeLead(
      'CONTACT',
      { name: 'Kiran', email: 'kiran@example.com', phone: '091234-56789', subject: 'Also wind?' },
      { assign: {} },
    )
    expect(again.lead).toMatchObject({
      assignee: firstAssignee,
      history: [
        { text: `same person as their quote of ${businessDateLabel(new Date(first.lead.createdAt))}` },
      ],
    })

    const older = await changes.leadDetail(first.lead.id)
    expect(older.person).toEqual([
      {
        id: again.lead.id,
        kind: 'contact',
        createdAt: again.lead.createdAt,
        status: 'new',
        assignee: firstAssignee,
      },
    ])
    const newer = await changes.leadDetail(again.lead.id)
    expect(newer.person.map((lead) => lead.id)).toEqual([first.lead.id])
    expect((await changes.leadDetail(stranger.lead.id)).person).toEqual([])
  })
})

describe('a staff member marking themselves away, on dynalite', () => {
  it("writes only their entry, skips them in the round robin, and refuses an owner's save read before it", async () => {
    const settings = await import('../../functions/lib/db/sales-settings')
    await adminUsers.saveAdminUser('kiran', 'not-a-real-hash', new Date(), 'sales')
    await adminUsers.saveAdminUser('lata', 'not-a-real-hash', new Date(), 'sales')
    const before = await settings.readAssignmentContext()
    const { rotation: _pointers, ...rules } = before.settings

    // Before any owner saved: the map is made with the one entry.
    expect(await settings.setOwnAway('kiran', true)).toBe(true)
    expect(await settings.readAbsence('kiran')).toEqual({})
    expect(await settings.readAbsence('lata')).toBeUndefined()
    const marked = await settings.readAssignmentContext()
    expect(marked.settings.away).toEqual({ ...before.settings.away, kiran: {} })
    expect(marked.version).toBe(before.version + 1)
    expect(marked.roster.map((user) => user.username)).toEqual(before.roster.map((user) => user.username))

    const assignees = new Set<unknown>()
    for (let index = 0; index < 2; index += 1) {
      const { lead } = await leads.storeLead('CONTACT', { name: `Away ${index}` }, { assign: {} })
      assignees.add((lead as { assignee?: string }).assignee)
    }
    expect(assignees.has('kiran')).toBe(false)

    // An owner's save made on the version read before the mark is refused, so it cannot undo it.
    const { salesSettingsSchema } = await import('@core/sales-settings-schema')
    const ownerSave = (change: Record<string, unknown>) =>
      settings.saveSalesSettings(salesSettingsSchema.parse({ ...rules, ...change }), 'asha')
    await expect(ownerSave({ version: before.version })).rejects.toThrow('Someone else saved the settings')
    await ownerSave({
      away: { ...marked.settings.away, lata: { from: '2999-01-01' } },
      version: marked.version,
    })
    // Back: their entry goes, the owner's planned leave for someone else stays; a second "back" changes nothing.
    expect(await settings.setOwnAway('kiran', false)).toBe(true)
    expect(await settings.setOwnAway('kiran', false)).toBe(false)
    const after = await settings.readAssignmentContext()
    expect(after.settings.away.kiran).toBeUndefined()
    expect(after.settings.away.lata).toEqual({ from: '2999-01-01' })
  })
})
