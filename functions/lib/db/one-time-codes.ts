import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../clients'
import { type RateLimit, tableName } from '../config'
import { currentDerivedKey, derivedKeyFor } from '../privacy/keys'
import { consentKeys } from '../secrets'
import { tables } from '../store-definitions'
import { consentSubject } from './consent-ledger'
import type { Partition } from './partition-access'
import { deleteIf, updateIf } from './partition-io'
import { consumeWindow, rateLimitPartition } from './rate-limits'

/**
 * One-time codes that prove a visitor holds a contact (an e-mail address) before they see or change their
 * choices or ask about their data. One code per use and person at a time, in the CODE partition of the
 * content table, keyed `<use>#<ledger subject>` (the HMAC of the contact, consent-ledger.ts), holding only
 * the code's HMAC: six digits, working 10 minutes, at most 5 tries, used once (deleted on success, with a
 * condition on its hash, so two parallel tries cannot both succeed). Asking is limited per person and per
 * client network each hour.
 */
export const codePartition = 'CODE' satisfies Partition<'content'>

/** What a code proves the contact for. */
export type CodeUse = 'choices' | 'request'

export const codeMinutes = 10
export const maxCodeTries = 5
/** How many codes one person, and one client network, may ask for in an hour. */
export const codeLimits = {
  person: { max: 3, windowSeconds: 60 * 60 },
  network: { max: 10, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimit>

const { partitionKey, sortKey } = tables.content
const ttlAttribute = tables.content.timeToLiveAttribute

export type IssuedCode =
  | { readonly code: string; readonly expiresAt: string }
  | { readonly refused: 'too-many'; readonly retryAfterSeconds: number }

export type CodeCheck = 'accepted' | 'wrong' | 'expired' | 'used' | 'too-many-tries'

/** What a person reads for each refused code. */
export const codeCheckMessages: Readonly<Record<Exclude<CodeCheck, 'accepted'>, string>> = {
  wrong: 'That code is not right. Check the e-mail and try again.',
  expired: 'That code has expired. Ask for a new one.',
  used: 'That code has been used already, or none was sent. Ask for a new one.',
  'too-many-tries': 'Too many wrong codes. Ask for a new one.',
}

async function codeKey(use: CodeUse, contact: string): Promise<Record<string, string>> {
  const { current } = await consentKeys()
  return { [partitionKey]: codePartition, [sortKey]: `${use}#${consentSubject(contact, current.value)}` }
}

function codeHash(key: Uint8Array, sk: string, code: string): string {
  return createHmac('sha256', key).update(`${sk}#${code}`).digest('base64url')
}

/**
 * Counts one ask for a code against the person's and the network's limits (codeLimits): the refusal when
 * either is used up, else nothing. issueOneTimeCode counts through it; an ask that gets no code (a mobile
 * number, confirmed by calling back) counts the same, so the staff cannot be flooded with call-backs.
 */
export async function countCodeAsk(
  use: CodeUse,
  contact: string,
  network: string,
  now = new Date(),
): Promise<{ readonly refused: 'too-many'; readonly retryAfterSeconds: number } | undefined> {
  const key = await codeKey(use, contact)
  for (const [scope, limit] of [
    [`code#person#${key[sortKey]}`, codeLimits.person],
    [`code#net#${network}`, codeLimits.network],
  ] as const) {
    const decision = await consumeWindow({ [partitionKey]: rateLimitPartition, [sortKey]: scope }, limit, now)
    if (!decision.allowed) return { refused: 'too-many', retryAfterSeconds: decision.retryAfterSeconds }
  }
  return undefined
}

/**
 * Makes a new code for `contact` (normalised, e.g. `email:asha@example.in`), replacing any earlier one, unless
 * the person or the network has asked too often this hour.
 */
export async function issueOneTimeCode(
  use: CodeUse,
  contact: string,
  network: string,
  now = new Date(),
): Promise<IssuedCode> {
  const key = await codeKey(use, contact)
  const counted = await countCodeAsk(use, contact, network, now)
  if (counted) return counted
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const derived = await currentDerivedKey('one-time-code')
  const expiresAt = now.getTime() + codeMinutes * 60 * 1000
  await dynamo().send(
    new PutCommand({
      TableName: tableName('content'),
      Item: {
        ...key,
        codeHash: codeHash(derived.bytes, key[sortKey] as string, code),
        kid: derived.kid,
        tries: 0,
        validUntil: expiresAt,
        [ttlAttribute]: Math.ceil(expiresAt / 1000),
      },
    }),
  )
  return { code, expiresAt: new Date(expiresAt).toISOString() }
}

/** Checks a code for `contact`: accepted once, then never again. */
export async function redeemOneTimeCode(
  use: CodeUse,
  contact: string,
  code: unknown,
  now = new Date(),
): Promise<CodeCheck> {
  const key = await codeKey(use, contact)
  const stored = (
    await dynamo().send(new GetCommand({ TableName: tableName('content'), Key: key, ConsistentRead: true }))
  ).Item
  if (!stored || typeof stored.codeHash !== 'string') return 'used'
  if (Number(stored.validUntil) <= now.getTime()) return 'expired'
  if (Number(stored.tries) >= maxCodeTries) return 'too-many-tries'
  const derived = await derivedKeyFor('one-time-code', stored.kid)
  const typed = typeof code === 'string' ? code.replace(/\s+/g, '') : ''
  const given = derived && /^\d{6}$/.test(typed) ? codeHash(derived.bytes, key[sortKey] as string, typed) : ''
  const matches =
    given.length === stored.codeHash.length &&
    timingSafeEqual(Buffer.from(given), Buffer.from(stored.codeHash))
  const sameCode = {
    ConditionExpression: 'codeHash = :hash',
    ExpressionAttributeValues: { ':hash': stored.codeHash },
  }
  if (!matches) {
    const counted = await updateIf({
      TableName: tableName('content'),
      Key: key,
      UpdateExpression: 'ADD tries :one',
      ...sameCode,
      ExpressionAttributeValues: { ...sameCode.ExpressionAttributeValues, ':one': 1 },
    })
    return counted ? 'wrong' : 'used'
  }
  const removed = await deleteIf({ TableName: tableName('content'), Key: key, ...sameCode })
  return removed ? 'accepted' : 'used'
}
