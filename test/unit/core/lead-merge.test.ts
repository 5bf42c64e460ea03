import { contactFields } from '@core/contact-fields'
import { leadMergeSchema, mergeRefusal, missingFields, samePerson } from '@core/lead-merge'
import { validate } from '@core/validation'
import { describe, expect, it } from 'vitest'

const into = { id: 'a', status: 'new', phone: '+91 98765 43210' } as const
const from = { id: 'b', status: 'contacted', phone: '098765 43210', email: 'Ravi@Example.com ' } as const
const stranger = { id: 'c', status: 'won', phone: '99887 76655', email: 'meera@example.com' } as const

describe('samePerson', () => {
  it('matches the last 10 digits of a phone number in any format, or an e-mail whatever its case', () => {
    expect(samePerson(into, from)).toBe(true)
    expect(samePerson({ id: 'x', status: 'new', email: 'ravi@example.com' }, from)).toBe(true)
    expect(samePerson(into, stranger)).toBe(false)
    // Nothing to match by is not a match.
    expect(samePerson({ id: 'x', status: 'new' }, { id: 'y', status: 'new' })).toBe(false)
  })
})

describe('mergeRefusal', () => {
  it('refuses a lead with itself (400)', () => {
    expect(mergeRefusal(into, { ...from, id: 'a' }, true)).toEqual({
      status: 400,
      message: 'A lead cannot be merged with itself.',
    })
  })

  it('refuses a lead merged already, on either side (409), even confirmed', () => {
    expect(mergeRefusal(into, { ...from, mergedInto: 'z' }, true)).toEqual({
      status: 409,
      message: 'That lead was merged into lead z already.',
    })
    expect(mergeRefusal({ ...into, mergedInto: 'z' }, from, true)?.message).toBe(
      'This lead was merged into lead z: merge into that one.',
    )
  })

  it('refuses a closed lead of another person without confirmation, naming which lead and why', () => {
    expect(mergeRefusal(into, stranger, false)).toEqual({
      status: 409,
      message:
        'The other lead is closed (Won) and names another person (a different phone number and e-mail): confirm to merge it anyway.',
    })
    expect(mergeRefusal({ ...stranger, id: 'd', status: 'lost' }, into, false)?.message).toMatch(
      /^This lead is closed \(Lost\)/,
    )
    expect(mergeRefusal(into, stranger, true)).toBeUndefined()
  })

  it('lets open leads of anyone, and closed leads of the same person, merge without confirmation', () => {
    expect(mergeRefusal(into, { ...stranger, status: 'proposal' }, false)).toBeUndefined()
    expect(mergeRefusal(into, { ...from, status: 'lost' }, false)).toBeUndefined()
  })
})

describe('missingFields', () => {
  it('takes the declared fields the survivor lacks or has empty, never what it has, nor the consent', () => {
    const survivor = { name: 'Ravi Kumar', phone: '', whatsapp: '98765 43210', agree: undefined }
    const other = {
      name: 'R. Kumar',
      phone: '+91 98765 43210',
      email: 'ravi@example.com',
      subject: 'Solar',
      message: '',
      mergedFrom: ['x'],
      history: [],
    }
    expect(missingFields(survivor, other, contactFields)).toEqual({
      phone: '+91 98765 43210',
      email: 'ravi@example.com',
      subject: 'Solar',
    })
    expect(
      missingFields({}, { agree: true }, { agree: { kind: 'consent', label: 'Agree', message: 'Tick it' } }),
    ).toEqual({})
  })
})

describe('leadMergeSchema', () => {
  it('takes a lead id and an optional confirm of true, naming the field it refuses', () => {
    const id = '0190c0de-0000-7000-8000-000000000002'
    expect(validate(leadMergeSchema, { from: ` ${id} ` })).toEqual({ ok: true, value: { from: id } })
    expect(validate(leadMergeSchema, { from: id, confirm: true })).toMatchObject({ ok: true })
    expect(validate(leadMergeSchema, { from: 'lead-2' })).toEqual({
      ok: false,
      fields: { from: 'This is not a lead id' },
    })
    expect(validate(leadMergeSchema, { from: id, confirm: 'yes' })).toEqual({
      ok: false,
      fields: { confirm: 'Confirm with true, or leave it out' },
    })
    expect(validate(leadMergeSchema, {})).toEqual({ ok: false, fields: { from: 'Choose the lead to merge' } })
  })
})
