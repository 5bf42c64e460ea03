import { formatInr } from './quote'

/**
 * Money on a chart's axis, the way Indian families read it: below a lakh written out with Indian grouping
 * (`₹75,000`: nobody says "0.75 lakh"), from a lakh in lakhs (`₹2.9 L`, `₹12 L`), from a crore in crores
 * (`₹1.2 Cr`), one decimal at most and none when it is `.0`. The space before the unit keeps it readable at
 * a small size. Beside `formatInr` rather than in quote.ts, which every form page loads first: only the
 * report's chart uses it.
 */
export function formatInrAxis(amount: number): string {
  const size = Math.abs(amount)
  if (size < 100_000) return formatInr(amount)
  const [value, unit] = size < 10_000_000 ? [amount / 100_000, 'L'] : [amount / 10_000_000, 'Cr']
  return `₹${Number(value.toFixed(1))} ${unit}`
}

/**
 * Round steps for an axis from 0 to at least `top`, about `count` of them: 1, 2, 2.5 or 5 times a power of
 * ten (₹50,000, ₹1 L, ₹2.5 L, ₹5 L…), so every label is a figure a reader takes in at a glance.
 */
export function inrAxisTicks(top: number, count = 4): number[] {
  if (!(top > 0)) return [0]
  const rough = top / count
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = ([1, 2, 2.5, 5, 10].find((factor) => factor * power >= rough) ?? 10) * power
  const ticks: number[] = []
  for (let tick = 0; tick < top + step; tick += step) {
    ticks.push(tick)
    if (tick >= top) break
  }
  return ticks
}
