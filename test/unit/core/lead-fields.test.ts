import { contactFields } from '@core/contact-fields'
import { exportColumns } from '@core/exports'
import {
  type ChoiceField,
  type FieldDeclarations,
  htmlPattern,
  inboxSourceFields,
  personalFieldNames,
  sentFields,
  valueLabel,
} from '@core/field-declarations'
import { declaredSchema } from '@core/field-schemas'
import { leadFieldsOfKind } from '@core/lead-fields'
import { newsletterFields } from '@core/newsletter-fields'
import { quoteFields } from '@core/quote-fields'
import { validate } from '@core/validation'
import { describe, expect, it } from 'vitest'
import { leadNotificationBody } from '../../../functions/lib/notify'
import { declaredChoices, declaredTextFields, filledValues } from '../../../web/app/lib/declared-fields'

const everyKind = Object.values(leadFieldsOfKind) as FieldDeclarations[]

// Values each declared pattern must accept and refuse, as people type them.
const samples: Record<string, { accepts: string[]; refuses: string[] }> = {
  whatsapp: {
    accepts: [
      '9876543210',
      '+91 98765 43210',
      '91-98765-43210',
      '98765 43210',
      '098765 43210',
      '+91 98765-43210',
    ],
    refuses: ['12345', '5876543210', '+91 9876', 'call me', '0 98765 43210 1'],
  },
  pincode: { accepts: ['500081', '110001'], refuses: ['050081', '5000812', '5000a1'] },
  bill: {
    accepts: ['4200', '4,200', '1,00,000', '42.50', '₹2,500', 'Rs. 2500', '2500/-'],
    refuses: [',4200', 'four', '0x10', '1e3', '-2500'],
  },
  // One phone rule for every form: the contact form's phone is the quote's mobile number.
  phone: {
    accepts: ['9876543210', '098765 43210', '+91 98765-43210', '0091 98765 43210'],
    refuses: ['call me', '12', '+91 40 4000 1234', '(040) 4000-1234'],
  },
}

describe('lead field declarations (functions/core/lead-fields.ts)', () => {
  it('gives every pattern an HTML form the browser compiles (the v flag) that agrees with the API', () => {
    for (const fields of everyKind) {
      for (const [name, field] of Object.entries(fields)) {
        if (field.kind !== 'text' || !field.pattern) continue
        const browser = new RegExp(`^(?:${htmlPattern(field.pattern)})$`, 'v')
        const sample = samples[name]
        expect(sample, `samples for ${name}`).toBeDefined()
        for (const value of sample!.accepts) {
          expect([name, value, field.pattern.regex.test(value)]).toEqual([name, value, true])
          expect([name, value, browser.test(value)]).toEqual([name, value, true])
        }
        for (const value of sample!.refuses) {
          expect([name, value, field.pattern.regex.test(value)]).toEqual([name, value, false])
          expect([name, value, browser.test(value)]).toEqual([name, value, false])
        }
      }
    }
  })

  it('heads each export column of a declared field with its label, in declared order', () => {
    const kinds = { quotes: quoteFields, contacts: contactFields, newsletter: newsletterFields } as const
    for (const [kind, fields] of Object.entries(kinds) as [keyof typeof kinds, FieldDeclarations][]) {
      const declared = Object.entries(fields).filter(([, field]) => field.exportWidth !== undefined)
      const columns = exportColumns[kind].filter((column) => !column.path && column.key in fields)
      expect(columns.map((column) => [column.key, column.header])).toEqual(
        declared.map(([name, field]) => [name, field.label]),
      )
    }
  })

  it('finds a person by the declared e-mail and phone fields, and fills the inbox from the declared ones', () => {
    expect(personalFieldNames(quoteFields, 'phone')).toEqual(['whatsapp'])
    expect(personalFieldNames(contactFields, 'phone')).toEqual(['phone'])
    expect(personalFieldNames(contactFields, 'email')).toEqual(['email'])
    expect(inboxSourceFields(quoteFields)).toEqual({ name: 'name', phone: 'whatsapp', pincode: 'pincode' })
    expect(inboxSourceFields(contactFields)).toEqual({ name: 'name', email: 'email', phone: 'phone' })
  })

  it("shows a choice by its option's label, a number and anything else as it is", () => {
    expect(valueLabel(quoteFields.category, 'housing')).toBe('Housing Society')
    expect(valueLabel(quoteFields.gstMode, 'previous')).toBe('Previous GST')
    expect(valueLabel(quoteFields.category, 'toString')).toBeUndefined()
    expect(valueLabel(quoteFields.capacityKw, 5)).toBeUndefined()
    expect(valueLabel(quoteFields.name, 'Asha')).toBeUndefined()
  })

  it('writes the staff e-mail from the declarations: labels, option labels, no objects, no consent box and no way to reach the person', () => {
    const body = leadNotificationBody(
      quoteFields,
      {
        name: 'Asha Rao',
        whatsapp: '98765 43210',
        category: 'housing',
        gstMode: 'current',
        capacityKw: 5,
        billRange: '',
        report: { bill: '4200' },
        agree: true,
      },
      [['Id', 'q-1']],
    )
    expect(body.split('\n')).toEqual([
      'Name: Asha Rao',
      'Category: Housing Society',
      'Capacity (kW): 5',
      'GST mode: Current GST',
      'Id: q-1',
    ])
  })
})

