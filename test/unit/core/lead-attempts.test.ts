import { instantOf, leadAttemptOf, leadAttemptSchema } from '@core/lead-attempt-schema'
import {
  attemptMessage,
  e164Digits,
  fillTemplate,
  isAnswered,
  mayOfferOnWhatsapp,
  messagesFor,
  outcomesOf,
  unknownPlaceholders,
  whatsappLink,
} from '@core/lead-attempts'
import { validate } from '@core/validation'
import { describe, expect, it } from 'vitest'

const now = new Date('2026-11-26T06:30:00.000Z') // 12:00 in India
const check = (body: unknown) => validate(leadAttemptSchema(now), body)

describe('e164Digits', () => {
  it('reads an Indian number as people type it, with +91 added when it has none', () => {
    for (const typed of ['98765 43210', '+91 98765-43210', '919876543210', '098765 43210', '(0)98765-43210'])
      expect(e164Digits(typed), typed).toBe('919876543210')
  })

  it('keeps a number written with + or 00 and a country code as written', () => {
    expect(e164Digits('+44 20 7946 0958')).toBe('442079460958')
    expect(e164Digits('0044 20 7946 0958')).toBe('442079460958')
  })

  it('gives nothing for too few digits or an international number that cannot be one', () => {
    expect(e164Digits('12345')).toBeUndefined()
    expect(e164Digits('+12')).toBeUndefined()
    expect(e164Digits('+1234567890123456')).toBeUndefined()
    expect(e164Digits(undefined)).toBeUndefined()
  })
})

describe('isAnswered', () => {
  it('holds once the first attempt stamped firstContactAt', () => {
    expect(isAnswered({})).toBe(false)
    expect(isAnswered({ firstContactAt: '2026-11-26T06:30:00.000Z' })).toBe(true)
  })
})

describe('the first-contact message', () => {
  it('fills the name, the colleague, the company and the capacity of a quote', () => {
    expect(attemptMessage({ name: 'Ravi Kumar', me: 'sunil', kW: 5 })).toBe(
      'Namaste Ravi Kumar, this is sunil from Suryodaya Energy about your 5 kW solar quote. Is this a good time to talk?',
    )
  })

  it('falls back to the general message without a capacity, and closes the gap of a missing name', () => {
    expect(attemptMessage({ me: 'sunil' })).toBe(
      'Namaste, this is sunil from Suryodaya Energy about your enquiry. Is this a good time to talk?',
    )
    expect(fillTemplate('{company} {unknown}', { me: 'x' })).toBe('Suryodaya Energy {unknown}')
  })

  it('fills an owner’s template: a missing capacity takes its unit along, the category in words', () => {
    const template = 'Namaste {name}, {me} from {company} about your {kW} kW {category} quote.'
    expect(fillTemplate(template, { name: 'Asha', me: 'sunil', kW: 4, category: 'housing' })).toBe(
      'Namaste Asha, sunil from Suryodaya Energy about your 4 kW housing society quote.',
    )
    expect(fillTemplate(template, { name: 'Asha', me: 'sunil' })).toBe(
      'Namaste Asha, sunil from Suryodaya Energy about your quote.',
    )
    expect(fillTemplate('{kW} kW', { me: 'sunil', kW: ' ' })).toBe('')
  })

  it('names the placeholders a template may not hold, once each', () => {
    expect(unknownPlaceholders('Hi {name} {me} {company} {kW} {category}')).toEqual([])
    expect(unknownPlaceholders('Hi {price} {KW} {price} {}')).toEqual(['price', 'KW', ''])
  })

  it('offers the built-in message until owners save templates, then each of theirs filled, by name', () => {
    expect(messagesFor([], { name: 'Ravi', me: 'sunil', kW: 5 })).toEqual([
      { name: 'Default', text: attemptMessage({ name: 'Ravi', me: 'sunil', kW: 5 }), kind: 'reply' },
    ])
    expect(
      messagesFor(
        [
          { name: 'Quote', text: 'Namaste {name}, about your {kW} kW quote.' },
          { name: 'Visit', text: '{me} here.', kind: 'offer' },
        ],
        { name: 'Ravi', me: 'sunil' },
      ),
    ).toEqual([
      // A template saved before kinds existed is a reply.
      { name: 'Quote', text: 'Namaste Ravi, about your quote.', kind: 'reply' },
      { name: 'Visit', text: 'sunil here.', kind: 'offer' },
    ])
    expect(mayOfferOnWhatsapp({ whatsappUpdates: true })).toBe(true)
    for (const fields of [undefined, {}, { whatsappUpdates: false }, { whatsappUpdates: 'true' }]) {
      expect(mayOfferOnWhatsapp(fields)).toBe(false)
    }
  })

  it('links the WhatsApp chat of the number in E.164 with the message encoded', () => {
    expect(whatsappLink('98765 43210', 'Namaste Ravi & co, 5 kW?')).toBe(
      'https://wa.me/919876543210?text=Namaste%20Ravi%20%26%20co%2C%205%20kW%3F',
    )
    expect(whatsappLink('123', 'hi')).toBeUndefined()
  })
})

