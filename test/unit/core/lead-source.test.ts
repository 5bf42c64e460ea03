import { contactSchema } from '@core/contact'
import { contactFields } from '@core/contact-fields'
import { personalFieldNames, sentFieldNames } from '@core/field-declarations'
import { sourceLabel, storedSource, withFormSource } from '@core/lead-source'
import { manualLeadSchema } from '@core/manual-lead-schema'
import { quoteFields } from '@core/quote-fields'
import { quoteSchema } from '@core/quote-schema'
import { validate } from '@core/validation'
import { describe, expect, it } from 'vitest'
import { validContact, validQuote } from '../../support/leads'

const utmNames = ['utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent']

describe('the source fields of the public forms', () => {
  it('are declared on both forms, sent by the page, and none of them is personal data', () => {
    for (const fields of [quoteFields, contactFields]) {
      expect(sentFieldNames(fields)).toEqual(expect.arrayContaining(['page', ...utmNames]))
      // `source` is the server's: never read from a request.
      expect(sentFieldNames(fields)).not.toContain('source')
      for (const sort of ['name', 'email', 'phone', 'place', 'message'] as const) {
        for (const name of ['page', 'source', ...utmNames])
          expect(personalFieldNames(fields, sort)).not.toContain(name)
      }
    }
  })

  it('are optional: a form without them is valid, and blank values are none', () => {
    expect(validate(quoteSchema, validQuote).ok).toBe(true)
    const checked = validate(contactSchema, { ...validContact, utmSource: '  ', page: '' })
    expect(checked).toEqual({
      ok: true,
      value: { ...validContact, whatsappUpdates: false, newsletterOffers: false },
    })
  })

  it('refuses a UTM value with other characters, one too long and a page that is no path of the site', () => {
    const checked = validate(quoteSchema, {
      ...validQuote,
      utmMedium: 'e-mail;drop',
      utmContent: 'y'.repeat(101),
      page: '//evil.example',
      utmTerm: 42,
    })
    expect(checked.ok).toBe(false)
    if (checked.ok) return
    expect(checked.fields).toEqual({
      utmMedium: 'UTM medium: Use letters, digits, spaces and . _ ~ + - : / | @ ( ) % only',
      utmContent: 'UTM content must be at most 100 characters',
      page: expect.stringMatching(/^Sent from page: /),
      utmTerm: 'UTM term must be text',
    })
  })

  it('takes values campaign tools use, in any script', () => {
    const checked = validate(contactSchema, {
      ...validContact,
      utmSource: 'google',
      utmCampaign: 'Diwali 2026 | सौर ऊर्जा (10%)',
      utmContent: 'banner_v2.1~a+b:c/d@e',
    })
    expect(checked.ok).toBe(true)
  })
})

describe('withFormSource', () => {
  it('folds the page into the source and keeps the rest as checked', () => {
    expect(withFormSource('quote', { name: 'A', page: '/get-quote', utmSource: 'google' })).toEqual({
      name: 'A',
      utmSource: 'google',
      source: { kind: 'form', form: 'quote', page: '/get-quote' },
    })
    const withoutPage: { name: string; page?: string } = { name: 'B' }
    expect(withFormSource('contact', withoutPage)).toEqual({
      name: 'B',
      source: { kind: 'form', form: 'contact' },
    })
  })
})

describe('storedSource and sourceLabel', () => {
  it('reads a lead stored before sources as from its form, and a manual source with a known channel', () => {
    expect(storedSource('contact', undefined)).toEqual({ kind: 'form', form: 'contact' })
    expect(storedSource('quote', { kind: 'manual', channel: 'justdial' })).toEqual({
      kind: 'manual',
      channel: 'justdial',
    })
    expect(storedSource('quote', { kind: 'manual', channel: 'telegram' })).toEqual({
      kind: 'form',
      form: 'quote',
    })
  })

  it('says the source in a few words, with the UTM source, medium and campaign after it', () => {
    expect(sourceLabel({ kind: 'form', form: 'quote', page: '/get-quote' })).toBe('Quote form, /get-quote')
    expect(sourceLabel({ kind: 'manual', channel: 'walk-in' })).toBe('Walk-in (by hand)')
    expect(
      sourceLabel(
        { kind: 'form', form: 'contact' },
        { utmSource: 'google', utmCampaign: 'rooftop', utmTerm: 'x' },
      ),
    ).toBe('Contact form · google / rooftop')
  })
})

describe('manualLeadSchema', () => {
  it('takes a quote with a name and WhatsApp number only, and a contact with a name and any phone number', () => {
    expect(
      validate(manualLeadSchema, { kind: 'quote', channel: 'walk-in', name: 'A', whatsapp: '9876543210' }),
    ).toEqual({
      ok: true,
      value: { kind: 'quote', channel: 'walk-in', name: 'A', whatsapp: '+91 98765 43210' },
    })
    expect(
      validate(manualLeadSchema, {
        kind: 'contact',
        channel: 'referral',
        name: 'B',
        phone: '080 4123 4567',
        contacted: false,
      }).ok,
    ).toBe(true)
  })

  it('refuses a missing name or phone, an unknown channel and the fields of the form it is not', () => {
    const checked = validate(manualLeadSchema, { kind: 'quote', channel: 'fax', name: ' ', capacityKw: 4.5 })
    expect(checked.ok).toBe(false)
    if (checked.ok) return
    expect(Object.keys(checked.fields).sort()).toEqual(['capacityKw', 'channel', 'name', 'whatsapp'])
    expect(checked.fields.channel).toMatch(/^Choose how the lead came: Phone-in, Walk-in, IndiaMART/)
    // A contact's e-mail on a quote is not one of its fields: dropped like any unknown key.
    const quote = validate(manualLeadSchema, {
      kind: 'quote',
      channel: 'phone',
      name: 'A',
      whatsapp: '9876543210',
      email: 'a@b.co',
    })
    expect(quote.ok && 'email' in quote.value).toBe(false)
  })

  it('refuses a kind other than quote or contact', () => {
    const checked = validate(manualLeadSchema, { kind: 'newsletter', channel: 'phone', name: 'A' })
    expect(checked).toEqual({ ok: false, fields: { kind: 'Choose quote or contact' } })
  })
})
