/**
 * A number with Indian digit grouping, as `toLocaleString('en-IN')` writes it (12345678 → `1,23,45,678`,
 * 2.5 → `2.5`, at most three decimals), without `Intl`: the schemas' messages name their limits when their
 * module loads, and the first `Intl` call starts ICU, about 12 ms of every cold start of the lead forms'
 * functions.
 */
export function indianDigits(value: number): string {
  if (!Number.isFinite(value)) return String(value)
  // Whole numbers as they are (a thousandfold safe integer is no longer exact); others to thousandths.
  const thousandths = Number.isInteger(value) ? 0 : Math.round(Math.abs(value) * 1000)
  const whole = Number.isInteger(value) ? String(Math.abs(value)) : String(Math.floor(thousandths / 1000))
  const fraction = String(thousandths % 1000)
    .padStart(3, '0')
    .replace(/0+$/, '')
  const sign = value < 0 && (whole !== '0' || fraction !== '') ? '-' : ''
  const grouped =
    whole.length <= 3
      ? whole
      : `${whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${whole.slice(-3)}`
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`
}
