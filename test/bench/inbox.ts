/**
 * The inbox benchmark of `npm run bench`: `count` leads stored on the stand-in's dynalite in the
 * layout the API writes (each lead's own item plus its index entries, from leadSummary and entryItems, the
 * functions storeLead and reindex-leads use), written fast with BatchWriteItem; then the real GET
 * /api/admin/leads handler, called in this process against that store, for each filter and search, and the
 * dashboard's follow-ups-due count. test/integration/bench-inbox.test.ts runs it on a few hundred leads.
 */
import { DeleteTableCommand, DynamoDBClient, waitUntilTableNotExists } from '@aws-sdk/client-dynamodb'
import { BatchWriteCommand, type BatchWriteCommandOutput } from '@aws-sdk/lib-dynamodb'
import type { LeadStatus, LostReason } from '@core/pipeline'
import { quoteCategories } from '@core/quote'
import { hashPassword } from '../../functions/lib/auth/passwords'
import { dynamo } from '../../functions/lib/clients'
import { saveAdminUser } from '../../functions/lib/db/admin-users'
import { recountCounters } from '../../functions/lib/db/counters'
import { entryItems, type InboxLeadKind, leadSummary } from '../../functions/lib/db/inbox'
import { tables } from '../../functions/lib/store-definitions'
import { ensureTables } from '../../infra/local/engines'
import { apiEvent, lambdaContext } from '../support/events'
import { adminAuthorization } from '../support/tokens'

const firstNames = [
  'Ravi',
  'Anita',
  'Suresh',
  'Priya',
  'Arjun',
  'Meena',
  'Kiran',
  'Lakshmi',
  'Vikram',
  'Deepa',
]
const lastNames = ['Sharma', 'Rao', 'Reddy', 'Iyer', 'Nair', 'Gupta', 'Patel', 'Singh', 'Das', 'Menon']
/** Colleagues leads are assigned to. */
export const benchAssignees = ['sunil', 'asha', 'ramesh', 'kavya', 'imran']
const statusCycle: readonly LeadStatus[] = [
  ...Array<LeadStatus>(8).fill('new'),
  'contacted',
  'contacted',
  'contacted',
  'contacted',
  'site-visit',
  'site-visit',
  'proposal',
  'proposal',
  'won',
  'won',
  'lost',
  'lost',
]
const lostReasonCycle: readonly LostReason[] = ['price', 'competitor', 'no-response', 'financing']
/** The first lead's time; one lead every five minutes after it (100,000 leads: about a year). */
const firstLeadAt = Date.UTC(2025, 10, 1)
const leadEveryMs = 5 * 60_000

/** How many of the newest leads are recent enough to have a follow-up: about two months of leads. */
const followUpWindow = (60 * 86_400_000) / leadEveryMs

/** A number from the index, spread over its range (the same lead gets the same values on every run). */
const spread = (index: number, prime: number, range: number) => (index * prime) % range

/** The phone number, PIN code and e-mail of lead `index`: what the searches look for. */
export function benchLeadContacts(index: number) {
  return {
    phone: `98${String(spread(index, 7_919, 100_000_000)).padStart(8, '0')}`,
    pincode: String(500_001 + spread(index, 31, 900)),
    email: `lead${index}@example.com`,
  }
}

/**
 * Lead `index` of `count` as storeLead stores it (its own item, key included), with a pipeline state as staff
 * left it.
 */
