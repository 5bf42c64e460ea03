import { type AssignableUser, chooseAssignee, mayWorkLeads } from '@core/assignment'
import { defaultSalesSettings, type SalesSettings } from '@core/sales-settings'
import { describe, expect, it } from 'vitest'

const users: AssignableUser[] = [
  { username: 'owner1', role: 'owner' },
  { username: 'asha', role: 'sales' },
  { username: 'ravi', role: 'sales' },
  { username: 'sunil', role: 'sales' },
  { username: 'edith', role: 'editor' },
  { username: 'vera', role: 'viewer' },
  { username: 'gone', role: 'sales', disabled: true },
]
const today = '2026-11-27'
const settings = (change: Partial<SalesSettings>): SalesSettings => ({ ...defaultSalesSettings, ...change })

describe('choosing who a new lead goes to', () => {
  it('with no rules, takes the sales users in turns, wrapping round', () => {
    const first = chooseAssignee({ category: 'residential' }, defaultSalesSettings, users, today)
    expect(first).toEqual({
      username: 'asha',
      reason: 'round robin',
      rotation: { pool: 'sales', last: 'asha' },
    })
    const nextAfter = (last: string) =>
      chooseAssignee({}, settings({ rotation: { sales: last } }), users, today).username
    expect(nextAfter('asha')).toBe('ravi')
    expect(nextAfter('ravi')).toBe('sunil')
    expect(nextAfter('sunil')).toBe('asha')
    // A pointer at someone who has since left still finds the next in order.
    expect(nextAfter('bala')).toBe('ravi')
  })

  it('never chooses an editor, a viewer or a disabled account', () => {
    const chosen = new Set<string | undefined>()
    let rotation: Record<string, string> = {}
    for (let i = 0; i < 6; i += 1) {
      const result = chooseAssignee({}, settings({ rotation }), users, today)
      chosen.add(result.username)
      rotation = result.rotation ? { [result.rotation.pool]: result.rotation.last } : rotation
    }
    expect([...chosen].sort()).toEqual(['asha', 'ravi', 'sunil'])
    expect(mayWorkLeads({ username: 'edith', role: 'editor' })).toBe(false)
    expect(mayWorkLeads({ username: 'gone', role: 'sales', disabled: true })).toBe(false)
    expect(mayWorkLeads({ username: 'x' })).toBe(false)
  })

  it('gives a PIN code in a territory to its person, the longest prefix first', () => {
    const rules = settings({
      territories: [
        { prefix: '500', username: 'ravi' },
        { prefix: '56', username: 'sunil' },
      ],
    })
    expect(chooseAssignee({ pinCode: '500081' }, rules, users, today)).toEqual({
      username: 'ravi',
      reason: 'territory 500',
    })
    expect(chooseAssignee({ pinCode: '560001' }, rules, users, today).reason).toBe('territory 56')
    expect(chooseAssignee({ pinCode: '110001' }, rules, users, today).reason).toBe('round robin')
  })

  it('skips a territory person who is away: to the specialists, then round robin', () => {
    const rules = settings({
      territories: [{ prefix: '500', username: 'ravi' }],
      specialists: { housing: ['sunil'] },
      away: { ravi: {} },
    })
    expect(chooseAssignee({ pinCode: '500081', category: 'housing' }, rules, users, today)).toEqual({
      username: 'sunil',
      reason: 'specialist: Housing Society',
      rotation: { pool: 'specialist:housing', last: 'sunil' },
    })
    const residential = chooseAssignee({ pinCode: '500081', category: 'residential' }, rules, users, today)
    expect(residential.reason).toBe('round robin')
    expect(residential.username).not.toBe('ravi')
  })

  it('reads leave dates in the company calendar: away only from and until, both days included', () => {
    const rules = settings({
      territories: [{ prefix: '500', username: 'ravi' }],
      away: { ravi: { from: '2026-11-27', until: '2026-11-28' } },
    })
    const on = (date: string) => chooseAssignee({ pinCode: '500081' }, rules, users, date).username
    expect(on('2026-11-26')).toBe('ravi')
    expect(on('2026-11-27')).not.toBe('ravi')
    expect(on('2026-11-28')).not.toBe('ravi')
    expect(on('2026-11-29')).toBe('ravi')
  })

  it('takes the specialists of a category in turns, in their own rotation', () => {
    const rules = settings({
      specialists: { commercial: ['sunil', 'asha'] },
      rotation: { 'specialist:commercial': 'asha', sales: 'sunil' },
    })
    expect(chooseAssignee({ category: 'commercial' }, rules, users, today).username).toBe('sunil')
    expect(chooseAssignee({ category: 'residential' }, rules, users, today).username).toBe('asha')
  })

  it('leaves out the person being replaced when a late lead is reassigned', () => {
    const rules = settings({
      territories: [{ prefix: '500', username: 'ravi' }],
      rotation: { sales: 'asha' },
    })
    const reassigned = chooseAssignee({ pinCode: '500081' }, rules, users, today, ['ravi'])
    expect(reassigned.username).toBe('sunil')
    expect(reassigned.reason).toBe('round robin')
  })

  it('falls back to the owners when no sales user is available, and says so', () => {
    const rules = settings({ away: { asha: {}, ravi: {}, sunil: {} } })
    expect(chooseAssignee({}, rules, users, today)).toEqual({
      username: 'owner1',
      reason: 'owners: no sales user available',
      rotation: { pool: 'owners', last: 'owner1' },
    })
    const nobody = chooseAssignee(
      {},
      settings({ away: { owner1: {}, asha: {}, ravi: {}, sunil: {} } }),
      users,
      today,
    )
    expect(nobody).toEqual({ username: undefined, reason: 'nobody available' })
  })

  it('keeps a person with the assignee of their open lead, before the territory, unless that one is away or may not work leads', () => {
    const rules = settings({ territories: [{ prefix: '500', username: 'ravi' }] })
    const sameAs = { username: 'sunil', reason: 'same person as their quote of 12 Nov 2026' }
    expect(chooseAssignee({ pinCode: '500081', sameAs }, rules, users, today)).toEqual({
      username: 'sunil',
      reason: 'same person as their quote of 12 Nov 2026',
    })
    const away = settings({ ...rules, away: { sunil: { from: today, until: today } } })
    expect(chooseAssignee({ pinCode: '500081', sameAs }, away, users, today).reason).toBe('territory 500')
    const editor = { username: 'edith', reason: 'same person as their contact of 1 Nov 2026' }
    expect(chooseAssignee({ pinCode: '500081', sameAs: editor }, rules, users, today).username).toBe('ravi')
    // A job application stays with the owners even from someone with an open quote.
    expect(chooseAssignee({ jobApplication: true, sameAs }, rules, users, today).username).toBe('owner1')
  })

  it('sends job applications to the owners, whatever the territory', () => {
    const rules = settings({ territories: [{ prefix: '500', username: 'ravi' }] })
    expect(chooseAssignee({ pinCode: '500081', jobApplication: true }, rules, users, today)).toEqual({
      username: 'owner1',
      reason: 'job application',
      rotation: { pool: 'owners', last: 'owner1' },
    })
    expect(
      chooseAssignee({ jobApplication: true }, settings({ away: { owner1: {} } }), users, today),
    ).toEqual({ username: undefined, reason: 'job application: no owner available' })
  })
})
