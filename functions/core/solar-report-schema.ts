import * as z from 'zod/mini'
import { choiceRule } from './field-schemas'
import { pincodePattern, quoteCategories } from './quote'
import { quoteFormFields } from './quote-form-fields'
import { solarAssumptions } from './solar-assumptions'
import { solarInputLimits } from './solar-report-params'
import { largestFittingKw, smallestKw } from './solar-sizing'
import { type Validated, validate } from './validation'

/**
 * The solar report's input rules (zod), apart from the report in solar-savings.ts: the calculator page loads
 * them once it runs (its first paint does not wait for zod), the quote API with its handler.
 */

/** A positive number, from a number or a numeric text (commas allowed); empty means not given. */
const optionalPositive = (label: string, max: number, unit: string) =>
  z.optional(
    z.pipe(
      z.union([z.number(), z.string(), z.null()]),
      z.transform((value, context) => {
        if (value === null || (typeof value === 'string' && value.trim() === '')) return undefined
        const number = typeof value === 'number' ? value : Number(value.replace(/,/g, '').trim())
        if (!Number.isFinite(number) || number <= 0 || number > max) {
          context.issues.push({
            code: 'custom',
            input: value,
            message: `${label} must be a number more than 0 and at most ${max.toLocaleString('en-IN')}${unit}`,
          })
          return z.NEVER
        }
        return number
      }),
    ),
  )

/** The report's inputs, checked: a message per field for what is missing or wrong, and no figures then. */
export const solarReportInputSchema = z
  .object({
    category: z._default(
      z.enum(quoteCategories, 'Choose Residential, Housing Society or Commercial'),
      'residential',
    ),
    bill: optionalPositive('The monthly bill', solarInputLimits.billInr, ' ₹'),
    units: optionalPositive('Monthly units', solarInputLimits.units, ' units'),
    pincode: z
      .string({ error: 'Enter a 6-digit PIN code' })
      .check(z.trim(), z.regex(pincodePattern, 'Enter a 6-digit PIN code')),
    roofSqft: optionalPositive('Roof area', solarInputLimits.roofSqft, ' sq ft'),
    capacityKw: choiceRule(quoteFormFields.capacityKw) as z.ZodMiniType<number | undefined, unknown>,
    tariff: optionalPositive('The tariff', solarInputLimits.tariffInrPerUnit, ' ₹ per unit'),
  })
  .check(
    // Checked even when another field is wrong, so that every message shows at once.
    z.refine(
      (input) =>
        ([input.bill, input.units, input.capacityKw] as unknown[]).some(
          (value) => value !== undefined && value !== '',
        ),
      {
        message: 'Enter your average monthly bill or units, or choose a capacity',
        path: ['bill'],
        when: () => true,
      },
    ),
    z.refine((input) => input.roofSqft === undefined || largestFittingKw(input.roofSqft) !== undefined, {
      message: `A ${smallestKw} kW system, the smallest we sell, needs about ${smallestKw * solarAssumptions.roofSqftPerKw} sq ft`,
      path: ['roofSqft'],
    }),
    z.refine(
      (input) =>
        input.roofSqft === undefined ||
        input.capacityKw === undefined ||
        input.capacityKw * solarAssumptions.roofSqftPerKw <= input.roofSqft,
      {
        message: `The roof area fits less than this capacity (${solarAssumptions.roofSqftPerKw} sq ft per kW)`,
        path: ['capacityKw'],
      },
    ),
  )

export type SolarReportInput = z.output<typeof solarReportInputSchema>

/**
 * The optional `report` of a quote request (a quote sent from the calculator): absent, or its inputs checked
 * with the page's own rules, empty ones left out; a message under `report` when they do not pass.
 */
export function parseQuoteReport(report: unknown): Validated<SolarReportInput | undefined> {
  if (report === undefined || report === null) return { ok: true, value: undefined }
  const result = validate(solarReportInputSchema, report)
  if (!result.ok) {
    const [field, message] = Object.entries(result.fields)[0] ?? ['', '']
    return { ok: false, fields: { report: `The calculator's ${field} is not valid: ${message}` } }
  }
  const value = Object.fromEntries(Object.entries(result.value).filter(([, item]) => item !== undefined))
  return { ok: true, value: value as SolarReportInput }
}