export function benchLead(
  index: number,
  count: number,
): { kind: InboxLeadKind; item: Record<string, unknown> } {
  const kind: InboxLeadKind = index % 5 < 3 ? 'QUOTE' : 'CONTACT'
  const createdAt = new Date(firstLeadAt + index * leadEveryMs).toISOString()
  const id = `0190c0de-${String(index >> 16).padStart(4, '0')}-7000-8000-${String(index).padStart(12, '0')}`
  const { phone, pincode, email } = benchLeadContacts(index)
  const name = `${firstNames[index % 10]} ${lastNames[Math.floor(index / 10) % 10]} ${index}`
  const status = statusCycle[spread(index, 13, statusCycle.length)] ?? 'new'
  const fields: Record<string, unknown> =
    kind === 'QUOTE'
      ? {
          name,
          whatsapp: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`,
          pincode,
          category: quoteCategories[spread(index, 11, quoteCategories.length)],
          serverEstimate: { estimatedCostInr: 150_000 + spread(index, 977, 500_000) },
          agree: true,
        }
      : { name, email, phone, subject: 'Rooftop solar', message: 'Please call me back.' }
  const assignee = index % 3 === 0 ? benchAssignees[spread(index, 17, benchAssignees.length)] : undefined
  // Open leads someone works, of the last two months, have a follow-up between two weeks ago and a month
  // ahead (about a third due); older open leads have none left.
  const recent = count - index <= followUpWindow
  const followUpOn =
    assignee && recent && status !== 'won' && status !== 'lost'
      ? new Date(Date.now() + (spread(index, 29, 45) - 14) * 86_400_000).toISOString().slice(0, 10)
      : undefined
  const item: Record<string, unknown> = {
    ...fields,
    id,
    createdAt,
    [tables.leads.partitionKey]: kind,
    [tables.leads.sortKey]: `${createdAt}#${id}`,
    status,
    version: status === 'new' ? 0 : 1,
    ...(assignee ? { assignee } : {}),
    ...(followUpOn ? { followUpOn } : {}),
    ...(status === 'lost' ? { lostReason: lostReasonCycle[index % lostReasonCycle.length] } : {}),
    ...(index % 4 === 1 ? { latestNote: 'Called; wants a site visit on Monday after 6 pm' } : {}),
  }
  return { kind, item }
}

/** Writes `items` with BatchWriteItem, 25 a call, sending again what DynamoDB leaves unprocessed. */
export async function batchWrite(items: Record<string, unknown>[]): Promise<void> {
  const table = tables.leads.localName
  for (let start = 0; start < items.length; start += 25) {
    let requests = items.slice(start, start + 25).map((item) => ({ PutRequest: { Item: item } }))
    for (let attempt = 0; requests.length > 0; attempt += 1) {
      if (attempt > 10) throw new Error('dynalite left items unprocessed ten times')
      const reply: BatchWriteCommandOutput = await dynamo().send(
        new BatchWriteCommand({ RequestItems: { [table]: requests } }),
      )
      requests = (reply.UnprocessedItems?.[table] ?? []) as typeof requests
    }
  }
}

/** Deletes the stand-in's leads table and makes it again, empty (its definition: store-definitions.ts). */
export async function emptyLeadsTable(): Promise<void> {
  // The stand-in's endpoint and credentials are in the environment (infra/local/server.ts sets them).
  const client = new DynamoDBClient({})
  try {
    await client.send(new DeleteTableCommand({ TableName: tables.leads.localName }))
    await waitUntilTableNotExists(
      { client, maxWaitTime: 60, minDelay: 1 },
      { TableName: tables.leads.localName },
    )
    await ensureTables(client)
  } finally {
    client.destroy()
  }
}

/**
 * Stores leads `0 … count-1` (their items and index entries) and counts them, `concurrency` batches at a
 * time. Answers the seconds it took and the items written.
 */
