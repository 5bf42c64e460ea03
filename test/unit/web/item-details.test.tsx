import { describe, expect, it } from 'vitest'
import { detailEntries, display } from '~/features/admin/shared/item-details'
import { displayDateTime } from '~/lib/format-date'

describe('how the admin shows a stored value', () => {
  it('reads a flag as Yes or No, not true or false', () => {
    expect(display(true)).toBe('Yes')
    expect(display(false)).toBe('No')
  })

  it('shows a stored time as a date and time, and leaves other text as it was typed', () => {
    const stored = '2026-11-25T08:53:18.441Z'
    expect(display(stored)).toBe(displayDateTime(stored))
    expect(display(stored)).not.toContain('T08')
    // Text that only looks like a date, and a PIN code, stay as they are.
    expect(display('2026-11-25')).toBe('2026-11-25')
    expect(display('500081')).toBe('500081')
    expect(display('Call after 2026-11-25T10:00Z please')).toBe('Call after 2026-11-25T10:00Z please')
  })

  it('keeps numbers, empties and nested values readable', () => {
    expect(display(4200)).toBe('4200')
    expect(display(undefined)).toBe('')
    expect(display(['a'])).toBe('[\n  "a"\n]')
  })

  it('applies the same reading to the lines of a lead', () => {
    const entries = detailEntries({ agree: true, createdAt: '2026-11-25T08:53:18.441Z' }, { agree: 'Agreed' })
    expect(entries).toEqual([
      ['Agreed', 'Yes'],
      ['Created at', displayDateTime('2026-11-25T08:53:18.441Z')],
    ])
  })
})
