import { contactSchema } from '@core/contact'
import { contactLimits } from '@core/contact-fields'
import { validate } from '@core/validation'
import { describe, expect, it } from 'vitest'

const valid = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  subject: 'Rooftop solar',
  message: 'We would like a quote for our society.',
  adult: true,
}
/** The consents to one purpose each, unticked unless sent ticked. */
const unticked = { whatsappUpdates: false, newsletterOffers: false }

describe('contactSchema', () => {
  it('accepts a complete message and trims its fields', () => {
    const result = validate(contactSchema, { ...valid, name: '  Asha Rao  ' })
    expect(result).toEqual({ ok: true, value: { ...valid, ...unticked } })
  })

  it('drops fields the form does not send', () => {
    const result = validate(contactSchema, { ...valid, admin: true, pk: 'QUOTE' })
    expect(result.ok && Object.keys(result.value).sort()).toEqual([
      'adult',
      'email',
      'message',
      'name',
      'newsletterOffers',
      'phone',
      'subject',
      'whatsappUpdates',
    ])
  })

  it('names every missing field when the body is empty: the name, the subject, a way to answer and the age', () => {
    const result = validate(contactSchema, {})
    expect(result.ok).toBe(false)
    expect(!result.ok && Object.keys(result.fields).sort()).toEqual([
      'adult',
      'email',
      'name',
      'phone',
      'subject',
    ])
    expect(!result.ok && result.fields.adult).toBe('Confirm that you are 18 or older to send this')
    expect(!result.ok && result.fields.phone).toBe(
      'Give a phone number or an e-mail address so we can answer',
    )
  })

  it('needs only one of the phone and the e-mail, and no message', () => {
    const { email: _email, message: _message, ...byPhone } = valid
    expect(validate(contactSchema, byPhone)).toEqual({ ok: true, value: { ...byPhone, ...unticked } })
    const { phone: _phone, message: _unsaid, ...byEmail } = valid
    expect(validate(contactSchema, { ...byEmail, phone: '  ' })).toEqual({
      ok: true,
      value: { ...byEmail, ...unticked },
    })
    expect(validate(contactSchema, { ...byEmail, email: '' })).toEqual({
      ok: false,
      fields: {
        phone: 'Give a phone number or an e-mail address so we can answer',
        email: 'Give a phone number or an e-mail address so we can answer',
      },
    })
  })

  it('stores every way of typing one mobile number the same way', () => {
    for (const phone of ['098765 43210', '+91 98765-43210', '9876543210', '91 9876543210']) {
      const result = validate(contactSchema, { ...valid, phone })
      expect([phone, result.ok && result.value.phone]).toEqual([phone, '+91 98765 43210'])
    }
  })

  it('rejects an e-mail address without a domain', () => {
    const result = validate(contactSchema, { ...valid, email: 'asha@' })
    expect(result).toEqual({ ok: false, fields: { email: 'Enter a valid email address' } })
  })

  it('rejects whitespace-only text as missing', () => {
    const result = validate(contactSchema, { ...valid, subject: '   ' })
    expect(result).toEqual({ ok: false, fields: { subject: 'Subject is required' } })
  })

  it('keeps a ticked consent and refuses a box that is not true or false', () => {
    const result = validate(contactSchema, { ...valid, whatsappUpdates: true })
    expect(result.ok && [result.value.whatsappUpdates, result.value.newsletterOffers]).toEqual([true, false])
    expect(validate(contactSchema, { ...valid, newsletterOffers: 'on' })).toEqual({
      ok: false,
      fields: { newsletterOffers: 'Send me the newsletter and offers by e-mail is true or false' },
    })
    expect(validate(contactSchema, { ...valid, adult: false })).toEqual({
      ok: false,
      fields: { adult: 'Confirm that you are 18 or older to send this' },
    })
  })

  it('rejects a message longer than its limit', () => {
    const result = validate(contactSchema, { ...valid, message: 'x'.repeat(contactLimits.message + 1) })
    expect(!result.ok && result.fields.message).toMatch(/at most 5000/)
  })

  it('rejects a phone number with letters', () => {
    const result = validate(contactSchema, { ...valid, phone: 'call me' })
    expect(result).toEqual({ ok: false, fields: { phone: 'Enter a 10-digit Indian mobile number' } })
  })

  it('rejects values of the wrong type and a body that is not an object', () => {
    expect(validate(contactSchema, { ...valid, name: 42 }).ok).toBe(false)
    expect(validate(contactSchema, ['a']).ok).toBe(false)
    expect(validate(contactSchema, null).ok).toBe(false)
  })
})
