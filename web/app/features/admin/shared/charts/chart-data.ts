import { leadSegmentLabels } from '@core/inbox-search'
import type { LeadStats } from '@core/lead-views'
import { closedLeadStatuses, leadStatusLabels } from '@core/pipeline-rules'
import { formatInr } from '@core/quote'

/**
 * The dashboard's figures as the charts and their tables show them: one definition of each chart's labels
 * and series, so a chart and its table can never disagree.
 */
export interface ChartSeries {
  readonly label: string
  readonly values: readonly number[]
  /** How a value reads in the table (e.g. rupees). */
  readonly format?: (value: number) => string
}

export interface ChartFigure {
  readonly id: string
  readonly title: string
  readonly kind: 'bar' | 'doughnut'
  /** The row headings of the table (the bars' or slices' labels). */
  readonly labels: readonly string[]
  readonly series: readonly ChartSeries[]
  /** A sentence that sums the chart up (shown under it). */
  readonly summary: string
}

const weekLabel = (start: string) =>
  new Date(`${start}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })

export function chartFigures(stats: LeadStats): ChartFigure[] {
  const leadsThisWeek = (stats.weeks.at(-1)?.quote ?? 0) + (stats.weeks.at(-1)?.contact ?? 0)
  const open = stats.pipeline.filter((entry) => !closedLeadStatuses.includes(entry.status))
  const openValue = open.reduce((sum, entry) => sum + entry.valueInr, 0)
  const { won, lost, winRate } = stats.month
  return [
    {
      id: 'weekly',
      title: 'Leads per week (last 12 weeks)',
      kind: 'bar',
      labels: stats.weeks.map((week) => weekLabel(week.start)),
      series: [
        { label: 'Quotes', values: stats.weeks.map((week) => week.quote) },
        { label: 'Contacts', values: stats.weeks.map((week) => week.contact) },
      ],
      summary: `${leadsThisWeek} lead${leadsThisWeek === 1 ? '' : 's'} this week.`,
    },
    {
      id: 'pipeline',
      title: 'Pipeline',
      kind: 'bar',
      labels: stats.pipeline.map((entry) => leadStatusLabels[entry.status]),
      series: [
        { label: 'Leads', values: stats.pipeline.map((entry) => entry.count) },
        {
          label: 'Estimated value',
          values: stats.pipeline.map((entry) => entry.valueInr),
          format: formatInr,
        },
      ],
      summary: `${open.reduce((sum, entry) => sum + entry.count, 0)} open leads worth ${formatInr(openValue)} (estimates).`,
    },
    {
      id: 'win-rate',
      title: 'Won and lost this month',
      kind: 'doughnut',
      labels: ['Won', 'Lost'],
      series: [{ label: 'Leads', values: [won, lost] }],
      summary:
        winRate === null
          ? 'No lead won or lost yet this month.'
          : `Win rate ${Math.round(winRate * 100)} % (${won} won ÷ ${won + lost} closed).`,
    },
    {
      id: 'segments',
      title: 'Quotes by segment',
      kind: 'doughnut',
      labels: stats.segments.map((entry) => leadSegmentLabels[entry.segment]),
      series: [{ label: 'Quotes', values: stats.segments.map((entry) => entry.count) }],
      summary: `${stats.segments.reduce((sum, entry) => sum + entry.count, 0)} quotes in all.`,
    },
  ]
}
