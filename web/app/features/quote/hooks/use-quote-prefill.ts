import { solarReportInputSchema, solarReportParamsOf } from '@core/solar-savings'
import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { type QuotePrefill, quotePrefillOf } from '~/features/quote/prefill'

export interface QuotePrefillState extends QuotePrefill {
  /** The solar report's inputs to send with the quote: present only when they pass the report's rules. */
  readonly reportInputs?: Readonly<Record<string, string>>
}

/**
 * What the URL's query fills the quote form in with (features/quote/prefill.ts), read after hydration (the
 * prerendered page has no query), so the first client render matches the HTML.
 */
export function useQuotePrefill(): QuotePrefillState {
  const location = useLocation()
  const [prefill, setPrefill] = useState<QuotePrefillState>({})
  useEffect(() => {
    const found = quotePrefillOf(location.search)
    const inputs = found.report ? solarReportParamsOf(new URLSearchParams(found.report)) : undefined
    const valid = inputs !== undefined && solarReportInputSchema.safeParse(inputs).success
    setPrefill(valid ? { ...found, reportInputs: inputs } : found)
  }, [location.search])
  return prefill
}