export async function fillInbox(count: number, concurrency = 8): Promise<{ seconds: number; items: number }> {
  const started = performance.now()
  let items = 0
  let next = 0
  const chunk = 100
  const worker = async () => {
    while (next < count) {
      const from = next
      next = Math.min(count, next + chunk)
      const batch: Record<string, unknown>[] = []
      for (let index = from; index < next; index += 1) {
        const { kind, item } = benchLead(index, count)
        batch.push(item, ...entryItems(leadSummary(kind, item)))
      }
      items += batch.length
      await batchWrite(batch)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  // The inbox's total comes from the per-kind counters: recounted as `npm run admin -- recount` does.
  await recountCounters('leads')
  return { seconds: (performance.now() - started) / 1000, items }
}

type Handler = (event: unknown, context: unknown) => Promise<{ statusCode: number; body?: string }>

/** One measured request of the inbox: its name and the query of request number `n`. */
interface InboxCase {
  readonly name: string
  readonly query: (n: number) => Record<string, string>
}

/** The filters and searches of the inbox, each request of a case asking for another lead where it can. */
export function inboxCases(count: number): InboxCase[] {
  const lead = (n: number) => (n * 7_877) % count
  // Leads 5k, 5k+1, 5k+2 are quotes (a PIN code), 5k+3 and 5k+4 contacts (an e-mail).
  const quoteLead = (n: number) => lead(n) - (lead(n) % 5)
  const contactLead = (n: number) => {
    const index = lead(n)
    return index - (index % 5) + 3 < count ? index - (index % 5) + 3 : 3
  }
  const month = (n: number) => {
    const from = new Date(firstLeadAt + lead(n) * leadEveryMs)
    const to = new Date(from.getTime() + 30 * 86_400_000)
    return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) }
  }
  return [
    { name: 'every lead (newest first, with total)', query: () => ({}) },
    { name: 'kind=contact', query: () => ({ kind: 'contact' }) },
    { name: 'status=proposal', query: () => ({ status: 'proposal' }) },
    { name: 'segment=commercial', query: () => ({ segment: 'commercial' }) },
    { name: 'assignee', query: (n) => ({ assignee: benchAssignees[n % benchAssignees.length]! }) },
    { name: 'date range (30 days)', query: month },
    {
      name: 'kind=quote + status=won + date range',
      query: (n) => ({ kind: 'quote', status: 'won', ...month(n) }),
    },
    {
      name: 'assignee + status=contacted',
      query: (n) => ({ assignee: benchAssignees[n % 5]!, status: 'contacted' }),
    },
    { name: 'q=e-mail', query: (n) => ({ q: benchLeadContacts(contactLead(n)).email.toUpperCase() }) },
    {
      name: 'q=phone (another format)',
      query: (n) => {
        const phone = benchLeadContacts(lead(n)).phone
        return { q: `+91 ${phone.slice(0, 5)}-${phone.slice(5)}` }
      },
    },
    { name: 'q=PIN code', query: (n) => ({ q: benchLeadContacts(quoteLead(n)).pincode }) },
    { name: 'q=name prefix', query: (n) => ({ q: firstNames[n % firstNames.length]!.slice(0, 3) }) },
    // One lead in a hundred has both words: the name index's entries of the first are filtered by the second.
    {
      name: 'q=two name words',
      query: (n) => ({ q: `${firstNames[n % 10]} ${lastNames[Math.floor(n / 10) % 10]}` }),
    },
  ]
}

export interface InboxTiming {
  readonly name: string
  readonly requests: number
  readonly failures: number
  readonly items: number
  readonly p50Ms: number
  readonly p95Ms: number
}

/** p50 and p95 of `timings`, in ms. */
function percentiles(timings: number[]): { p50Ms: number; p95Ms: number } {
  const sorted = [...timings].sort((a, b) => a - b)
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN
  return { p50Ms: at(0.5), p95Ms: at(0.95) }
}

/**
 * Times `requests` calls of the real list handler per case (after `warmup` calls that are not counted), one
 * at a time, signed in as a real owner of the store; then the follow-ups-due count of the dashboard
 * (GET /api/admin/lead-stats), the one view of due follow-ups the API has.
 */
export async function measureInbox(count: number, requests = 100, warmup = 5): Promise<InboxTiming[]> {
  const owner = await saveAdminUser(
    'bench-owner',
    await hashPassword('a long bench password', { N: 1024, r: 8, p: 1 }),
    new Date(),
    'owner',
  )
  const headers = await adminAuthorization('bench-owner', owner.sessionVersion)
  const list = (await import('../../functions/admin/list-leads')).handler as Handler
  const stats = (await import('../../functions/admin/lead-stats')).handler as Handler
  const timed = async (name: string, call: (n: number) => Promise<{ statusCode: number; body?: string }>) => {
    const timings: number[] = []
    let failures = 0
    let items = 0
    for (let n = 0; n < warmup + requests; n += 1) {
      const started = performance.now()
      const reply = await call(n)
      const ms = performance.now() - started
      if (n < warmup) continue
      timings.push(ms)
      if (reply.statusCode !== 200) failures += 1
      else items += (JSON.parse(reply.body ?? '{}') as { items?: unknown[] }).items?.length ?? 0
    }
    return { name, requests, failures, items, ...percentiles(timings) }
  }
  const results: InboxTiming[] = []
  for (const inboxCase of inboxCases(count)) {
    results.push(
      await timed(inboxCase.name, (n) =>
        list(apiEvent('admin-list-leads', { headers, query: inboxCase.query(n) }), lambdaContext),
      ),
    )
  }
  results.push(
    await timed('follow-ups due (dashboard count, GET /api/admin/lead-stats)', () =>
      stats(apiEvent('admin-lead-stats', { headers }), lambdaContext),
    ),
  )
  return results
}
