/**
 * Chart.js for the DOM tests: happy-dom has no canvas, so each chart the dashboard asks for is recorded in
 * `drawn` instead of drawn. Use it with `vi.mock('chart.js', () => import('./chart-js-stub'))`.
 */
export const drawn: { type: string; labels: string[]; datasets: { label: string; data: number[] }[] }[] = []

export class Chart {
  static register() {}
  constructor(
    _canvas: HTMLCanvasElement,
    config: { type: string; data: { labels: string[]; datasets: { label: string; data: number[] }[] } },
  ) {
    drawn.push({ type: config.type, labels: config.data.labels, datasets: config.data.datasets })
  }
  destroy() {}
}

export const ArcElement = {}
export const BarController = {}
export const BarElement = {}
export const CategoryScale = {}
export const DoughnutController = {}
export const Legend = {}
export const LinearScale = {}
export const Tooltip = {}
