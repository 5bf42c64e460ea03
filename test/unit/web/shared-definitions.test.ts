import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { exportColumns } from '@core/exports'
import { quoteFieldLabels, quoteFields, quoteLimits } from '@core/quote-fields'
import { quoteSchema } from '@core/quote-schema'
import { validate } from '@core/validation'
import { describe, expect, it } from 'vitest'
import { company } from '~/content/company'
import { declaredTextFields } from '~/lib/declared-fields'

const root = join(import.meta.dirname, '../../..')
const appDir = join(root, 'web/app')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

const validQuote = {
  category: 'residential',
  name: 'Asha Rao',
  whatsapp: '+91 98765 43210',
  pincode: '500081',
  bill: '4200',
  agree: true,
}

describe('definitions the web shares with the API', () => {
  it('limits the quote fields as the API does: a value as long as the page allows is not refused for length', () => {
    for (const field of ['whatsapp', 'pincode'] as const) {
      const tooLong = validate(quoteSchema, { ...validQuote, [field]: '9'.repeat(quoteLimits[field] + 1) })
      expect(!tooLong.ok && tooLong.fields[field]).toMatch(/at most/i)
      const atLimit = validate(quoteSchema, { ...validQuote, [field]: '9'.repeat(quoteLimits[field]) })
      expect(atLimit.ok ? '' : (atLimit.fields[field] ?? '')).not.toMatch(/at most/i)
    }
  })

  it('names the quote fields one way on the form and in the export headers', () => {
    const formLabels = Object.fromEntries(
      declaredTextFields(quoteFields).map((field) => [field.name, field.label]),
    )
    expect(formLabels).toEqual({
      name: 'Name',
      whatsapp: 'WhatsApp Number',
      pincode: 'PIN Code',
      siteAddress: 'Site address',
      surveyDate: 'Preferred survey date',
      bill: 'Average Monthly Bill (₹)',
    })
    const headers = Object.fromEntries(exportColumns.quotes.map((column) => [column.key, column.header]))
    for (const key of [
      'name',
      'whatsapp',
      'pincode',
      'siteAddress',
      'bill',
      'billRange',
      'capacityKw',
      'roofType',
    ] as const) {
      expect(headers[key]).toBe(quoteFieldLabels[key])
    }
  })

  it("writes the company's name only in functions/core/company.ts, for the pages and the Lambdas alike", () => {
    const offenders = [...sourceFiles(appDir), ...sourceFiles(join(root, 'functions'))]
      .filter((file) => file !== join(root, 'functions/core/company.ts'))
      .filter((file) => readFileSync(file, 'utf8').includes(company.shortName))
      .map((file) => relative(root, file))
    expect(offenders).toEqual([])
  })
})
