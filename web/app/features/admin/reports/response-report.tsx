import type { ResponseFiguresReply, ResponseSummaryReply } from '@core/response-figures'
import type { ReactNode } from 'react'
import { ChartCanvas } from '~/features/admin/shared/charts/chart-canvas'
import type { ChartFigure } from '~/features/admin/shared/charts/chart-data'
import { useAdminLoad } from '~/features/admin/shared/use-admin-load'
import { bandLabel, formatMinutes, formatPart, formatShare, responseCopy } from './response-copy'
import { fetchResponseFigures } from './response-figures-api'
import { ResponseTiles } from './response-tiles'

const { columns } = responseCopy

const weekLabel = (start: string) =>
  new Date(`${start}T00:00:00Z`).toLocaleDateString('en-IN', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })

/** The weekly chart: the median and the 90th percentile per week (a week without an answered lead reads 0). */
export function weeklyFigure(figures: ResponseFiguresReply): ChartFigure {
  const latest = figures.byWeek.at(-1)
  return {
    id: 'response-weekly',
    title: responseCopy.weeklyChart,
    kind: 'bar',
    labels: figures.byWeek.map((week) => weekLabel(week.weekStart)),
    series: [
      { label: columns.median, values: figures.byWeek.map((week) => week.medianMinutes ?? 0) },
      { label: columns.p90, values: figures.byWeek.map((week) => week.p90Minutes ?? 0) },
    ],
    summary: `This week: median ${formatMinutes(latest?.medianMinutes ?? null)}, 90th percentile ${formatMinutes(latest?.p90Minutes ?? null)}.`,
  }
}

function Table({
  caption,
  head,
  children,
}: {
  readonly caption: string
  readonly head: readonly string[]
  readonly children: ReactNode
}) {
  return (
    // Narrow screens scroll the table sideways, never the page; the keyboard scrolls it too (it takes focus).
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
      tabIndex={0}
      aria-label={caption}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-muted">
          <tr>
            {head.map((label, index) => (
              <th key={label} scope="col" className={index === 0 ? 'px-3 py-2' : 'px-3 py-2 text-right'}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </section>
  )
}

/** One row of a summary: its heading, then leads, answered, median, p90, the two shares, untouched. */
function SummaryRow({
  heading,
  summary,
}: {
  readonly heading: string
  readonly summary: ResponseSummaryReply
}) {
  const cells = [
    summary.leads.toLocaleString('en-IN'),
    summary.answered.toLocaleString('en-IN'),
    formatMinutes(summary.medianMinutes),
    formatMinutes(summary.p90Minutes),
    formatShare(summary.within5Share, summary.leads),
    formatShare(summary.within15Share, summary.leads),
    summary.untouched.toLocaleString('en-IN'),
  ]
  return (
    <tr>
      <th scope="row" className="px-3 py-2 font-medium text-ink">
        {heading}
      </th>
      {cells.map((cell, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
        <td key={index} className="px-3 py-2 text-right tabular-nums">
          {cell}
        </td>
      ))}
    </tr>
  )
}

const summaryColumns = [
  columns.leads,
  columns.answered,
  columns.median,
  columns.p90,
  columns.within5,
  columns.within15,
  columns.untouched,
]

function Part({
  id,
  title,
  note,
  children,
}: {
  id: string
  title: string
  note?: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-lg font-bold tracking-tight text-ink sm:text-xl">
        {title}
      </h2>
      {note ? <p className="text-sm text-muted">{note}</p> : null}
      {children}
    </section>
  )
}

/** The report's parts for figures already loaded (the page, and its DOM test). */
export function ResponseReportBody({
  figures,
  ownLine,
}: {
  readonly figures: ResponseFiguresReply
  /** A sales user's view: their own line only. */
  readonly ownLine: boolean
}) {
  const figure = weeklyFigure(figures)
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted">{responseCopy.businessMinutes}</p>
        <ResponseTiles figures={figures} />
      </div>

      <Part id="response-weekly" title={responseCopy.weekly}>
        <figure className="flex min-w-0 flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4">
          <ChartCanvas figure={figure} />
          <figcaption className="text-sm text-muted">{figure.summary}</figcaption>
        </figure>
        <Table caption={responseCopy.weekly} head={[columns.week, ...summaryColumns]}>
          {[...figures.byWeek].reverse().map((week) => (
            <SummaryRow key={week.weekStart} heading={weekLabel(week.weekStart)} summary={week} />
          ))}
        </Table>
      </Part>

      <Part
        id="response-people"
        title={responseCopy.people}
        note={ownLine ? responseCopy.ownLine : responseCopy.peopleNote}
      >
        <Table caption={responseCopy.people} head={[columns.person, ...summaryColumns]}>
          {figures.byPerson.map((line) => (
            <SummaryRow key={line.username} heading={line.username} summary={line} />
          ))}
          <SummaryRow heading="Team" summary={figures.overall} />
        </Table>
      </Part>

      <Part id="response-conversion" title={responseCopy.conversion} note={responseCopy.conversionNote}>
        <Table
          caption={responseCopy.conversion}
          head={[columns.band, columns.leads, columns.visits, columns.won]}
        >
          {figures.conversion.map((band) => (
            <tr key={band.band}>
              <th scope="row" className="px-3 py-2 font-medium text-ink">
                {bandLabel(band.band)}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{band.leads.toLocaleString('en-IN')}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatPart(band.visits, band.leads)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatPart(band.won, band.leads)}</td>
            </tr>
          ))}
        </Table>
      </Part>
    </div>
  )
}

/** The response-time report (owners and sales): GET /api/admin/response-figures, the last 12 weeks. */
export function ResponseReport({ ownLine }: { readonly ownLine: boolean }) {
  const { status, value: figures } = useAdminLoad(fetchResponseFigures)
  if (status === 'failed') return <p className="text-sm text-muted">{responseCopy.failed}</p>
  if (!figures) return <p className="text-sm text-muted">{responseCopy.loading}</p>
  return <ResponseReportBody figures={figures} ownLine={ownLine} />
}
