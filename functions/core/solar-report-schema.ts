import * as z from 'zod/mini'
import { choiceRule, trimmed } from './field-schemas'
import { indianDigits } from './indian-number'
import { pincodeStates } from './pincode-state'
import { pincodePattern, quoteCategories } from './quote'
import { quoteFormFields } from './quote-form-fields'
import { solarAssumptions } from './solar-assumptions'
import { amountOf, solarInputRanges } from './solar-report-params'
import { largestFittingKw, smallestKw } from './solar-sizing'
import { pmSuryaGhar } from './subsidy'
import { type Validated, validate } from './validation'

/**
 * The solar report's input rules (zod), apart from the report in solar-savings.ts: the calculator page loads
 * them once it runs (its first paint does not wait for zod), the quote API with its handler.
 */

const rupees = (amount: number) => `₹${indianDigits(amount)}`

/** What a number field takes before its own rule: one schema, shared by every number field's. */
const numberOrText = /* @__PURE__ */ (() => z.union([z.number(), z.string(), z.null()]))()

/**
 * A number within its plausible range, from a number or a text as people write it (amountOf: `₹2,500`,
 * `2500/-`; no hex); empty means not given. Outside the range, the field's own friendly message.
 */
const optionalNumber = (
  range: { readonly min: number; readonly max: number },
  message: string,
  integer = false,
) =>
  z.optional(
    z.pipe(
      numberOrText,
      z.transform((value, context) => {
        if (value === null || (typeof value === 'string' && value.trim() === '')) return undefined
        const number = typeof value === 'number' ? value : amountOf(value)
        if (
          number === undefined ||
          !Number.isFinite(number) ||
          number < range.min ||
          number > range.max ||
          (integer && !Number.isInteger(number))
        ) {
          context.issues.push({ code: 'custom', input: value, message })
          return z.NEVER
        }
        return number
      }),
    ),
  )

const r = solarInputRanges

/** The report's inputs, checked: a message per field for what is missing or wrong, and no figures then. */
export const solarReportInputSchema = z
  .object({
    category: z._default(
      z.enum(quoteCategories, 'Choose Residential, Housing Society or Commercial'),
      'residential',
    ),
    bill: optionalNumber(
      r.bill,
      `Enter a monthly bill of ${rupees(r.bill.min)} to ${rupees(r.bill.max)}, as on your bill`,
    ),
    units: optionalNumber(
      r.units,
      `Enter ${r.units.min} to ${indianDigits(r.units.max)} units a month, as on your bill`,
    ),
    pincode: z
      .string({ error: 'Enter a 6-digit PIN code' })
      .check(trimmed, z.regex(pincodePattern, 'Enter a 6-digit PIN code')),
    roofSqft: optionalNumber(
      r.roofSqft,
      `Roof area must be a number more than 0 and at most ${indianDigits(r.roofSqft.max)} sq ft`,
    ),
    capacityKw: choiceRule(quoteFormFields.capacityKw) as z.ZodMiniType<number | undefined, unknown>,
    tariff: optionalNumber(
      r.tariff,
      `Tariffs run from ${rupees(r.tariff.min)} to ${rupees(r.tariff.max)} a unit: check the rate on your bill`,
    ),
    fixedCharge: optionalNumber(
      r.fixedCharge,
      `Enter the fixed part of your bill in rupees a month (0 to ${rupees(r.fixedCharge.max)})`,
    ),
    houses: optionalNumber(
      r.houses,
      `Enter the number of houses, ${r.houses.min} to ${indianDigits(r.houses.max)}`,
      true,
    ),
    state: z.optional(
      z.pipe(
        z.string(),
        z.transform((value, context) => {
          if (value.trim() === '') return undefined
          if (pincodeStates.includes(value.trim())) return value.trim()
          context.issues.push({ code: 'custom', input: value, message: 'Choose a state from the list' })
          return z.NEVER
        }),
      ),
    ),
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
    z.refine((input) => input.category !== 'housing' || input.houses !== undefined, {
      message: `Enter the number of houses in the society (the scheme counts ${pmSuryaGhar.housing.kwPerHouse} kW per house)`,
      path: ['houses'],
    }),
    z.refine(
      (input) =>
        input.bill === undefined ||
        input.bill > (input.fixedCharge ?? solarAssumptions.fixedChargeInr[input.category]),
      {
        message: 'The bill must be more than its fixed part: check both amounts',
        path: ['bill'],
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
