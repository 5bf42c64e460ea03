import { randomUUID } from 'node:crypto'
import { PutCommand } from '@aws-sdk/lib-dynamodb'
import type { Page } from '@core/api-types'
import { type AuditEntry, auditEntryOf, auditRetentionDays, auditTextLimit } from '@core/audit'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { logger } from '../logging'
import { tables } from '../store-definitions'
import { listNewestFirst } from './partition-io'

/**
 * The audit trail: one partition of the content table, sk = `<ISO time>#<random id>`, read newest first
 * (a Query with ScanIndexForward false). Each entry expires through the table's TTL after 400 days.
 */
export const auditPartition = 'AUDIT'

/** The largest page GET /api/admin/activity may ask for. */
export const maxAuditPageSize = 100

const { partitionKey, sortKey } = tables.content
const ttlAttribute = tables.content.timeToLiveAttribute
/** Read on first use: a route that imports this module without using it needs no such table. */
const contentTable = (): string => tableName('content')

/** What a caller records: the entry without its time, which the server sets. */
export type AuditRecord = Omit<AuditEntry, 'at'>

/**
 * Text as stored: control and format characters (line breaks, bidi overrides, zero-width) removed, lone
 * surrogates replaced, cut to the limit; so a username typed at the sign-in cannot forge lines or reorder
 * what the dashboard and the CLI show.
 */
export function auditText(value: string): string {
  return value
    .replace(/\p{Cs}/gu, '\uFFFD')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, auditTextLimit)
}

/**
 * Records one entry of the audit trail, with server time and a 400-day expiry. Never fails the request it
 * records: a failed write is logged (the action and the error's name, nothing personal) and swallowed, so
 * the caller awaits it and carries on.
 */
export async function recordAudit(record: AuditRecord, now = new Date()): Promise<void> {
  const at = now.toISOString()
  const optional = (name: 'target' | 'detail' | 'network' | 'role') => {
    const value = record[name]
    return value === undefined || value === '' ? {} : { [name]: auditText(value) }
  }
  try {
    await dynamo().send(
      new PutCommand({
        TableName: contentTable(),
        Item: {
          [partitionKey]: auditPartition,
          [sortKey]: `${at}#${randomUUID()}`,
          at,
          actor: auditText(record.actor) || 'unknown',
          action: record.action,
          ...optional('target'),
          ...optional('detail'),
          ...optional('network'),
          ...optional('role'),
          [ttlAttribute]: Math.ceil(now.getTime() / 1000) + auditRetentionDays * 24 * 60 * 60,
        },
      }),
    )
  } catch (error) {
    logger.error('audit entry not recorded', {
      action: record.action,
      error: error instanceof Error ? error.name : 'unknown',
    })
  }
}

/** Entries recorded recently by this function instance, by key: when each may be recorded again (ms). */
const recentlyRecorded = new Map<string, number>()
/** The most keys remembered; past it the memory starts afresh (at worst an entry is recorded twice). */
const maxRemembered = 1000

/**
 * Records an entry unless this function instance recorded one under `key` in the last `seconds`: for what a
 * client can repeat at will (attempts refused while locked out), so that a flood of them is a handful of
 * entries, not one write each.
 */
export async function recordAuditOnce(
  key: string,
  seconds: number,
  record: AuditRecord,
  now = new Date(),
): Promise<void> {
  const memoryKey = `${record.action}\n${key}`
  if ((recentlyRecorded.get(memoryKey) ?? 0) > now.getTime()) return
  if (recentlyRecorded.size >= maxRemembered) recentlyRecorded.clear()
  recentlyRecorded.set(memoryKey, now.getTime() + seconds * 1000)
  await recordAudit(record, now)
}

/** The entries of the audit trail, newest first, `limit` at a time, continuing from `cursor` (400 if bad). */
export async function listAudit(options: {
  limit: number
  cursor?: string | undefined
}): Promise<Page<AuditEntry>> {
  const page = await listNewestFirst('content', auditPartition, options, maxAuditPageSize)
  const items = page.items.map(auditEntryOf).filter((entry) => entry !== undefined)
  return page.nextCursor ? { items, nextCursor: page.nextCursor } : { items }
}
