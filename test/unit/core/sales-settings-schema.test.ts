import { defaultSalesSettings } from '@core/sales-settings'
import { salesSettingsSchema, settingsAssigneeProblems, territoryClash } from '@core/sales-settings-schema'
import { validate } from '@core/validation'
import { describe, expect, it } from 'vitest'

const { rotation: _serverOnly, ...editable } = defaultSalesSettings
const body = (change: Record<string, unknown>) => ({ version: 0, ...editable, ...change })
const refusal = (change: Record<string, unknown>) => {
  const result = validate(salesSettingsSchema, body(change))
  if (result.ok) throw new Error('expected a refusal')
  return result.fields
}
const hours = (...days: unknown[]) => ({ hours: days, holidays: [] })
const day = { open: '09:00', close: '19:00' }

describe('a change to the sales settings', () => {
  it('accepts the defaults and fills what is left out (but the retention periods and notice, kept as stored)', () => {
    const result = validate(salesSettingsSchema, { version: 3, calendar: editable.calendar })
    const { retention: _kept, retentionNotice: _notice, ...filled } = editable
    expect(result).toEqual({
      ok: true,
      value: { version: 3, ...filled, calendar: { ...editable.calendar } },
    })
    expect(refusal({ version: 'x' }).version).toBe('Send the version the settings were read at')
  })

  it('takes retention periods in whole months within their bounds, naming the first that is not', () => {
    const retention = { lostMonths: 1, wonMonths: 120, untouchedMonths: 3, activityLogMonths: 12 }
    const saved = validate(salesSettingsSchema, body({ retention }))
    expect(saved.ok && saved.value.retention).toEqual(retention)
    expect(refusal({ retention: { ...retention, wonMonths: 11 } }).retention).toBe(
      'Won leads (a sale: invoice, warranty, subsidy inspection, books of account): between 12 and 120 months.',
    )
    expect(refusal({ retention: { ...retention, untouchedMonths: 37 } }).retention).toBe(
      'Open leads nobody has touched (the person is asked to confirm first): between 3 and 36 months.',
    )
    expect(refusal({ retention: { ...retention, lostMonths: '6' } }).retention).toBe(
      'Lost leads (no sale): a number of months',
    )
  })

  it('takes up to 5 named WhatsApp messages with the known placeholders, trimmed', () => {
    const templates = [
      {
        name: ' Quote ',
        text: ' Namaste {name}, this is {me} from {company} about your {kW} kW {category} quote. ',
      },
      { name: 'Visit', text: 'Namaste {name}, when may we see your roof?', kind: 'offer' },
    ]
    const result = validate(salesSettingsSchema, body({ templates }))
    expect(result.ok && result.value.templates).toEqual([
      {
        name: 'Quote',
        text: 'Namaste {name}, this is {me} from {company} about your {kW} kW {category} quote.',
        // No kind given: a reply.
        kind: 'reply',
      },
      { name: 'Visit', text: 'Namaste {name}, when may we see your roof?', kind: 'offer' },
    ])
    expect(
      validate(salesSettingsSchema, body({ templates: [{ name: 'Q', text: 'Hi', kind: 'advert' }] })).ok,
    ).toBe(false)
  })

  it('refuses a message with an unknown placeholder (named), too long, unnamed, named twice or a sixth', () => {
    const template = (text: string, name = 'Quote') => ({ templates: [{ name, text }] })
    expect(refusal(template('Hello {name}, your {price} and {Name} and {price}')).templates).toBe(
      'Unknown placeholder {price}, {Name}: use {name}, {me}, {company}, {kW}, {category}',
    )
    expect(refusal(template('x'.repeat(501))).templates).toBe('A message is at most 500 characters')
    expect(refusal(template('  ')).templates).toBe('A template has a message')
    expect(refusal(template('Hello', ' ')).templates).toBe('A template has a name')
    expect(refusal(template('Hello', 'n'.repeat(41))).templates).toBe(
      "A template's name is at most 40 characters",
    )
    const named = (name: string) => ({ name, text: 'Hello {name}' })
    expect(refusal({ templates: [named('Quote'), named('quote')] }).templates).toBe(
      'Two templates have the same name',
    )
    expect(refusal({ templates: ['a', 'b', 'c', 'd', 'e', 'f'].map(named) }).templates).toBe(
      'At most 5 message templates',
    )
  })

  it('refuses a territory that is not 1 to 6 digits', () => {
    expect(refusal({ territories: [{ prefix: '50a', username: 'ravi' }] }).territories).toBe(
      'Territory "50a" is not 1 to 6 digits of a PIN code',
    )
    expect(refusal({ territories: [{ prefix: '5000811', username: 'ravi' }] }).territories).toBe(
      'Territory "5000811" is not 1 to 6 digits of a PIN code',
    )
  })

  it('refuses overlapping territories, naming the clash', () => {
    expect(
      refusal({
        territories: [
          { prefix: '5001', username: 'ravi' },
          { prefix: '500', username: 'asha' },
        ],
      }).territories,
    ).toBe('Territory 500 (asha) overlaps 5001 (ravi).')
    expect(
      territoryClash([
        { prefix: '56', username: 'a' },
        { prefix: '56', username: 'b' },
      ]),
    ).toBe('Territory 56 (a) overlaps 56 (b).')
    expect(
      territoryClash([
        { prefix: '56', username: 'a' },
        { prefix: '57', username: 'b' },
      ]),
    ).toBeUndefined()
  })

  it('refuses hours that end before they start, naming the day', () => {
    expect(
      refusal({ calendar: hours(null, { open: '19:00', close: '09:00' }, day, day, day, day, day) }).calendar,
    ).toBe('Monday: closing time 09:00 is not after opening time 19:00')
    expect(
      refusal({ calendar: hours(null, { open: '9', close: '19:00' }, day, day, day, day, day) }).calendar,
    ).toBe('Enter times as HH:MM, e.g. 09:00')
    expect(refusal({ calendar: hours(null, null, null, null, null, null, null) }).calendar).toBe(
      'Open at least one day of the week',
    )
    expect(refusal({ calendar: hours(day, day) }).calendar).toBe(
      'Give the hours of each day of the week, Sunday first (null for closed)',
    )
  })

  it('refuses dates that do not exist and leave that ends before it starts', () => {
    expect(refusal({ calendar: { ...editable.calendar, holidays: ['2026-02-30'] } }).calendar).toBe(
      'Holiday 2026-02-30 is not a date',
    )
    expect(refusal({ away: { ravi: { from: '2026-12-05', until: '2026-12-01' } } }).away).toBe(
      'Until is before From',
    )
  })

  it('refuses a specialist listed twice and a category that does not exist', () => {
    expect(refusal({ specialists: { housing: ['asha', 'asha'] } }).specialists).toBe(
      'A person is listed twice',
    )
    expect(refusal({ specialists: { industrial: ['asha'] } }).specialists).toBe(
      'Specialists are for Residential, Housing Society or Commercial',
    )
  })

  it('takes the response clock in whole minutes, the escalation after the reminder (5 and 15 when left out)', () => {
    const saved = validate(
      salesSettingsSchema,
      body({ clock: { reminderMinutes: 10, escalationMinutes: 30 } }),
    )
    expect(saved.ok && saved.value.clock).toEqual({ reminderMinutes: 10, escalationMinutes: 30 })
    const { clock: _left, ...withoutClock } = editable
    const filled = validate(salesSettingsSchema, { version: 0, ...withoutClock })
    expect(filled.ok && filled.value.clock).toEqual({ reminderMinutes: 5, escalationMinutes: 15 })
    expect(refusal({ clock: { reminderMinutes: 15, escalationMinutes: 15 } }).clock).toBe(
      'The escalation (15 minutes) must come after the reminder (15 minutes)',
    )
    expect(refusal({ clock: { reminderMinutes: 0, escalationMinutes: 15 } }).clock).toBe(
      'The reminder is at least 1 minute',
    )
    expect(refusal({ clock: { reminderMinutes: 5, escalationMinutes: 7.5 } }).clock).toBe(
      'The escalation is a whole number of minutes',
    )
    expect(refusal({ clock: { reminderMinutes: Number.NaN, escalationMinutes: 15 } }).clock).toBe(
      'The reminder is a number of minutes',
    )
    expect(refusal({ clock: { reminderMinutes: 5, escalationMinutes: 601 } }).clock).toBe(
      'The escalation is at most 600 minutes',
    )
  })

  it('names every person who may not take leads, against the staff records', () => {
    const problems = settingsAssigneeProblems(
      {
        territories: [
          { prefix: '500', username: 'edith' },
          { prefix: '56', username: 'asha' },
        ],
        specialists: { commercial: ['nobody', 'gone'] },
      },
      [
        { username: 'asha', role: 'sales' },
        { username: 'edith', role: 'editor' },
        { username: 'gone', role: 'sales', disabled: true },
      ],
    )
    expect(problems).toEqual([
      'Territory 500: edith cannot work leads (role Editor)',
      'Commercial specialists: nobody is not a user',
      "Commercial specialists: gone's account is disabled",
    ])
  })
})
