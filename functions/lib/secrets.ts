import { createECDH, createHash, randomBytes } from 'node:crypto'
import { awsRequest } from './aws-request'
import { requireEnv } from './config'
import { logger } from './logging'
import { functionEnv } from './store-definitions'

/**
 * The secrets of the API, loaded and cached in one place:
 * - the token-signing key (HS256), which the admin routes sign and verify tokens with;
 * - the origin secret, the value CloudFront sends in `x-origin-verify` to prove a request came through it;
 * - the VAPID secret, from which the Web Push key pair is derived ({@link vapidKeys}).
 *
 * In the cloud each is an SSM SecureString parameter (its name in SIGNING_SECRET_PARAMETER /
 * ORIGIN_SECRET_PARAMETER) holding {@link SecretVersions} as JSON: the current version and, after a rotation,
 * the previous one, each with its id (`kid`). Values are cached for {@link secretCacheMilliseconds}, so a
 * rotation reaches every warm function within that time; a value nobody knows yet (a token with a new `kid`,
 * a new origin header) makes an instance read again at most once per {@link refreshCooldownMilliseconds}.
 *
 * Locally (the stand-in, tests) the values come from the environment instead, read on every call:
 * SIGNING_SECRET (+ SIGNING_SECRET_PREVIOUS), ORIGIN_SECRET (+ ORIGIN_SECRET_PREVIOUS); their `kid` is
 * derived from the value ({@link derivedKid}).
 */

/** One version of a secret. */
export interface SecretVersion {
  /** Its id: the `kid` header of the tokens it signs. */
  readonly kid: string
  readonly value: string
}

/** What a secret parameter holds: the current version and, after a rotation, the one before it. */
export interface SecretVersions {
  readonly current: SecretVersion
  readonly previous?: SecretVersion
  /** When the current version was made (ISO time). */
  readonly createdAt?: string
}

/** How long a value read from SSM is used before it is read again. */
export const secretCacheMilliseconds = 5 * 60 * 1000
/** An unknown `kid` or origin value makes an instance re-read the parameter, at most this often. */
export const refreshCooldownMilliseconds = 30 * 1000
/** Every signing key is at least this long (HS256 wants a key as long as its hash). */
export const minimumSecretBytes = 32
/** Random bytes of a generated value (64 characters of base64url). */
export const generatedSecretBytes = 48

const kidPattern = /^[A-Za-z0-9_-]{1,64}$/

/** A new random value: 48 bytes as 64 base64url characters (safe in a header and as an HMAC key). */
export function generateSecretValue(): string {
  return randomBytes(generatedSecretBytes).toString('base64url')
}

/** A new `kid`: the day it was made and six random hex digits, e.g. `20261123-9f3a1c`. */
export function newKid(now = new Date()): string {
  return `${now.toISOString().slice(0, 10).replaceAll('-', '')}-${randomBytes(3).toString('hex')}`
}

/** The `kid` of a value given without one (the environment): the first 12 characters of its SHA-256. */
export function derivedKid(value: string): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, 12)
}

/**
 * The versions after a rotation: a new random current version, and the old current one as previous (the
 * old previous one is dropped). Without `before`, the first version.
 */
export function rotateVersions(before?: SecretVersions, now = new Date()): SecretVersions {
  let kid = newKid(now)
  while (kid === before?.current.kid) kid = newKid(now)
  const current = { kid, value: generateSecretValue() }
  return before
    ? { current, previous: before.current, createdAt: now.toISOString() }
    : { current, createdAt: now.toISOString() }
}

function parseVersion(value: unknown, where: string): SecretVersion {
  const candidate = value as Partial<SecretVersion> | null
  if (
    typeof candidate !== 'object' ||
    candidate === null ||
    typeof candidate.kid !== 'string' ||
    !kidPattern.test(candidate.kid) ||
    typeof candidate.value !== 'string' ||
    candidate.value === ''
  ) {
    throw new Error(`${where} is not a { kid, value } version`)
  }
  return { kid: candidate.kid, value: candidate.value }
}

/** Reads the JSON of a secret parameter; throws (naming `name`, never the value) when it is not one. */
export function parseSecretVersions(text: string, name: string): SecretVersions {
  let parsed: { current?: unknown; previous?: unknown; createdAt?: unknown }
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new Error(`The parameter ${name} does not hold JSON`)
  }
  if (typeof parsed !== 'object' || parsed === null) throw new Error(`The parameter ${name} is not an object`)
  const current = parseVersion(parsed.current, `The current version of ${name}`)
  const previous =
    parsed.previous === undefined
      ? undefined
      : parseVersion(parsed.previous, `The previous version of ${name}`)
  if (previous && previous.kid === current.kid) {
    throw new Error(`The parameter ${name} has the same kid twice`)
  }
  return {
    current,
    ...(previous ? { previous } : {}),
    ...(typeof parsed.createdAt === 'string' ? { createdAt: parsed.createdAt } : {}),
  }
}

