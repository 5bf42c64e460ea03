import { defaultQuoteCategory, type QuoteCategory } from '@core/quote'
import { solarAssumptions } from '@core/solar-assumptions'
import {
  reportCategory,
  type SolarReportParam,
  solarReportParamsOf,
  solarReportQuery,
} from '@core/solar-report-params'
import { type SolarReport, solarReport } from '@core/solar-savings'
import { validate } from '@core/validation'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'

/** Whether the visitor gives a bill in rupees or units of electricity. */
export type UsageBasis = 'bill' | 'units'

/** The calculator's fields as typed (text), one per URL parameter, plus which of bill and units is used. */
export interface CalculatorFields {
  readonly category: QuoteCategory
  readonly basis: UsageBasis
  readonly bill: string
  readonly units: string
  readonly pincode: string
  readonly roofSqft: string
  readonly capacityKw: string
  readonly tariff: string
}

type ReportRules = typeof import('@core/solar-report-schema')
let loadedRules: ReportRules | undefined

/**
 * The report's input rules (zod), loaded once the page runs rather than with it: the page paints and hydrates
 * without them, and the fields start empty anyway. Kept for the next visit of the page in this tab. Until they
 * are here (or if they cannot be loaded) there is no report and no message.
 */
function useReportRules(): ReportRules | undefined {
  const [rules, setRules] = useState(loadedRules)
  useEffect(() => {
    if (rules) return
    let current = true
    import('@core/solar-report-schema').then(
      (module) => {
        loadedRules = module
        if (current) setRules(module)
      },
      () => undefined,
    )
    return () => {
      current = false
    }
  }, [rules])
  return rules
}

const defaultTariff = String(solarAssumptions.tariffInrPerUnit)

export const emptyCalculatorFields: CalculatorFields = {
  category: defaultQuoteCategory,
  basis: 'bill',
  bill: '',
  units: '',
  pincode: '',
  roofSqft: '',
  capacityKw: '',
  tariff: defaultTariff,
}

/** The report's inputs of the fields: the bill or the units (whichever is chosen), the tariff when changed. */
export function reportParamsOf(fields: CalculatorFields): Record<SolarReportParam, string> {
  return {
    category: fields.category,
    bill: fields.basis === 'bill' ? fields.bill : '',
    units: fields.basis === 'units' ? fields.units : '',
    pincode: fields.pincode,
    roofSqft: fields.roofSqft,
    capacityKw: fields.capacityKw,
    tariff: fields.tariff.trim() === defaultTariff ? '' : fields.tariff,
  }
}

/** The fields a URL query names (the others empty); units are used when the query has units and no bill. */
export function fieldsOfQuery(search: string): { fields: CalculatorFields; named: boolean } {
  const params = solarReportParamsOf(new URLSearchParams(search))
  const fields: CalculatorFields = {
    category: reportCategory(params.category),
    basis: params.units !== undefined && params.bill === undefined ? 'units' : 'bill',
    bill: params.bill ?? '',
    units: params.units ?? '',
    pincode: params.pincode ?? '',
    roofSqft: params.roofSqft ?? '',
    capacityKw: params.capacityKw ?? '',
    tariff: params.tariff ?? defaultTariff,
  }
  return { fields, named: Object.keys(params).length > 0 }
}

/**
 * The calculator's state, kept in the URL so a report can be shared: the fields start empty (as the
 * prerendered page is) and take the URL's parameters after hydration; each change writes them back
 * (replacing the history entry). The report is worked out only from inputs that pass the core rules; a
 * field's message shows once it was changed, once the form was submitted, or when the URL named inputs.
 */
export function useCalculator() {
  const location = useLocation()
  const navigate = useNavigate()
  const [fields, setFields] = useState<CalculatorFields>(emptyCalculatorFields)
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const [showAll, setShowAll] = useState(false)
  const written = useRef<string | undefined>(undefined)
  // The fields as last changed, ahead of the render that shows them: a second field typed before React
  // re-rendered (a fast hand, a busy phone) builds on the first instead of undoing it.
  const latest = useRef<CalculatorFields>(emptyCalculatorFields)

  useEffect(() => {
    if (location.search === written.current) return
    const { fields: fromUrl, named } = fieldsOfQuery(location.search)
    latest.current = fromUrl
    setFields(fromUrl)
    if (named) setShowAll(true)
  }, [location.search])

  const query = solarReportQuery(reportParamsOf(fields))

  const update = useCallback(
    (change: Partial<CalculatorFields>, field?: string) => {
      const next = { ...latest.current, ...change }
      latest.current = next
      setFields(next)
      const search = solarReportQuery(reportParamsOf(next))
      written.current = search === '' ? '' : `?${search}`
      navigate({ search: written.current, hash: '' }, { replace: true, preventScrollReset: true })
      if (field) setTouched((current) => new Set(current).add(field))
    },
    [navigate],
  )

  const rules = useReportRules()
  const validated = useMemo(
    () => (rules ? validate(rules.solarReportInputSchema, reportParamsOf(fields)) : undefined),
    [rules, fields],
  )
  const report: SolarReport | undefined = useMemo(
    () => (validated?.ok ? solarReport(validated.value) : undefined),
    [validated],
  )

  // The rule "a bill, units or a capacity" is keyed `bill`; it belongs under whichever usage field is shown.
  const allErrors: Record<string, string> =
    validated === undefined || validated.ok ? {} : { ...validated.fields }
  if (fields.basis === 'units' && allErrors.bill !== undefined) {
    allErrors.units = allErrors.units ?? allErrors.bill
    delete allErrors.bill
  }
  const errors = Object.fromEntries(
    Object.entries(allErrors).filter(([field]) => showAll || touched.has(field)),
  ) as Partial<Record<keyof CalculatorFields, string>>

  return {
    fields,
    update,
    errors,
    report,
    query,
    /** Whether some input is wrong and says so (no figures are shown then). */
    hasShownErrors: Object.keys(errors).length > 0,
    submit: () => setShowAll(true),
  }
}
