import { indianDigits } from '@core/indian-number'
import { useEffect, useRef, useState } from 'react'
import { usePrefersReducedMotion } from '~/lib/hooks/use-reduced-motion'

export interface DashboardReading {
  readonly power: number
  readonly energy: number
  readonly efficiency: number
  readonly co2: number
}

export const initialReading: DashboardReading = { power: 842, energy: 12480, efficiency: 97.2, co2: 8.6 }

/** The next simulated reading: power wanders within 780-900 kW, energy and CO2 only grow. */
export function nextReading(reading: DashboardReading, random: () => number = Math.random): DashboardReading {
  const power = Math.min(900, Math.max(780, Math.round(reading.power + (random() - 0.5) * 30)))
  const efficiency = Math.min(
    99.5,
    Math.max(95, Math.round((reading.efficiency + (random() - 0.5)) * 10) / 10),
  )
  return {
    power,
    energy: reading.energy + Math.round(power / 60),
    efficiency,
    co2: Math.round((reading.co2 + power / 600_000) * 1000) / 1000,
  }
}

export const dashboardTickMs = 2000

/** The hero's simulated live dashboard: the numbers move every 2 s unless motion is reduced. */
export function LiveDashboard({ title }: { title: string }) {
  const reducedMotion = usePrefersReducedMotion()
  const [reading, setReading] = useState(initialReading)
  useEffect(() => {
    if (reducedMotion) return
    const timer = window.setInterval(() => setReading((current) => nextReading(current)), dashboardTickMs)
    return () => window.clearInterval(timer)
  }, [reducedMotion])

  const tiles = [
    { label: 'Live power', value: `${indianDigits(reading.power)} kW` },
    { label: 'Energy today', value: `${indianDigits(reading.energy)} kWh` },
    { label: 'Efficiency', value: `${reading.efficiency.toFixed(1)}%` },
    { label: 'CO2 avoided', value: `${reading.co2.toFixed(2)} t` },
  ]
  const bars = [0.55, 0.7, 0.62, 0.85, 0.78, 0.92, reading.power / 900]
  return (
    <figure
      aria-label={title}
      data-testid="live-dashboard"
      className="rounded-card border border-white/15 bg-white/10 p-5 shadow-lift backdrop-blur sm:p-6"
    >
      <figcaption className="flex items-center justify-between text-sm font-semibold">
        {title}
        <span className="inline-flex items-center gap-2 text-xs text-emerald-300">
          <span className="size-2 animate-pulse rounded-full bg-emerald-400" aria-hidden="true" />
          Live
        </span>
      </figcaption>
      <dl className="mt-5 grid grid-cols-2 gap-3">
        {tiles.map((tile) => (
          <div key={tile.label} className="flex flex-col-reverse rounded-xl bg-night/50 p-3">
            <dt className="text-xs text-slate-300">{tile.label}</dt>
            <dd className="text-lg font-bold tabular-nums sm:text-xl" data-metric={tile.label}>
              {tile.value}
            </dd>
          </div>
        ))}
      </dl>
      <div aria-hidden="true" className="mt-5 flex h-24 items-end gap-2">
        {bars.map((height, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed-length decorative bars
          <Bar key={index} height={height} />
        ))}
      </div>
    </figure>
  )
}

/**
 * One decorative bar. It grows into place once the page runs: the full height scaled from the bottom (`scale`,
 * set through the DOM: the prerendered page carries no inline style). A scale is composited, where a height
 * would lay out and paint the hero on every frame of the 0.7 s (Lighthouse: "non-composited animations").
 */
function Bar({ height }: { readonly height: number }) {
  const bar = useRef<HTMLSpanElement>(null)
  useEffect(() => {
    bar.current?.style.setProperty('scale', `1 ${Math.round(height * 100)}%`)
  }, [height])
  return (
    <span
      ref={bar}
      className="h-full flex-1 origin-bottom scale-y-0 rounded-t bg-brand-400/80 transition-transform duration-700"
    />
  )
}
