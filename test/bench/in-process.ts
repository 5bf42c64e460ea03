/**
 * One in-process measurement for `npm run bench`, run in a fresh Node process so that its timings and peak
 * memory are its own (test/bench/run.ts starts it with tsx and reads the JSON after the marker):
 *
 *   tsx test/bench/in-process.ts export <quotes|contacts|all|view-csv|view-xlsx> <rows>   a real export
 *     handler, DynamoDB mocked (view-*: the export of the inbox's view, every lead, from INBOX entries)
 *   tsx test/bench/in-process.ts handler <create-quote|list-resources> <count>   handler latency, AWS mocked
 *
 * The DynamoDB client is mocked, and S3 is a loopback server that drops what it is sent, so this measures our
 * own code: the middleware chain, validation, the repositories, CSV and XLSX writing, and the signed S3 calls
 * that store a large export.
 */
import '../support/env'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { leadConsent } from '../../functions/core/lead-protection'
import { quoteConsent } from '../../functions/core/quote'
import { routeById } from '../../functions/routes'
import { apiEvent, lambdaContext } from '../support/events'
import { validQuote } from '../support/leads'
import { s3CommandOf } from '../support/s3-requests'
import { adminAuthorization } from '../support/tokens'
import { exportBenchRoute, resultMarker } from './marker'

/** The page size a 1 MB DynamoDB page of such items holds, roughly. */
const pageSize = 2000

/** A quote as POST /api/quotes stores it (functions/quotes/create-quote.ts): the form, the server's estimate, the consent. */
function quote(index: number) {
  const createdAt = new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString()
  const priceInr = 180000 + index
  return {
    pk: 'QUOTE',
    sk: `${createdAt}#q${index}`,
    id: `q${index}`,
    createdAt,
    category: 'residential',
    gstMode: 'current',
    capacityKw: 3 + (index % 7),
    billRange: '1500-2500',
    estimatedCost: `₹${priceInr}`,
    name: `Customer ${index}`,
    whatsapp: `98765${String(index).padStart(5, '0')}`,
    pincode: '500081',
    bill: '2200',
    agree: true,
    serverEstimate: {
      displayedPriceInr: priceInr + 5000,
      estimatedCostInr: priceInr,
      estimatedCost: `₹${priceInr}`,
    },
    consent: { text: quoteConsent.text, version: quoteConsent.version, givenAt: createdAt },
  }
}

/** A contact message as POST /api/contacts stores it, with its consent. */
function contact(index: number) {
  const createdAt = new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString()
  return {
    pk: 'CONTACT',
    sk: `${createdAt}#c${index}`,
    id: `c${index}`,
    createdAt,
    name: `Person ${index}`,
    email: `p${index}@example.com`,
    phone: '98765 43210',
    subject: 'Rooftop solar for our society',
    message: 'We are 120 flats in Gachibowli, looking for a site visit next week. Please call after 6 pm.',
    consent: { text: leadConsent.contact.text, version: leadConsent.contact.version, givenAt: createdAt },
  }
}

const statuses = ['new', 'contacted', 'site-visit', 'proposal', 'won', 'lost'] as const

/** A lead's entry in the INBOX partition (its summary, as functions/lib/db/inbox.ts writes it). */
function inboxEntry(index: number) {
  const createdAt = new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString()
  const quote = index % 2 === 0
  const status = statuses[index % statuses.length] ?? 'new'
  return {
    pk: 'INBOX',
    sk: `${createdAt}#l${index}`,
    id: `0190c0de-0000-7000-8000-${String(index).padStart(12, '0')}`,
    kind: quote ? 'quote' : 'contact',
    createdAt,
    name: `Customer ${index}`,
    ...(quote
      ? { segment: 'residential', pincode: '500081', estimateInr: 180000 + index }
      : { email: `p${index}@example.com` }),
    phone: `98765${String(index).padStart(5, '0')}`,
    status,
    version: index % 4,
    ...(index % 3 === 0 ? { assignee: 'sunil', followUpOn: '2026-02-01' } : {}),
    ...(status === 'lost' ? { lostReason: 'price', lostNote: 'Went with a cheaper installer' } : {}),
    ...(index % 2 === 1 ? { latestNote: 'Called, wants a site visit on Monday after 6 pm' } : {}),
  }
}

