import { describe, expect, it } from 'vitest'
import { namesPerson } from '../../../functions/lib/db/erasure'

describe('namesPerson (erasure requests)', () => {
  it('matches an e-mail whatever its case and spaces, and only the e-mail field', () => {
    expect(namesPerson({ email: 'Asha@Example.com' }, ' asha@example.COM ')).toBe(true)
    expect(namesPerson({ email: 'asha@example.org' }, 'asha@example.com')).toBe(false)
    expect(namesPerson({ name: 'asha@example.com' }, 'asha@example.com')).toBe(false)
  })

  it('matches a phone or WhatsApp number by its last 10 digits, and nothing shorter', () => {
    expect(namesPerson({ phone: '+91 98765 43210' }, '9876543210')).toBe(true)
    expect(namesPerson({ whatsapp: '98765-43210' }, '+919876543210')).toBe(true)
    expect(namesPerson({ phone: '+91 98765 43211' }, '9876543210')).toBe(false)
    expect(namesPerson({ phone: '43210' }, '43210')).toBe(false)
    expect(namesPerson({ email: '9876543210@example.com' }, '9876543210')).toBe(false)
  })
})