/** The JSON a secret parameter holds. */
export function serializeSecretVersions(versions: SecretVersions): string {
  return JSON.stringify(versions)
}

/** The versions of a secret given in the environment (current, previous), with derived kids. */
function fromEnvironment(current: string, previous: string | undefined): SecretVersions {
  const currentVersion = { kid: derivedKid(current), value: current }
  return previous && previous !== current
    ? { current: currentVersion, previous: { kid: derivedKid(previous), value: previous } }
    : { current: currentVersion }
}

let clock: () => number = Date.now

/** Tests only: the clock the caches read (milliseconds). Without an argument, the real one again. */
export function setSecretsClock(now?: () => number): void {
  clock = now ?? Date.now
}

/**
 * SSM GetParameter (decrypted) as one signed request (aws-request.ts): the SSM client of the SDK would add
 * about 76 KB to every bundle for this one call.
 */
async function readParameter(
  name: string,
  parse: (text: string, name: string) => SecretVersions = parseSecretVersions,
): Promise<SecretVersions> {
  const reply = await awsRequest({
    service: 'ssm',
    endpointEnv: 'SSM',
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AmazonSSM.GetParameter' },
    body: JSON.stringify({ Name: name, WithDecryption: true }),
  })
  let value: unknown
  try {
    value = (JSON.parse(reply.body) as { Parameter?: { Value?: unknown } }).Parameter?.Value
  } catch {
    value = undefined
  }
  return parse(typeof value === 'string' ? value : '', name)
}

/**
 * What a parameter the owners fill by hand holds (the WhatsApp token): the value itself, as text, taken as
 * the current version.
 */
function plainSecretVersions(text: string, name: string): SecretVersions {
  const value = text.trim()
  if (value === '') throw new Error(`The parameter ${name} is empty`)
  return fromEnvironment(value, undefined)
}

/**
 * One secret read from SSM: kept for the cache time; a refresh on demand at most once per cooldown;
 * concurrent callers share one read. A failed read is not kept: without an earlier value it throws (the
 * request fails, the next one tries again); with one, the earlier value is used for another cooldown period
 * and the failure logged, so an SSM hiccup does not sign everyone out or close the API.
 */
class CachedParameter {
  private versions: SecretVersions | undefined
  private loadedAt = Number.NEGATIVE_INFINITY
  private pending: Promise<SecretVersions> | undefined

  constructor(
    readonly name: string,
    private readonly check: (versions: SecretVersions) => void,
    private readonly parse?: (text: string, name: string) => SecretVersions,
  ) {}

  async get(refresh: boolean): Promise<SecretVersions> {
    const age = clock() - this.loadedAt
    const due =
      !this.versions || age >= secretCacheMilliseconds || (refresh && age >= refreshCooldownMilliseconds)
    if (!due && this.versions) return this.versions
    this.pending ??= readParameter(this.name, this.parse)
      .then((versions) => {
        this.check(versions)
        this.versions = versions
        this.loadedAt = clock()
        return versions
      })
      .finally(() => {
        this.pending = undefined
      })
    try {
      return await this.pending
    } catch (error) {
      if (!this.versions) throw error
      logger.error('secret reload failed, using the earlier value', {
        parameter: this.name,
        error: error instanceof Error ? error.name : 'unknown',
      })
      this.loadedAt = clock() - secretCacheMilliseconds + refreshCooldownMilliseconds
      return this.versions
    }
  }
}

const caches = new Map<string, CachedParameter>()

function cached(
  name: string,
  check: (versions: SecretVersions) => void,
  parse?: (text: string, name: string) => SecretVersions,
): CachedParameter {
  let cache = caches.get(name)
  if (!cache) {
    cache = new CachedParameter(name, check, parse)
    caches.set(name, cache)
  }
  return cache
}

/** Forgets every cached value (tests; the stand-in after it changes the environment). */
export function resetSecrets(): void {
  caches.clear()
}

const encoder = new TextEncoder()

function checkSigningVersions(versions: SecretVersions): void {
  for (const version of [versions.current, versions.previous]) {
    if (version && encoder.encode(version.value).length < minimumSecretBytes) {
      throw new Error(`The token-signing secret must be at least ${minimumSecretBytes} bytes`)
    }
  }
}

/** A signing key ready for jose. */
export interface SigningKey {
  readonly kid: string
  readonly key: Uint8Array
}

async function signingVersions(refresh: boolean): Promise<SecretVersions> {
  const local = process.env[functionEnv.signingSecret]
  if (local) {
    const versions = fromEnvironment(local, process.env[functionEnv.signingSecretPrevious] || undefined)
    checkSigningVersions(versions)
    return versions
  }
  return cached(requireEnv(functionEnv.signingSecretParameter), checkSigningVersions).get(refresh)
}

