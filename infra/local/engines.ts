/**
 * The embedded engines of the local stand-in, with their data under `dataDir`: dynalite (DynamoDB on LevelDB,
 * on a thread of its own) and s3rver (S3 on the file system), in this process. Tables and buckets are
 * created from functions/lib/store-definitions.ts, the same definitions the CDK stack uses.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import {
  CreateTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb'
import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3'
import S3rver from 's3rver'
import { buckets, type TableDefinition, tables } from '../../functions/lib/store-definitions'
import { localS3Secret } from './secrets'

export interface Engines {
  readonly dynamoEndpoint: string
  readonly s3Endpoint: string
  /**
   * Credentials both engines accept: s3rver's access key id `S3RVER` (the only one it knows; it does not
   * check V4 signatures, and listens on loopback only) with the data folder's random secret key
   * (secrets.ts `localS3Secret`), which signs every presigned URL the `/_s3` proxy checks.
   */
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string }
  readonly region: string
  close(): Promise<void>
}

/** The access key id s3rver knows (its published pair is `S3RVER`/`S3RVER`; the secret here is not). */
export const s3rverAccessKeyId = 'S3RVER'
const region = 'ap-south-1'

/**
 * How long dynalite keeps an idle connection open. Node's server default (5 s) races with the handlers' SDK
 * clients, which keep idle connections without a limit: a request sent on a connection as the engine closes
 * it fails with "socket hang up", and the one write that is not sent again (a counter's ADD, clients.ts) is
 * lost. The bench's load run lost one count in 6,000 that way (seven such errors in one run). A minute is
 * longer than the stand-in's pauses; in the cloud the counter's alarm and `recount-totals` cover the race.
 */
export const dynaliteKeepAliveMs = 60_000

/**
 * The dynalite thread's code: the server on a free loopback port (its port sent back), and on 'close' its
 * server and database (dynalite's close closes both), then a word back. A string run as CommonJS, with dynalite
 * from the path the starting module resolved: the stand-in runs from TypeScript and, in the tests, from a
 * bundle (test/integration/global-setup.ts), and neither can hand a worker a file of its own.
 */
const dynaliteThread = `
const { parentPort, workerData } = require('node:worker_threads')
const dynalite = require(workerData.dynalite)
const server = dynalite({ path: workerData.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 })
server.keepAliveTimeout = workerData.keepAliveMs
server.headersTimeout = workerData.keepAliveMs + 1000
server.once('error', (error) => parentPort.postMessage({ error: String(error) }))
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }))
parentPort.on('message', (message) => {
  if (message !== 'close') return
  server.close(() => parentPort.postMessage({ closed: true }))
  server.closeAllConnections()
})
`

/**
 * Starts dynalite on a thread of its own, with its data in `path`: the engine and the handlers that call it
 * work side by side on two cores, as a database and its clients do, and the handlers' async hooks (the
 * logger's AsyncLocalStorage) do not weigh on the engine's every read. Answers its port, a close that stops
 * it (at once if the thread has ended) and the thread (for a test that ends it). An error the engine throws
 * after its start is the worker's `error` event with no listener: this process's uncaught error, as when
 * dynalite ran on this thread.
 */
export async function startDynalite(
  path: string,
): Promise<{ port: number; close(): Promise<void>; readonly thread: Worker }> {
  const thread = new Worker(dynaliteThread, {
    eval: true,
    workerData: {
      path,
      dynalite: createRequire(import.meta.url).resolve('dynalite'),
      keepAliveMs: dynaliteKeepAliveMs,
    },
  })
  let ended = false
  thread.once('exit', () => {
    ended = true
  })
  try {
    const port = await new Promise<number>((resolve, reject) => {
      const failed = (error: Error) => reject(error)
      const exited = (code: number) =>
        reject(new Error(`dynalite's thread ended (code ${code}) before it listened`))
      thread.once('error', failed)
      thread.once('exit', exited)
      thread.once('message', (message: { port?: number; error?: string }) => {
        thread.off('error', failed)
        thread.off('exit', exited)
        if (message.port) resolve(message.port)
        else reject(new Error(`dynalite did not start: ${message.error}`))
      })
    })
    return {
      port,
      thread,
      async close() {
        // A thread that has ended (its engine threw) has nothing to close and sends no word back.
        if (!ended) {
          await new Promise<void>((resolve) => {
            thread.once('message', () => resolve())
            thread.once('exit', () => resolve())
            thread.postMessage('close')
          })
        }
        await thread.terminate()
      },
    }
  } catch (error) {
    // A server that could not listen leaves its thread running: stop it, or this process would not exit.
    await thread.terminate()
    throw error
  }
}

