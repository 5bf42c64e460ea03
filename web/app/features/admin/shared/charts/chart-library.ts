import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js'
import type { ChartFigure } from './chart-data'

// Only what the dashboard draws: bars and doughnuts, with their scales, legend and tooltips.
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  DoughnutController,
  ArcElement,
  Legend,
  Tooltip,
)

/** Draws `figure` on `canvas`; the caller destroys the chart when the figure changes or goes. */
export function drawChart(canvas: HTMLCanvasElement, figure: ChartFigure, palette: readonly string[]): Chart {
  const doughnut = figure.kind === 'doughnut'
  // A bar chart's money series has its own axis on the right, so counts and rupees both read.
  const money = figure.series.findIndex((series) => series.format !== undefined)
  return new Chart(canvas, {
    type: figure.kind,
    data: {
      labels: [...figure.labels],
      datasets: figure.series.map((series, index) => ({
        label: series.label,
        data: [...series.values],
        backgroundColor: doughnut ? [...palette] : palette[index % palette.length],
        ...(!doughnut && index === money ? { yAxisID: 'money' } : {}),
      })),
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      plugins: { legend: { position: 'bottom' } },
      ...(doughnut
        ? {}
        : {
            scales: {
              y: { beginAtZero: true, ticks: { precision: 0 } },
              ...(money >= 0
                ? { money: { position: 'right', beginAtZero: true, grid: { drawOnChartArea: false } } }
                : {}),
            },
          }),
    },
  })
}
