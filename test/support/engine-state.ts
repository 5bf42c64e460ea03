import { ListObjectsV2Command } from '@aws-sdk/client-s3'
import { ScanCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../../functions/lib/clients'
import { buckets, tables } from '../../functions/lib/store-definitions'
import { engineS3 } from './engine-s3'

/**
 * What the engines (dynalite, s3rver) hold, for tests that must prove a request wrote nothing: every item of
 * every table of functions/lib/store-definitions.ts (sorted, as JSON) and every object key of every bucket. Test-only: the Scan
 * reads whole tables, which no request path may do.
 */
export interface EngineState {
  /** Items per table name. */
  readonly items: Readonly<Record<string, readonly string[]>>
  /** Object keys per bucket name. */
  readonly objects: Readonly<Record<string, readonly string[]>>
}

async function scanAll(tableName: string): Promise<string[]> {
  const items: string[] = []
  let startKey: Record<string, unknown> | undefined
  do {
    const reply = await dynamo().send(
      new ScanCommand({ TableName: tableName, ConsistentRead: true, ExclusiveStartKey: startKey }),
    )
    for (const item of reply.Items ?? []) items.push(JSON.stringify(item, Object.keys(item).sort()))
    startKey = reply.LastEvaluatedKey
  } while (startKey)
  return items.sort()
}

/** Every object key of a bucket (paged). */
export async function listObjectKeys(bucket: string): Promise<string[]> {
  const keys: string[] = []
  let token: string | undefined
  do {
    const reply = await engineS3().send(
      new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
    )
    for (const object of reply.Contents ?? []) if (object.Key) keys.push(object.Key)
    token = reply.IsTruncated ? reply.NextContinuationToken : undefined
  } while (token)
  return keys.sort()
}

/** The state of the engines the functions' clients point at (configure the environment first). */
export async function engineState(): Promise<EngineState> {
  const items: Record<string, string[]> = {}
  for (const table of Object.values(tables)) items[table.localName] = await scanAll(table.localName)
  const objects: Record<string, string[]> = {}
  for (const bucket of Object.values(buckets))
    objects[bucket.localName] = await listObjectKeys(bucket.localName)
  return { items, objects }
}

/** Item and object counts of a state, e.g. `{ leads: 4, content: 3, 's3:resources': 1 }`. */
export function stateCounts(state: EngineState): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const [table, items] of Object.entries(state.items)) counts[table] = items.length
  for (const [bucket, keys] of Object.entries(state.objects)) counts[`s3:${bucket}`] = keys.length
  return counts
}
