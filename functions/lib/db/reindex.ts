import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { tables } from '../store-definitions'
import { counterPartition } from './counters'
import { entryKeys, leadSummary, writeEntries } from './inbox'
import { isLeadStatKey, leadFigures } from './lead-stats'
import { inboxIndexPartitions } from './partition-access'
import { queryPartition } from './partition-io'

/** What a rebuild did, for the CLI to print. */
export interface ReindexReport {
  readonly leads: number
  readonly entriesWritten: number
  readonly staleEntriesDeleted: number
  readonly figures: number
}

const { partitionKey, sortKey } = tables.leads
const leadsTable = (): string => tableName('leads')

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
    for await (const items of queryPartition('leads', kind)) {
      for (const item of items) {
        const summary = leadSummary(kind, item)
        const keys = entryKeys(summary)
        for (const key of keys) wanted.add(`${key.pk}\n${key.sk}`)
        if (!(await writeEntries(summary)))
          throw new Error(`The entries of lead ${summary.id} were not written.`)
        entriesWritten += keys.length
        leads += 1
        // A closed lead was closed at its last status change (or, stored without one, when it came in).
        const closedAt = new Date(
          typeof item.statusChangedAt === 'string' ? item.statusChangedAt : summary.createdAt,
        )
        for (const { key, valueInr } of leadFigures(summary, closedAt)) {
          const figure = figures.get(key) ?? { count: 0, valueInr: 0 }
          figures.set(key, { count: figure.count + 1, valueInr: figure.valueInr + valueInr })
        }
      }
    }
  }
  let staleEntriesDeleted = 0
  for (const pk of [...inboxIndexPartitions, 'INBOX#ID']) {
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
  return { leads, entriesWritten, staleEntriesDeleted, figures: figures.size }
}
