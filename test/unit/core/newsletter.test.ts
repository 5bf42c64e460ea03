import { normaliseEmail } from '@core/newsletter'
import { newsletterSchema } from '@core/newsletter-schema'
import { validate } from '@core/validation'
import { describe, expect, it } from 'vitest'

describe('newsletterSchema', () => {
  it('keeps only the e-mail, trimmed and lower-cased', () => {
    expect(validate(newsletterSchema, { email: '  Asha.Rao@Example.COM ', name: 'x' })).toEqual({
      ok: true,
      value: { email: 'asha.rao@example.com' },
    })
  })

  it('refuses a missing or malformed address', () => {
    expect(validate(newsletterSchema, {})).toEqual({ ok: false, fields: { email: 'Email is required' } })
    expect(validate(newsletterSchema, { email: 'asha@' })).toEqual({
      ok: false,
      fields: { email: 'Enter a valid email address' },
    })
  })

  it('normalises an address the same way the schema does', () => {
    expect(normaliseEmail(' A@B.in ')).toBe('a@b.in')
  })
})
