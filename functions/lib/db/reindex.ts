import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import type { LeadStatus } from '@core/pipeline-rules'
import { visitedStatuses } from '@core/response-figures'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { tables } from '../store-definitions'
import { counterPartition } from './counters'
import { entryKeys, leadSummary, writeEntries } from './inbox'
import { isLeadStatKey, leadFigures } from './lead-stats'
import { inboxIndexPartitions } from './partition-access'
import { queryPartition } from './partition-io'
import { figureItem, figuresPartition } from './response-figures'
import { visitEntryItems, visitPartition, visitsOf } from './site-visits'

/** Whether a lead reached a site visit at some time: its status now, or a status change in its history. */
function everVisited(item: Record<string, unknown>): boolean {
  const history = Array.isArray(item.history) ? (item.history as { type?: unknown; to?: unknown }[]) : []
  return history.some((event) => event.type === 'status' && visitedStatuses.includes(event.to as LeadStatus))
}

/** What a rebuild did, for the CLI to print. */
export interface ReindexReport {
  readonly leads: number
  readonly entriesWritten: number
  readonly staleEntriesDeleted: number
  readonly figures: number
  /** The leads on the response clock whose response-time figure item was written (response-figures.ts). */
  readonly responseFigures: number
}

const { partitionKey, sortKey } = tables.leads
const leadsTable = (): string => tableName('leads')

/**
 * Rebuilds the inbox from the leads themselves: writes every quote's and contact's entries (inbox.ts) and
 * those of its booked site visits (site-visits.ts),
 * deletes any entry no lead has any more (a rewrite that failed halfway), and recounts the workspace's
 * figures and the response-time figures' items (a lead on the response clock: one with `clockStartedAt`).
 * For `npm run admin -- reindex-leads`, after an upgrade from a version without the inbox or after
 * the `lead index not updated` alarm; not a request path (it reads every lead and entry). Leads changed
 * while it runs may be missed; run it when the site is quiet.
 */
export async function reindexLeads(): Promise<ReindexReport> {
  const wanted = new Set<string>()
  const figures = new Map<string, { count: number; valueInr: number }>()
  let leads = 0
  let entriesWritten = 0
  let responseFigures = 0
  for (const kind of ['QUOTE', 'CONTACT'] as const) {
    for await (const items of queryPartition('leads', kind)) {
      for (const item of items) {
        const summary = leadSummary(kind, item)
        const keys = entryKeys(summary)
        for (const key of keys) wanted.add(`${key.pk}\n${key.sk}`)
        if (!(await writeEntries(summary)))
          throw new Error(`The entries of lead ${summary.id} were not written.`)
        // Its booked site visits, in the Visits view's index.
        const visitEntries = visitEntryItems(summary, visitsOf(item))
        for (const entry of visitEntries) {
          wanted.add(`${entry[partitionKey]}\n${entry[sortKey]}`)
          await dynamo().send(new PutCommand({ TableName: leadsTable(), Item: entry }))
        }
        entriesWritten += keys.length + visitEntries.length
        leads += 1
        // A closed lead was closed at its last status change (or, stored without one, when it came in).
        const closedAt = new Date(
          typeof item.statusChangedAt === 'string' ? item.statusChangedAt : summary.createdAt,
        )
        if (typeof item.clockStartedAt === 'string') {
          const figure = figureItem(summary, everVisited(item))
          await dynamo().send(new PutCommand({ TableName: leadsTable(), Item: figure }))
          wanted.add(`${figuresPartition}\n${String(figure[sortKey])}`)
          responseFigures += 1
        }
        for (const { key, valueInr } of leadFigures(summary, closedAt)) {
          const figure = figures.get(key) ?? { count: 0, valueInr: 0 }
          figures.set(key, { count: figure.count + 1, valueInr: figure.valueInr + valueInr })
        }
      }
    }
  }
  let staleEntriesDeleted = 0
  for (const pk of [...inboxIndexPartitions, 'INBOX#ID', figuresPartition, visitPartition]) {
    const keysOnly = { expression: '#pk, #sk', names: { '#sk': sortKey } }
    for await (const items of queryPartition('leads', pk, { projection: keysOnly })) {
      for (const item of items) {
        if (wanted.has(`${item[partitionKey]}\n${item[sortKey]}`)) continue
        await dynamo().send(
          new DeleteCommand({
            TableName: leadsTable(),
            Key: { [partitionKey]: pk, [sortKey]: item[sortKey] },
          }),
        )
        staleEntriesDeleted += 1
      }
    }
  }
  // Figures that no lead has any more (a status nobody is in now) read 0.
  for await (const items of queryPartition('leads', counterPartition)) {
    for (const item of items) {
      const key = String(item[sortKey])
      if (isLeadStatKey(key) && !figures.has(key)) figures.set(key, { count: 0, valueInr: 0 })
    }
  }
  for (const [key, figure] of figures) {
    await dynamo().send(
      new PutCommand({
        TableName: leadsTable(),
        Item: { [partitionKey]: counterPartition, [sortKey]: key, ...figure },
      }),
    )
  }
  return { leads, entriesWritten, staleEntriesDeleted, figures: figures.size, responseFigures }
}
