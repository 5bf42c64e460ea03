/** Printed before the JSON result of test/bench/in-process.ts, which run.ts looks for. */
export const resultMarker = '@@bench-result@@'