describe('a field added to a form by its declaration alone', () => {
  // The experiment of adding an optional select (the shade on the roof) to the quote form: nothing but the
  // declaration names it, and the schema, the form's controls, its payload and the e-mail all carry it.
  const shade = {
    kind: 'choice',
    label: 'Shade on the Roof',
    required: false,
    options: { none: 'No shade', part: 'Part shaded', full: 'Shaded most of the day' },
    exportWidth: 14,
  } as const satisfies ChoiceField
  const withShade = { ...quoteFields, shade } as const
  const valid = {
    category: 'residential',
    name: 'Asha Rao',
    whatsapp: '9876543210',
    pincode: '500081',
    bill: '4200',
    agree: true,
    adult: true,
  }

  it('is checked by the API: an option is kept, none is fine, anything else is refused with the options', () => {
    const schema = declaredSchema(withShade)
    expect(validate(schema, { ...valid, shade: 'part' })).toMatchObject({
      ok: true,
      value: { shade: 'part' },
    })
    const none = validate(schema, { ...valid, shade: '' })
    expect(none.ok && 'shade' in none.value && none.value.shade !== undefined).toBe(false)
    expect(validate(schema, { ...valid, shade: 'trees' })).toEqual({
      ok: false,
      fields: { shade: 'Choose No shade, Part shaded or Shaded most of the day' },
    })
  })

  it('is a select of the form, read from its data and sent with the request', () => {
    expect(declaredChoices(withShade)).toEqual([
      {
        name: 'roofType',
        label: 'Roof type',
        required: false,
        options: [
          { value: 'rcc', label: 'RCC (concrete)' },
          { value: 'metal-sheet', label: 'Metal sheet' },
          { value: 'tiled', label: 'Tiled' },
          { value: 'other', label: 'Other' },
        ],
      },
      {
        name: 'surveySlot',
        label: 'Preferred survey time',
        required: false,
        options: [
          { value: 'morning', label: 'Morning (9–12)' },
          { value: 'afternoon', label: 'Afternoon (12–5)' },
        ],
      },
      {
        name: 'shade',
        label: 'Shade on the Roof',
        required: false,
        options: [
          { value: 'none', label: 'No shade' },
          { value: 'part', label: 'Part shaded' },
          { value: 'full', label: 'Shaded most of the day' },
        ],
      },
    ])
    expect(declaredTextFields(withShade).map((field) => field.name)).toEqual([
      'name',
      'whatsapp',
      'pincode',
      'siteAddress',
      'bill',
      'surveyDate',
    ])
    const data = new FormData()
    data.set('name', 'Asha Rao')
    data.set('shade', 'full')
    expect(filledValues(withShade, data)).toMatchObject({ name: 'Asha Rao', shade: 'full', whatsapp: '' })
    const sent = sentFields(withShade, {
      ...valid,
      gstMode: 'current',
      capacityKw: null,
      billRange: '',
      estimatedCost: '',
      shade: 'full',
      extra: 'dropped',
    } as never)
    expect(sent).toMatchObject({ shade: 'full', name: 'Asha Rao' })
    expect(sent).not.toHaveProperty('extra')
    expect(leadNotificationBody(withShade, { ...valid, shade: 'none' }, [])).toContain(
      'Shade on the Roof: No shade',
    )
  })
})
