import { formatInrAxis, inrAxisTicks } from '@core/inr-axis'
import { formatInr } from '@core/quote'
import type { SolarYear } from '@core/solar-savings'
import { useId, useLayoutEffect, useRef, useState } from 'react'
import { calculatorPage } from '~/features/solar-calculator/content'

const copy = calculatorPage.chart
/** The drawing's width before it is measured (and where it cannot be). */
const defaultWidth = 640
const pad = { left: 64, right: 16, top: 16, bottom: 36 }

/**
 * The chart's width in CSS pixels, followed as the screen changes: the drawing is made that wide, so its
 * labels are as large on a 390 px phone as on a desktop (a fixed 640-unit drawing shrunk to a phone's width
 * drew them at about 6 px).
 */
function useMeasuredWidth() {
  const ref = useRef<HTMLDivElement>(null)
  const [width, setWidth] = useState(defaultWidth)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => {
      const measured = element.clientWidth
      if (measured > 0) setWidth(measured)
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return { ref, width }
}

/** The first year whose cumulative saving reaches the cost, or undefined. */
export function crossingYear(years: readonly SolarYear[], costInr: number): number | undefined {
  return years.find((year) => year.cumulativeSavingInr >= costInr)?.year
}

export interface SavingChartProps {
  readonly years: readonly SolarYear[]
  readonly netCostInr: number
}

/**
 * Cumulative saving against the net cost (price less subsidy) over the years, drawn as an SVG line and a dashed level,
 * with the same figures as a table (the chart's text equivalent) and a sentence saying where they cross.
 */
export function SavingChart({ years, netCostInr }: SavingChartProps) {
  const titleId = useId()
  const descriptionId = useId()
  const { ref, width } = useMeasuredWidth()
  // Inside its border: one unit of the drawing is one CSS pixel. Lower on a phone, so it keeps a readable shape there.
  const height = Math.round(Math.min(280, Math.max(200, width * 0.5)))
  const last = years[years.length - 1]
  const ticks = inrAxisTicks(Math.max(last?.cumulativeSavingInr ?? 0, netCostInr, 1))
  const top = ticks[ticks.length - 1] ?? 1
  const x = (year: number) => pad.left + (year / Math.max(years.length, 1)) * (width - pad.left - pad.right)
  const y = (amount: number) => pad.top + (1 - amount / top) * (height - pad.top - pad.bottom)
  const points = [`${x(0)},${y(0)}`, ...years.map((year) => `${x(year.year)},${y(year.cumulativeSavingInr)}`)]
  const yearTicks = years.filter((year) => year.year % 5 === 0).map((year) => year.year)
  const crossing = crossingYear(years, netCostInr)
  const summary = crossing === undefined ? copy.noCrossing(years.length) : copy.crossing(crossing)

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 break-inside-avoid">
      <h3 id={titleId} className="text-lg font-semibold text-ink">
        {copy.heading}
      </h3>
      <p id={descriptionId} className="text-sm text-muted">
        {copy.description(years.length)} {summary}
      </p>
      <div
        ref={ref}
        className="overflow-hidden rounded-xl border border-slate-200 bg-white print:mx-auto print:w-3/4"
      >
        <svg
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-labelledby={`${titleId} ${descriptionId}`}
          data-testid="saving-chart"
          height={height}
          className="block w-full"
        >
          <title>{`${copy.heading}. ${summary}`}</title>
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={pad.left}
                x2={width - pad.right}
                y1={y(tick)}
                y2={y(tick)}
                className="stroke-slate-200"
              />
              <text x={pad.left - 8} y={y(tick) + 4} textAnchor="end" className="fill-slate-600 text-[12px]">
                {formatInrAxis(tick)}
              </text>
            </g>
          ))}
          {yearTicks.map((year) => (
            <text
              key={year}
              x={x(year)}
              y={height - pad.bottom + 18}
              textAnchor="middle"
              className="fill-slate-600 text-[12px]"
            >
              {year}
            </text>
          ))}
          <line
            x1={pad.left}
            x2={width - pad.right}
            y1={y(netCostInr)}
            y2={y(netCostInr)}
            strokeDasharray="6 4"
            strokeWidth={2}
            className="stroke-sun-700"
            data-testid="chart-cost"
          />
          <polyline
            points={points.join(' ')}
            fill="none"
            strokeWidth={3}
            className="stroke-brand-700"
            data-testid="chart-saving"
          />
        </svg>
      </div>
      <ul className="flex flex-wrap gap-4 text-sm text-muted" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className="h-1 w-6 rounded bg-brand-700" />
          {copy.savingLegend}
        </li>
        <li className="flex items-center gap-2">
          <span className="h-1 w-6 rounded border-t-2 border-dashed border-sun-700" />
          {copy.costLegend} ({formatInr(netCostInr)})
        </li>
      </ul>
      <details className="rounded-xl border border-slate-200 bg-white print:hidden">
        <summary className="cursor-pointer px-4 py-3 text-sm font-semibold text-brand-800">
          {copy.tableSummary}
        </summary>
        <div className="overflow-x-auto px-4 pb-4">
          <table className="w-full text-right text-sm tabular-nums">
            <caption className="sr-only">{copy.heading}</caption>
            <thead>
              <tr className="text-muted">
                <th scope="col" className="py-1 text-left font-medium">
                  {copy.year}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {copy.generation}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {copy.saving}
                </th>
                <th scope="col" className="py-1 font-medium">
                  {copy.cumulative}
                </th>
              </tr>
            </thead>
            <tbody>
              {years.map((year) => (
                <tr key={year.year} className="border-t border-slate-100">
                  <th scope="row" className="py-1 text-left font-medium">
                    {year.year}
                  </th>
                  <td className="py-1">{year.generationKwh.toLocaleString('en-IN')}</td>
                  <td className="py-1">{formatInr(year.savingInr)}</td>
                  <td className="py-1">{formatInr(year.cumulativeSavingInr)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  )
}
