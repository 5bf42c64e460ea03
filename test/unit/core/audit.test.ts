import { auditEntryOf } from '@core/audit'
import { describe, expect, it } from 'vitest'

describe('auditEntryOf', () => {
  it('keeps when, who, what and the non-empty optional texts, and drops every other field', () => {
    expect(
      auditEntryOf({
        pk: 'AUDIT',
        at: '2026-11-20T10:00:00.000Z',
        actor: 'ops',
        action: 'export',
        target: 'quotes',
        detail: '',
        network: '203.0.113.7',
        expiresAt: 1,
      }),
    ).toEqual({
      at: '2026-11-20T10:00:00.000Z',
      actor: 'ops',
      action: 'export',
      target: 'quotes',
      network: '203.0.113.7',
    })
  })

  it('drops optional fields that are not text', () => {
    expect(auditEntryOf({ at: 'a', actor: 'b', action: 'login', target: 7, detail: null })).toEqual({
      at: 'a',
      actor: 'b',
      action: 'login',
    })
  })

  it('is no entry when the time or actor is missing or empty, or the action is unknown', () => {
    expect(auditEntryOf({ actor: 'ops', action: 'login' })).toBeUndefined()
    expect(auditEntryOf({ at: 'a', actor: '', action: 'login' })).toBeUndefined()
    expect(auditEntryOf({ at: 'a', actor: 'ops', action: 'delete-everything' })).toBeUndefined()
  })

  it('is no entry for a value that is not an object', () => {
    expect(auditEntryOf(null)).toBeUndefined()
    expect(auditEntryOf('login')).toBeUndefined()
  })
})
