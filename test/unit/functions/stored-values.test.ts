import { describe, expect, it } from 'vitest'
import { storedText, withoutUndefined } from '../../../functions/lib/db/stored-values'

describe('reading stored attributes', () => {
  it('reads a string as it is, and a missing, blank or other-typed value as absent', () => {
    expect(storedText('  Asha ')).toBe('  Asha ')
    for (const value of [undefined, null, '', '   ', 42, true, ['a'], { S: 'a' }]) {
      expect(storedText(value)).toBeUndefined()
    }
  })

  it('drops the undefined properties and keeps every other value, falsy ones included', () => {
    expect(withoutUndefined({ a: undefined, b: null, c: 0, d: '', e: false, f: 'x' })).toEqual({
      b: null,
      c: 0,
      d: '',
      e: false,
      f: 'x',
    })
    expect(Object.keys(withoutUndefined({ a: undefined }))).toEqual([])
  })
})
