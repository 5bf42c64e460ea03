import { normaliseEmail } from '@core/newsletter'
import { newsletterSchema } from '@core/newsletter-schema'
import { validate } from '@core/validation'
import { describe, expect, it } from 'vitest'

describe('newsletterSchema', () => {
  it('keeps only the e-mail, trimmed and lower-cased, and the age box', () => {
    expect(validate(newsletterSchema, { email: '  Asha.Rao@Example.COM ', name: 'x', adult: true })).toEqual({
      ok: true,
      value: { email: 'asha.rao@example.com', adult: true },
    })
  })

  it('refuses a missing or malformed address, and a signup without the age box ticked', () => {
    expect(validate(newsletterSchema, {})).toEqual({
      ok: false,
      fields: { email: 'Email is required', adult: 'Confirm that you are 18 or older to send this' },
    })
    expect(validate(newsletterSchema, { email: 'asha@', adult: true })).toEqual({
      ok: false,
      fields: { email: 'Enter a valid email address' },
    })
  })

  it('normalises an address the same way the schema does', () => {
    expect(normaliseEmail(' A@B.in ')).toBe('a@b.in')
  })
})