const keyOf = (version: SecretVersion): SigningKey => ({
  kid: version.kid,
  key: encoder.encode(version.value),
})

/** The key new tokens are signed with, and its `kid`. */
export async function currentSigningKey(): Promise<SigningKey> {
  return keyOf((await signingVersions(false)).current)
}

/**
 * The key that verifies a token with this `kid`: the current or the previous one, else undefined. A token
 * without a `kid` is checked against the current key only. An unknown `kid` (a key rotated in after this
 * instance read the parameter) makes it read again, at most once per cooldown.
 */
export async function signingKeyFor(kid: string | undefined): Promise<SigningKey | undefined> {
  const pick = (versions: SecretVersions) =>
    kid === undefined
      ? versions.current
      : [versions.current, versions.previous].find((version) => version?.kid === kid)
  const found = pick(await signingVersions(false)) ?? (kid ? pick(await signingVersions(true)) : undefined)
  return found ? keyOf(found) : undefined
}

/** Whether the API checks the origin header at all (in the cloud: yes; on the stand-in: no). */
export function originCheckConfigured(): boolean {
  return Boolean(process.env[functionEnv.originSecret] || process.env[functionEnv.originSecretParameter])
}

/**
 * The origin values the API accepts (current first, then previous), or undefined where no origin check is
 * configured. `refresh` re-reads the parameter unless that happened within the cooldown.
 */
export async function acceptedOriginSecrets(refresh = false): Promise<readonly string[] | undefined> {
  const local = process.env[functionEnv.originSecret]
  const parameter = process.env[functionEnv.originSecretParameter]
  let versions: SecretVersions
  if (local) versions = fromEnvironment(local, process.env[functionEnv.originSecretPrevious] || undefined)
  else if (parameter) versions = await cached(parameter, () => undefined).get(refresh)
  else return undefined
  return [versions.current.value, ...(versions.previous ? [versions.previous.value] : [])]
}

/** The Web Push (VAPID) key pair, as web-push and the browser's PushManager take them: base64url. */
export interface VapidKeys {
  /** The uncompressed P-256 point (65 bytes): the browser's `applicationServerKey`. */
  readonly publicKey: string
  /** The P-256 private scalar (32 bytes). */
  readonly privateKey: string
}

/**
 * The VAPID key pair that a secret's value stands for: the private key is the SHA-256 of the value (hashed
 * again in the vanishing case that it is not a valid P-256 scalar), the public key follows from it. So the
 * pair is kept as one ordinary generated secret (the same SSM parameter and custom resource as the signing
 * key; the stand-in's file under its data folder) and rotates like it: a new value is a new pair.
 */
export function vapidKeysFrom(value: string): VapidKeys {
  let scalar = createHash('sha256').update(`vapid-p256\0${value}`).digest()
  for (;;) {
    const ecdh = createECDH('prime256v1')
    try {
      ecdh.setPrivateKey(scalar)
      return { publicKey: ecdh.getPublicKey('base64url'), privateKey: scalar.toString('base64url') }
    } catch {
      scalar = createHash('sha256').update(scalar).digest()
    }
  }
}

/**
 * The consent ledger's HMAC keys (current first, then the previous one after a rotation): CONSENT_KEY
 * locally, else the parameter named by CONSENT_KEY_PARAMETER (cached like the others). An entry names the
 * `kid` it was keyed with, so a lookup after a rotation computes the key of each version.
 */
export async function consentKeys(): Promise<SecretVersions> {
  const local = process.env[functionEnv.consentKey]
  if (local) return fromEnvironment(local, undefined)
  return cached(requireEnv(functionEnv.consentKeyParameter), () => undefined).get(false)
}

/**
 * The Web Push key pair of the current VAPID secret: VAPID_SECRET locally, else the parameter named by
 * VAPID_SECRET_PARAMETER (cached like the others). Subscriptions are made for one public key: after a
 * rotation the push services refuse the old ones and each device opts in again.
 */
export async function vapidKeys(): Promise<VapidKeys> {
  const local = process.env[functionEnv.vapidSecret]
  if (local) return vapidKeysFrom(local)
  const versions = await cached(requireEnv(functionEnv.vapidSecretParameter), () => undefined).get(false)
  return vapidKeysFrom(versions.current.value)
}

/**
 * The WhatsApp Cloud API's access token: WHATSAPP_TOKEN in tests, else the parameter named by
 * WHATSAPP_TOKEN_PARAMETER, which the owners fill with the token as it is (cached like the others, so a new
 * token reaches every warm function within the cache time).
 */
export async function whatsappToken(): Promise<string> {
  const local = process.env[functionEnv.whatsappToken]
  if (local) return local
  const name = requireEnv(functionEnv.whatsappTokenParameter)
  return (await cached(name, () => undefined, plainSecretVersions).get(false)).current.value
}
