import { classifySearch } from '@core/inbox-search'
import { isReference, parseReference, referenceAlphabet, referenceOf } from '@core/lead-reference'
import { indianMobileE164, normaliseIndianMobile } from '@core/phone'
import { surveyDateBounds, surveyDateProblem } from '@core/survey-slot'
import { describe, expect, it } from 'vitest'

describe('a visitor reference', () => {
  it('is SE- and five characters that cannot be misread (no 0, O, 1, I or L)', () => {
    for (const lookalike of '01ILO') expect(referenceAlphabet).not.toContain(lookalike)
    const id = '5f0c1d5e-7f6a-4a57-9b9c-1a2b3c4d5e6f'
    expect(referenceOf(id)).toMatch(/^SE-[2-9A-HJKMNP-Z]{5}$/)
    expect(isReference(referenceOf(id))).toBe(true)
  })

  it('is the same for the same lead and try, and another on the next try', () => {
    const id = crypto.randomUUID()
    expect(referenceOf(id)).toBe(referenceOf(id, 0))
    expect(referenceOf(id, 1)).not.toBe(referenceOf(id, 0))
  })

  it('spreads: 10,000 leads share few references (a clash takes the next try)', () => {
    const references = new Set(Array.from({ length: 10_000 }, () => referenceOf(crypto.randomUUID())))
    expect(references.size).toBeGreaterThan(9_990)
  })

  it('is read however it is typed, and other text is none', () => {
    expect(parseReference('se-7k3p9')).toBe('SE-7K3P9')
    expect(parseReference(' SE 7K3P9 ')).toBe('SE-7K3P9')
    expect(parseReference('SE7K3P9')).toBe('SE-7K3P9')
    expect(parseReference('SE-7K3P0')).toBeUndefined()
    expect(parseReference('SE-7K3P99')).toBeUndefined()
    expect(parseReference('Seema')).toBeUndefined()
  })

  it('is what the inbox searches by, ahead of a name', () => {
    expect(classifySearch('se-7k3p9')).toEqual({ by: 'reference', value: 'SE-7K3P9' })
    expect(classifySearch('Seema Rao')).toMatchObject({ by: 'name', value: 'seema' })
  })
})

describe('one phone rule', () => {
  it('stores 098765 43210, +91 98765-43210 and 9876543210 the same way', () => {
    for (const typed of ['098765 43210', '+91 98765-43210', '9876543210', '0091 9876543210', '919876543210'])
      expect([typed, normaliseIndianMobile(typed)]).toEqual([typed, '+91 98765 43210'])
  })

  it('leaves a number it refuses as it was (the pattern names the problem)', () => {
    expect(normaliseIndianMobile(' 12345 ')).toBe('12345')
    expect(normaliseIndianMobile('+91 40 4000 1234')).toBe('+91 40 4000 1234')
  })

  it('gives an SMS gateway the same number in E.164, and nothing for a number it refuses', () => {
    for (const typed of [
      '098765 43210',
      '+91 98765-43210',
      '9876543210',
      '0091 9876543210',
      ' +91 98765 43210 ',
    ])
      expect([typed, indianMobileE164(typed)]).toEqual([typed, '+919876543210'])
    for (const refused of ['12345', '+91 40 4000 1234', '+44 20 7946 0958', ''])
      expect([refused, indianMobileE164(refused)]).toEqual([refused, undefined])
  })
})

describe('preferred survey date', () => {
  // 18:00 UTC on 30 Nov is 23:30 on 30 Nov in India; 19:00 UTC is already 1 Dec there.
  const evening = new Date('2026-11-30T18:00:00Z')
  const afterMidnightInIndia = new Date('2026-11-30T19:00:00Z')

  it('is today or later, in India’s day', () => {
    expect(surveyDateProblem('2026-11-30', evening)).toBeUndefined()
    expect(surveyDateProblem('2026-11-30', afterMidnightInIndia)).toBe('Choose today or a later day')
    expect(surveyDateProblem('2026-11-29', evening)).toBe('Choose today or a later day')
  })

  it('is within 60 days', () => {
    expect(surveyDateBounds(evening)).toEqual({ first: '2026-11-30', last: '2027-01-29' })
    expect(surveyDateProblem('2027-01-29', evening)).toBeUndefined()
    expect(surveyDateProblem('2027-01-30', evening)).toBe('Choose a day within the next 60 days')
  })

  it('is a real date', () => {
    expect(surveyDateProblem('2026-02-30', evening)).toBe('Enter the date as YYYY-MM-DD')
    expect(surveyDateProblem('tomorrow', evening)).toBe('Enter the date as YYYY-MM-DD')
  })
})