/** One generated page of a Query of a lead kind, made on demand (nothing holds the rows). */
function generatedPage(
  input: {
    ExpressionAttributeValues?: Record<string, unknown>
    ExclusiveStartKey?: Record<string, unknown>
    Limit?: number
  },
  rows: number,
) {
  const kind = Object.values(input.ExpressionAttributeValues ?? {}).find((value) => typeof value === 'string')
  const make =
    kind === 'QUOTE' ? quote : kind === 'CONTACT' ? contact : kind === 'INBOX' ? inboxEntry : undefined
  if (!make) return { Items: [] }
  const after = input.ExclusiveStartKey?.sk
  const start = typeof after === 'string' ? Number(after.split('#')[1]?.slice(1)) + 1 : 0
  const end = Math.min(rows, start + Math.min(pageSize, input.Limit ?? pageSize))
  const items = Array.from({ length: end - start }, (_, offset) => make(start + offset))
  const last = items.at(-1)
  return end < rows && last
    ? { Items: items, LastEvaluatedKey: { pk: last.pk, sk: last.sk } }
    : { Items: items }
}

/**
 * S3 on loopback HTTP (AWS_ENDPOINT_URL_S3), for the export's signed calls (functions/lib/bucket-request.ts):
 * takes the file (one PUT, or a multipart upload in 5 MiB parts) and drops it as it arrives. Answers the
 * function that stops it.
 */
async function startS3Sink(): Promise<() => void> {
  const xml = (body: string) => ({ status: 200, headers: { 'content-type': 'application/xml' }, body })
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://sink')
      const query = Object.fromEntries(url.searchParams)
      const command = s3CommandOf(request.method ?? '', query, url.pathname)
      const answer =
        command === 'CreateMultipartUpload'
          ? xml('<InitiateMultipartUploadResult><UploadId>bench</UploadId></InitiateMultipartUploadResult>')
          : command === 'CompleteMultipartUpload'
            ? xml('<CompleteMultipartUploadResult><ETag>"bench"</ETag></CompleteMultipartUploadResult>')
            : command === 'PutObject' || command === 'UploadPart'
              ? { status: 200, headers: { etag: `"${query.partNumber ?? 'put'}"` }, body: '' }
              : xml(
                  `<Error><Code>NotImplemented</Code><Message>unexpected S3 call ${command}</Message></Error>`,
                )
      response.writeHead(answer.body.startsWith('<Error>') ? 501 : answer.status, answer.headers)
      response.end(answer.body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  process.env.AWS_ENDPOINT_URL_S3 = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return () => {
    server.closeAllConnections()
    server.close()
  }
}

/**
 * The DynamoDB calls of an export, answered without keeping anything: Queries get generated pages.
 * aws-sdk-client-mock is not used here because its call history keeps every page, which would count as the
 * export's memory. Returns the number of Queries answered.
 */
function fakeExportCalls(rows: number): () => number {
  let queries = 0
  DynamoDBDocumentClient.prototype.send = async function send(command: { input: unknown }) {
    if (!(command instanceof QueryCommand))
      throw new Error(`unexpected DynamoDB call ${command.constructor.name}`)
    queries += 1
    return generatedPage(command.input as Parameters<typeof generatedPage>[0], rows)
  } as never
  return () => queries
}

/** The export handler the bench measures, and its event (see exportBenchRoute). */
async function exportRequest(what: string, headers: Record<string, string>) {
  const routeId = exportBenchRoute(what)
  // The function's own V8 flags (NODE_OPTIONS in the stack): run.ts starts this process with them.
  const missing = (routeById(routeId).v8Flags ?? []).filter((flag) => !process.execArgv.includes(flag))
  if (missing.length > 0) throw new Error(`run the ${routeId} export with its V8 flags: ${missing.join(' ')}`)
  if (routeId === 'admin-export-all') {
    return {
      event: apiEvent(routeId, { headers }),
      handler: (await import('../../functions/admin/export-all')).handler,
    }
  }
  if (routeId === 'admin-export-leads') {
    return {
      event: apiEvent(routeId, { headers, pathParameters: { format: what.slice(5) } }),
      handler: (await import('../../functions/admin/export-leads')).handler,
    }
  }
  return {
    event: apiEvent(routeId, { headers, pathParameters: { kind: what } }),
    handler: (await import('../../functions/admin/export-kind')).handler,
  }
}

async function measureExport(what: string, rows: number) {
  // The workbook holds both kinds of leads: `rows` in all.
  const queries = fakeExportCalls(what === 'all' ? Math.ceil(rows / 2) : rows)
  const stopS3 = await startS3Sink()
  const { event, handler } = await exportRequest(what, await adminAuthorization())
  global.gc?.()
  const before = process.memoryUsage.rss()
  // The peak while the export runs, sampled: the process's own maxRSS also holds its start (tsx compiling the
  // sources, the SDK loading), which read as a growth of 140 MB for 10,000 rows as for 300,000.
  let peakRss = before
  const sample = () => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss())
  }
  const sampler = setInterval(sample, 5)
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  const reply = (await handler(event as never, lambdaContext)) as { statusCode: number; body?: string }
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  clearInterval(sampler)
  sample()
  stopS3()
  return {
    status: reply.statusCode,
    seconds,
    // Every thread of the process (zlib compresses on libuv's pool): what a one-vCPU Lambda would spend.
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    peakRssMb: peakRss / 2 ** 20,
    growthMb: (peakRss - before) / 2 ** 20,
    replyBytes: reply.body?.length ?? 0,
    queries: queries(),
  }
}

