import { useEffect, useRef } from 'react'
import type { ChartFigure } from './chart-data'

/** The brand's chart colours, in series order (they read on white and on each other). */
const palette = ['#0b7f7e', '#f59e0b', '#2563eb', '#b91c1c', '#7c3aed', '#475569']

/**
 * Draws one figure with Chart.js, loaded on first use (a separate chunk: the public pages never load it).
 * The canvas is hidden from screen readers; the table beside it carries the same figures.
 */
export function ChartCanvas({ figure }: { readonly figure: ChartFigure }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => {
    let chart: { destroy(): void } | undefined
    let cancelled = false
    void import('./chart-library').then(({ drawChart }) => {
      if (cancelled || !canvas.current) return
      chart = drawChart(canvas.current, figure, palette)
    })
    return () => {
      cancelled = true
      chart?.destroy()
    }
  }, [figure])
  return (
    <div className="relative h-56 w-full" aria-hidden="true">
      <canvas ref={canvas} data-chart={figure.id} />
    </div>
  )
}