/** Creates the tables of functions/lib/store-definitions.ts that do not exist yet, with their TTL attribute. */
export async function ensureTables(client: DynamoDBClient): Promise<void> {
  const existing = new Set((await client.send(new ListTablesCommand({}))).TableNames ?? [])
  const definitions: TableDefinition[] = Object.values(tables)
  for (const table of definitions) {
    if (existing.has(table.localName)) continue
    await client.send(
      new CreateTableCommand({
        TableName: table.localName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: table.partitionKey, AttributeType: 'S' },
          { AttributeName: table.sortKey, AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: table.partitionKey, KeyType: 'HASH' },
          { AttributeName: table.sortKey, KeyType: 'RANGE' },
        ],
      }),
    )
    if (table.timeToLiveAttribute) {
      try {
        await client.send(
          new UpdateTimeToLiveCommand({
            TableName: table.localName,
            TimeToLiveSpecification: { AttributeName: table.timeToLiveAttribute, Enabled: true },
          }),
        )
      } catch {
        // dynalite does not implement TTL; the code checks expiry itself, so nothing depends on it.
      }
    }
  }
}

/** Creates the buckets of functions/lib/store-definitions.ts that do not exist yet. */
export async function ensureBuckets(client: S3Client): Promise<void> {
  for (const bucket of Object.values(buckets)) {
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket.localName }))
    } catch {
      await client.send(new CreateBucketCommand({ Bucket: bucket.localName }))
    }
  }
}

/** Thrown when another process (another `npm start`, the admin CLI) holds the data folder. */
export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`The data folder ${dataDir} is in use by process ${pid}. Stop it first, or set DATA_DIR.`)
    this.name = 'DataDirInUseError'
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes the data folder for this process (LevelDB allows one opener, and dynalite reports a second one
 * only by crashing later). A lock left by a process that no longer runs is taken over.
 */
async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockFile = join(dataDir, '.lock')
  const holder = Number.parseInt(await readFile(lockFile, 'utf8').catch(() => ''), 10)
  if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
    throw new DataDirInUseError(dataDir, holder)
  }
  await writeFile(lockFile, String(process.pid))
  return () => rm(lockFile, { force: true })
}

/** Starts dynalite and s3rver on free loopback ports with their data under `dataDir`. */
export async function startEngines(dataDir: string): Promise<Engines> {
  // The lock file pins an SDK that supports Node 20; its notice about later releases is noise locally.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
  const dynamoDir = join(dataDir, 'dynamodb')
  const s3Dir = join(dataDir, 's3')
  await mkdir(dynamoDir, { recursive: true })
  await mkdir(s3Dir, { recursive: true })
  const unlock = await lockDataDir(dataDir)
  const credentials = { accessKeyId: s3rverAccessKeyId, secretAccessKey: await localS3Secret(dataDir) }

  const dynamo = await startDynalite(dynamoDir)
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory: s3Dir, silent: true })
  const s3Address = await s3rver.run()
  const dynamoEndpoint = `http://127.0.0.1:${dynamo.port}`
  const s3Endpoint = `http://127.0.0.1:${s3Address.port}`

  const dynamoClient = new DynamoDBClient({ endpoint: dynamoEndpoint, region, credentials })
  const s3Client = new S3Client({
    endpoint: s3Endpoint,
    region,
    credentials,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  })
  await ensureTables(dynamoClient)
  await ensureBuckets(s3Client)
  dynamoClient.destroy()
  s3Client.destroy()

  return {
    dynamoEndpoint,
    s3Endpoint,
    credentials,
    region,
    async close() {
      // Clients keep connections alive; close them so shutdown does not wait for their idle timeout.
      const closingS3 = s3rver.close()
      s3rver.httpServer?.closeAllConnections()
      await closingS3
      await dynamo.close()
      await unlock()
    },
  }
}