async function measureHandler(routeId: string, count: number) {
  const dynamo = mockClient(DynamoDBDocumentClient)
  dynamo.on(PutCommand).resolves({})
  dynamo.on(UpdateCommand).resolves({ Attributes: { total: 1, count: 1 } })
  dynamo.on(QueryCommand).resolves({ Items: Array.from({ length: 8 }, (_, index) => contact(index)) })
  const event = () =>
    routeId === 'create-quote' ? apiEvent('create-quote', { body: validQuote }) : apiEvent('list-resources')
  const { handler } =
    routeId === 'create-quote'
      ? await import('../../functions/quotes/create-quote')
      : await import('../../functions/resources/list-resources')
  const timings: number[] = []
  let failures = 0
  for (let index = 0; index < count; index += 1) {
    const started = performance.now()
    const reply = (await handler(event() as never, lambdaContext)) as { statusCode: number }
    timings.push(performance.now() - started)
    if (reply.statusCode >= 300) {
      failures += 1
      if (failures === 1) console.error(JSON.stringify(reply).slice(0, 400))
    }
  }
  // The first calls warm the JIT and the module caches; the figures are of the steady state.
  const steady = timings.slice(Math.min(50, Math.floor(count / 10))).sort((a, b) => a - b)
  const at = (q: number) => steady[Math.min(steady.length - 1, Math.floor(q * steady.length))] ?? Number.NaN
  return { count, failures, p50Ms: at(0.5), p99Ms: at(0.99) }
}

const [mode, what = '', amount = '0'] = process.argv.slice(2)
console.info = () => undefined
const result =
  mode === 'export'
    ? await measureExport(what, Number(amount))
    : mode === 'handler'
      ? await measureHandler(what, Number(amount))
      : undefined
if (!result) {
  console.error('usage: in-process.ts export <kind|all> <rows> | handler <route id> <count>')
  process.exit(2)
}
console.log(`${resultMarker}${JSON.stringify(result)}`)
