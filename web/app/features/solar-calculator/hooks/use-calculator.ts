import { defaultQuoteCategory, type QuoteCategory } from '@core/quote'
import { solarAssumptions } from '@core/solar-assumptions'
import {
  reportCategory,
  type SolarReportParam,
  solarReportParamsOf,
  solarReportQuery,
} from '@core/solar-report-params'
import type { SolarReport } from '@core/solar-savings'
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
  /** The part of the bill solar does not remove, ₹ a month (the category's default until changed). */
  readonly fixedCharge: string
  /** A housing society's number of houses. */
  readonly houses: string
  /** The state the visitor chose; empty: the one read from the PIN code. */
  readonly state: string
}

type ReportRules = typeof import('@core/solar-report-schema') & typeof import('@core/solar-savings')
let loadedRules: ReportRules | undefined

/** The report's rules and arithmetic, in one: the input schema and the report of checked inputs. */
const loadRules = (): Promise<ReportRules> =>
  Promise.all([import('@core/solar-report-schema'), import('@core/solar-savings')]).then(
    ([schema, savings]) => ({ ...schema, ...savings }),
  )

/**
 * The report's input rules (zod) and its arithmetic (the subsidy, the loan, the sizes), loaded once the page
 * runs rather than with it: the page paints and hydrates without them, and the fields start empty anyway.
 * Kept for the next visit of the page in this tab. Until they are here (or if they cannot be loaded) there is
 * no report and no message.
 */
function useReportRules(): ReportRules | undefined {
  const [rules, setRules] = useState(loadedRules)
  useEffect(() => {
    if (rules) return
    let current = true
    loadRules().then(
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

/** The category's stated defaults, as the fields show them (the visitor changes them to their bill's). */
const defaultsOf = (category: QuoteCategory) => ({
  tariff: String(solarAssumptions.tariffInrPerUnit[category]),
  fixedCharge: String(solarAssumptions.fixedChargeInr[category]),
})

export const emptyCalculatorFields: CalculatorFields = {
  category: defaultQuoteCategory,
  basis: 'bill',
  bill: '',
  units: '',
  pincode: '',
  roofSqft: '',
  capacityKw: '',
  ...defaultsOf(defaultQuoteCategory),
  houses: '',
  state: '',
}

/**
 * The report's inputs of the fields: the bill or the units (whichever is chosen), the tariff and fixed part
 * when changed from the category's defaults, the houses of a housing society only.
 */
export function reportParamsOf(fields: CalculatorFields): Record<SolarReportParam, string> {
  const defaults = defaultsOf(fields.category)
  return {
    category: fields.category,
    bill: fields.basis === 'bill' ? fields.bill : '',
    units: fields.basis === 'units' ? fields.units : '',
    pincode: fields.pincode,
    roofSqft: fields.roofSqft,
    capacityKw: fields.capacityKw,
    tariff: fields.tariff.trim() === defaults.tariff ? '' : fields.tariff,
    fixedCharge: fields.fixedCharge.trim() === defaults.fixedCharge ? '' : fields.fixedCharge,
    houses: fields.category === 'housing' ? fields.houses : '',
    state: fields.state,
  }
}

/** A change of category moves the tariff and fixed part to its defaults, unless the visitor changed them. */
function withCategoryDefaults(current: CalculatorFields, next: CalculatorFields): CalculatorFields {
  if (next.category === current.category) return next
  const before = defaultsOf(current.category)
  const after = defaultsOf(next.category)
  const keep = (key: 'tariff' | 'fixedCharge') =>
    next[key].trim() === '' || next[key].trim() === before[key] ? after[key] : next[key]
  return { ...next, tariff: keep('tariff'), fixedCharge: keep('fixedCharge') }
}

/** The fields a URL query names (the others empty); units are used when the query has units and no bill. */
export function fieldsOfQuery(search: string): { fields: CalculatorFields; named: boolean } {
  const params = solarReportParamsOf(new URLSearchParams(search))
  const category = reportCategory(params.category)
  const defaults = defaultsOf(category)
  const fields: CalculatorFields = {
    category,
    basis: params.units !== undefined && params.bill === undefined ? 'units' : 'bill',
    bill: params.bill ?? '',
    units: params.units ?? '',
    pincode: params.pincode ?? '',
    roofSqft: params.roofSqft ?? '',
    capacityKw: params.capacityKw ?? '',
    tariff: params.tariff ?? defaults.tariff,
    fixedCharge: params.fixedCharge ?? defaults.fixedCharge,
    houses: params.houses ?? '',
    state: params.state ?? '',
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
  // Whether the URL has been read (after hydration: the prerendered page cannot know it), and whether it
  // named inputs (a shared link): until then the page shows a skeleton, never the empty form's prompt.
  const [urlRead, setUrlRead] = useState(false)
  const [fromLink, setFromLink] = useState(false)
  // The searches this page wrote to the URL and has not seen come back yet, oldest first. Two changes in a
  // row (a PIN typed right after the bill, a category then its houses) send two navigations; when the first
  // arrives the second is already written, and reading the first as a link opened anew would undo the second.
  const written = useRef<string[]>([])
  // The fields as last changed, ahead of the render that shows them: a second field typed before React
  // re-rendered (a fast hand, a busy phone) builds on the first instead of undoing it.
  const latest = useRef<CalculatorFields>(emptyCalculatorFields)

  useEffect(() => {
    const own = written.current.indexOf(location.search)
    if (own !== -1) {
      written.current = written.current.slice(own + 1)
      return
    }
    const { fields: fromUrl, named } = fieldsOfQuery(location.search)
    latest.current = fromUrl
    setFields(fromUrl)
    setUrlRead(true)
    setFromLink(named)
    if (named) setShowAll(true)
  }, [location.search])

  const query = solarReportQuery(reportParamsOf(fields))

  const update = useCallback(
    (change: Partial<CalculatorFields>, field?: string) => {
      const next = withCategoryDefaults(latest.current, { ...latest.current, ...change })
      latest.current = next
      setFields(next)
      const search = solarReportQuery(reportParamsOf(next))
      const target = search === '' ? '' : `?${search}`
      written.current = [...written.current, target].slice(-20)
      navigate({ search: target, hash: '' }, { replace: true, preventScrollReset: true })
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
    () => (rules && validated?.ok ? rules.solarReport(validated.value) : undefined),
    [rules, validated],
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
    /**
     * Whether the report's place shows a skeleton: before the URL is read, and for a shared link until its
     * rules have loaded (its report, or its fields' messages, come next; never the empty form's prompt).
     */
    pending: !urlRead || (fromLink && rules === undefined),
    /** Whether some input is wrong and says so (no figures are shown then). */
    hasShownErrors: Object.keys(errors).length > 0,
    submit: () => setShowAll(true),
  }
}