describe('the attempt body', () => {
  it('takes a WhatsApp message sent, with a note and a next step, and stores the times in UTC', () => {
    const result = check({
      channel: 'whatsapp',
      outcome: 'sent',
      note: '  Sent the brochure.  ',
      status: 'contacted',
      followUpAt: '2026-11-28T10:00+05:30',
    })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(leadAttemptOf(result.value)).toEqual({
      channel: 'whatsapp',
      outcome: 'sent',
      note: 'Sent the brochure.',
      status: 'contacted',
      followUpAt: '2026-11-28T04:30:00.000Z',
    })
  })

  it('makes a call-back the follow-up, and drops an empty note', () => {
    const result = check({
      channel: 'call',
      outcome: 'callback',
      callbackAt: '2026-11-26T17:00+05:30',
      note: ' ',
    })
    expect(result.ok && leadAttemptOf(result.value)).toEqual({
      channel: 'call',
      outcome: 'callback',
      callbackAt: '2026-11-26T11:30:00.000Z',
      followUpAt: '2026-11-26T11:30:00.000Z',
    })
  })

  it('refuses an unknown channel or outcome, naming the field', () => {
    expect(check({ channel: 'sms', outcome: 'sent' })).toEqual({
      ok: false,
      fields: { channel: 'Choose call, WhatsApp or e-mail' },
    })
    expect(check({ channel: 'call', outcome: 'busy' })).toEqual({
      ok: false,
      fields: { outcome: 'Choose how it went' },
    })
  })

  it('refuses a call that was "sent": only a message is sent', () => {
    expect(outcomesOf('call')).not.toContain('sent')
    expect(outcomesOf('email')).toContain('sent')
    expect(check({ channel: 'call', outcome: 'sent' })).toEqual({
      ok: false,
      fields: { outcome: 'A call is not sent: choose how it went' },
    })
  })

  it('refuses a call-back without its time, and a call-back time without the call-back', () => {
    expect(check({ channel: 'call', outcome: 'callback' })).toEqual({
      ok: false,
      fields: { callbackAt: 'Choose when to call back' },
    })
    expect(check({ channel: 'call', outcome: 'connected', callbackAt: '2026-11-27T10:00+05:30' })).toEqual({
      ok: false,
      fields: { callbackAt: 'A call-back time goes with the outcome "Call back"' },
    })
  })

  it('refuses a call-back with a different follow-up beside it', () => {
    const result = check({
      channel: 'call',
      outcome: 'callback',
      callbackAt: '2026-11-27T10:00+05:30',
      followUpAt: '2026-11-28T10:00+05:30',
    })
    expect(result.ok ? undefined : result.fields.followUpAt).toBe(
      'A call-back is the follow-up: leave this empty or choose the same time',
    )
    const same = check({
      channel: 'call',
      outcome: 'callback',
      callbackAt: '2026-11-27T10:00+05:30',
      followUpAt: '2026-11-27T04:30:00Z',
    })
    expect(same.ok).toBe(true)
  })

  it('refuses a time in the past (beyond the current minute), a year ahead, or that is no date and time', () => {
    const followUp = (followUpAt: unknown) => {
      const result = check({ channel: 'email', outcome: 'sent', followUpAt })
      return result.ok ? 'ok' : result.fields.followUpAt
    }
    expect(followUp('2026-11-26T11:58:59+05:30')).toBe('The follow-up is in the past')
    // Chosen in the picker's current minute, a few seconds into it.
    expect(followUp('2026-11-26T12:00+05:30')).toBe('ok')
    expect(followUp('2026-11-26T11:59:30+05:30')).toBe('ok')
    expect(followUp('2027-12-01T10:00+05:30')).toBe('The follow-up is more than a year ahead')
    for (const bad of [
      '2026-02-30T10:00Z',
      '2026-12-01',
      '2026-12-01T10:00',
      '2026-12-01T24:00Z',
      'soon',
      42,
    ])
      expect(followUp(bad), String(bad)).toBe('Enter the follow-up as a date and time')
  })

  it('refuses a status outside the pipeline, and a note over its limit', () => {
    expect(check({ channel: 'call', outcome: 'connected', status: 'hot' })).toEqual({
      ok: false,
      fields: { status: 'Choose a status from the list' },
    })
    const long = check({ channel: 'call', outcome: 'connected', note: 'x'.repeat(501) })
    expect(long.ok ? undefined : long.fields.note).toBe('Keep the note to 500 characters or fewer')
  })

  it('reads an instant only from a date and time with its zone', () => {
    expect(instantOf('2026-11-27T10:00+05:30')?.toISOString()).toBe('2026-11-27T04:30:00.000Z')
    expect(instantOf('2026-11-27T10:00:00.123Z')?.toISOString()).toBe('2026-11-27T10:00:00.123Z')
    expect(instantOf('2026-11-31T10:00Z')).toBeUndefined()
  })
})
