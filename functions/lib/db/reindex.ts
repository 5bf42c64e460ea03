import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import { closedLeadStatuses } from '@core/pipeline'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { tables } from '../stores'
import { counterPartition } from './counters'
import { entryKeys, type InboxLeadKind, leadSummary, writeEntries } from './inbox'
import { isLeadStatKey, monthOf, statKeys, weekStart } from './lead-stats'
import { inboxIndexPartitions } from './partitions'
import { queryPages } from './query-pages'

/** What a rebuild did, for the CLI to print. */
export interface ReindexReport {
  readonly leads: number
  readonly entriesWritten: number
  readonly staleEntriesDeleted: number
  readonly figures: number
}

const { partitionKey, sortKey } = tables.leads
const leadsTable = (): string => tableName('leads')

/** The workspace's figures (lead-stats.ts) of one stored lead. */
function figuresOf(kind: InboxLeadKind, item: Record<string, unknown>): [string, number, number][] {
  const summary = leadSummary(kind, item)
  const created = new Date(summary.createdAt)
  const figures: [string, number, number][] = [
    [statKeys.status(summary.status), 1, summary.estimateInr ?? 0],
    [statKeys.week(weekStart(created), summary.kind), 1, 0],
  ]
  if (summary.segment) figures.push([statKeys.segment(summary.segment), 1, 0])
  if (closedLeadStatuses.includes(summary.status)) {
    const closedAt = typeof item.statusChangedAt === 'string' ? new Date(item.statusChangedAt) : created
    figures.push([statKeys.closed(monthOf(closedAt), summary.status), 1, 0])
  }
  return figures
}

/**
 * Rebuilds the inbox from the leads themselves: writes every quote's and contact's entries (inbox.ts),
 * deletes any entry no lead has any more (a rewrite that failed halfway), and recounts the workspace's
 * figures. For `npm run admin -- reindex-leads`, after an upgrade from a version without the inbox or after
 * the `lead index not updated` alarm; not a request path (it reads every lead and entry). Leads changed
 * while it runs may be missed; run it when the site is quiet.
 */
export async function reindexLeads(): Promise<ReindexReport> {
  const wanted = new Set<string>()
  const figures = new Map<string, { count: number; valueInr: number }>()
  let leads = 0
  let entriesWritten = 0
  for (const kind of ['QUOTE', 'CONTACT'] as const) {
    const pages = queryPages({
      TableName: leadsTable(),
      KeyConditionExpression: '#pk = :kind',
      ExpressionAttributeNames: { '#pk': partitionKey },
      ExpressionAttributeValues: { ':kind': kind },
    })
    for await (const page of pages) {
      for (const item of page.Items ?? []) {
        const summary = leadSummary(kind, item)
        const keys = entryKeys(summary)
        for (const key of keys) wanted.add(`${key.pk}\n${key.sk}`)
        if (!(await writeEntries(summary)))
          throw new Error(`The entries of lead ${summary.id} were not written.`)
        entriesWritten += keys.length
        leads += 1
        for (const [key, count, valueInr] of figuresOf(kind, item)) {
          const figure = figures.get(key) ?? { count: 0, valueInr: 0 }
          figures.set(key, { count: figure.count + count, valueInr: figure.valueInr + valueInr })
        }
      }
    }
  }
  let staleEntriesDeleted = 0
  for (const pk of [...inboxIndexPartitions, 'INBOX#ID']) {
    const pages = queryPages({
      TableName: leadsTable(),
      KeyConditionExpression: '#pk = :pk',
      ProjectionExpression: '#pk, #sk',
      ExpressionAttributeNames: { '#pk': partitionKey, '#sk': sortKey },
      ExpressionAttributeValues: { ':pk': pk },
    })
    for await (const page of pages) {
      for (const item of page.Items ?? []) {
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
  const counters = queryPages({
    TableName: leadsTable(),
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': partitionKey },
    ExpressionAttributeValues: { ':pk': counterPartition },
  })
  for await (const page of counters) {
    for (const item of page.Items ?? []) {
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
  return { leads, entriesWritten, staleEntriesDeleted, figures: figures.size }
}
