import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/** scrypt cost parameters. N = 2^17, r = 8, p = 1 is OWASP's recommendation (128 MiB of memory per hash). */
export interface ScryptParams {
  readonly N: number
  readonly r: number
  readonly p: number
}

export const defaultScryptParams: ScryptParams = { N: 2 ** 17, r: 8, p: 1 }

const keyLength = 64
const saltLength = 16

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize('NFKC'),
      salt,
      keyLength,
      { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    )
  })
}

/** Hashes a password as `scrypt$N$r$p$<salt base64>$<hash base64>`: the parameters travel with the hash. */
export async function hashPassword(
  password: string,
  params: ScryptParams = defaultScryptParams,
): Promise<string> {
  const salt = randomBytes(saltLength)
  const key = await derive(password, salt, params)
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$')
}

/** Parses a stored hash; undefined when it is not one of ours. */
function parseHash(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | undefined {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined
  const [N, r, p] = parts.slice(1, 4).map(Number)
  if (!N || !r || !p || !Number.isInteger(Math.log2(N))) return undefined
  return {
    params: { N, r, p },
    salt: Buffer.from(parts[4] ?? '', 'base64'),
    key: Buffer.from(parts[5] ?? '', 'base64'),
  }
}

/** Checks a password against a stored hash in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored)
  if (!parsed || parsed.key.length !== keyLength) return false
  const key = await derive(password, parsed.salt, parsed.params)
  return timingSafeEqual(key, parsed.key)
}

/** A hash of nothing, checked when a username is unknown so that the reply takes as long as for a real one. */
let decoyHash: Promise<string> | undefined
/** The decoy's cost: a real user's (defaultScryptParams) everywhere but in tests that lower it. */
let decoyParams: ScryptParams = defaultScryptParams
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString('hex'), decoyParams)
  return decoyHash
}

/**
 * For tests only (it refuses to run outside Vitest, which sets VITEST): the decoy's cost from now on, to match
 * the cheap hashes of a test's users; without an argument, the real cost again.
 */
export function setDecoyScryptParamsForTests(params: ScryptParams = defaultScryptParams): void {
  if (!process.env.VITEST) throw new Error('setDecoyScryptParamsForTests runs under Vitest only')
  decoyParams = params
  decoyHash = undefined
}

/**
 * The cost of the hash of a password set now (a user added in the workspace, or by the admin CLI and
 * `npm start`): a real user's.
 */
let newPasswordParams: ScryptParams = defaultScryptParams

/** Hashes a password set now, at a real user's cost (defaultScryptParams) everywhere but in tests. */
export function hashNewPassword(password: string): Promise<string> {
  return hashPassword(password, newPasswordParams)
}

/**
 * For tests only (it refuses to run outside Vitest): the cost of hashNewPassword from now on, so the suites
 * that call every route many times, or sign staff in dozens of times in a browser, need not spend half a
 * second of CPU (and 128 MiB) per hash; without an argument, the real cost again. The cost travels with each
 * hash, so a sign-in checks a cheap hash cheaply in any process.
 */
export function setNewPasswordCostForTests(params: ScryptParams = defaultScryptParams): void {
  if (!process.env.VITEST) throw new Error('setNewPasswordCostForTests runs under Vitest only')
  newPasswordParams = params
}

const generatedAlphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'
const generatedLength = 20

/**
 * Whether `password` has the shape of one generatePassword makes (its length and alphabet): a password of
 * another shape cannot be a generated one, which spares a hash check.
 */
export function mayBeGeneratedPassword(password: string): boolean {
  return (
    password.length === generatedLength && [...password].every((char) => generatedAlphabet.includes(char))
  )
}

/** A random password for a new admin, 20 characters from an unambiguous alphabet. */
export function generatePassword(length = generatedLength): string {
  const alphabet = generatedAlphabet
  const bytes = randomBytes(length)
  return Array.from(bytes, (byte) => alphabet[byte % alphabet.length]).join('')
}
