import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { type QuotePrefill, quotePrefillOf } from '~/lib/quote-prefill'

export interface QuotePrefillState extends QuotePrefill {
  /** The solar report's inputs to send with the quote: present only when they pass the report's rules. */
  readonly reportInputs?: Readonly<Record<string, string>>
  /** The report's capacity and subsidy, worked out from those inputs: the price after subsidy beside the price. */
  readonly reportSubsidy?: { readonly capacityKw: number; readonly subsidyInr: number }
}

/**
 * What the URL's query fills the quote form in with (web/app/lib/quote-prefill.ts), read after hydration (the
 * prerendered page has no query), so the first client render matches the HTML. The report's rules load only
 * when the query carries a report.
 */
export function useQuotePrefill(): QuotePrefillState {
  const location = useLocation()
  const [prefill, setPrefill] = useState<QuotePrefillState>({})
  useEffect(() => {
    const found = quotePrefillOf(location.search)
    setPrefill(found)
    if (!found.report) return
    let current = true
    const report = found.report
    void import('~/features/quote/report-rules').then(
      ({ solarReportParamsOf, solarReportInputSchema, solarReport, solarReportFigures }) => {
        const inputs = solarReportParamsOf(new URLSearchParams(report))
        const checked = solarReportInputSchema.safeParse(inputs)
        if (!current || !checked.success) return
        const figures = solarReportFigures(solarReport(checked.data))
        setPrefill({
          ...found,
          reportInputs: inputs,
          reportSubsidy: { capacityKw: figures.capacityKw, subsidyInr: figures.subsidyInr },
        })
      },
    )
    return () => {
      current = false
    }
  }, [location.search])
  return prefill
}
