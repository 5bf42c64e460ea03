/**
 * What test/bench/run.ts and test/bench/in-process.ts share: the marker of a result, and which route each
 * measured export is.
 */

/** Printed before the JSON result of test/bench/in-process.ts, which run.ts looks for. */
export const resultMarker = '@@bench-result@@'

/** The route of an export the bench measures: `all` (the workbook), `view-csv`/`view-xlsx`, or a kind's CSV. */
export function exportBenchRoute(
  what: string,
): 'admin-export-all' | 'admin-export-leads' | 'admin-export-kind' {
  if (what === 'all') return 'admin-export-all'
  return what === 'view-csv' || what === 'view-xlsx' ? 'admin-export-leads' : 'admin-export-kind'
}
