/**
 * The solar report's rules the quote form reads a report link with (hooks/use-quote-prefill.ts): one module,
 * so the page asks for them with one import (one list of files to preload in its first load, not three),
 * loaded only when the link carries a report.
 */
export { solarReportParamsOf } from '@core/solar-report-params'
export { solarReportInputSchema } from '@core/solar-report-schema'
export { solarReport, solarReportFigures } from '@core/solar-savings'
