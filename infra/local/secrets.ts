/**
 * The stand-in's token-signing secret, kept in the data folder (git-ignored): `signing-secret` (current)
 * and, after `npm run admin -- rotate-secret signing` without --stack, `signing-secret.previous`, whose
 * tokens stay valid. The stand-in gives them to the handlers as SIGNING_SECRET and SIGNING_SECRET_PREVIOUS at
 * start. There is no origin secret locally: nothing sits in front of the stand-in.
 */
import { randomBytes } from 'node:crypto'
import { readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { derivedKid, generatedSecretBytes } from '../../functions/lib/secrets'

export const localSigningSecretFile = 'signing-secret'
/**
 * The secret access key the stand-in's AWS clients sign S3 requests with, and so every presigned URL its
 * `/_s3` proxy hands to the browser: random, generated at the first start, reused after (URLs signed before
 * a restart keep working until they expire). Not the published `S3RVER` pair: the proxy checks each URL's
 * signature with this key (infra/local/presigned.ts), so nobody on the network can forge one.
 */
export const localS3SecretFile = 's3-secret'
export const localPreviousSigningSecretFile = 'signing-secret.previous'

const readSecret = async (file: string): Promise<string | undefined> => {
  try {
    return (await readFile(file, 'utf8')).trim() || undefined
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

const newSecret = () => randomBytes(generatedSecretBytes).toString('base64url')

/** The secret kept in the data folder's file `name`: a new random one written there (owner-only) if it has none. */
async function keptSecret(dataDir: string, name: string): Promise<string> {
  const file = join(dataDir, name)
  const existing = await readSecret(file)
  if (existing) return existing
  const secret = newSecret()
  await writeFile(file, `${secret}\n`, { mode: 0o600 })
  return secret
}

/** The stand-in's S3 secret access key (see localS3SecretFile), created on first use. */
export function localS3Secret(dataDir: string): Promise<string> {
  return keptSecret(dataDir, localS3SecretFile)
}

/**
 * The stand-in's VAPID secret (`vapid-secret` in the data folder), from which the Web Push key pair is
 * derived (functions/lib/secrets.ts vapidKeys): created on first use, kept after, so the devices that opted
 * in stay subscribed across restarts. Deleting the file (with the stand-in stopped) makes a new pair.
 */
export const localVapidSecretFile = 'vapid-secret'

/** The stand-in's VAPID secret, created on first use. */
export function localVapidSecret(dataDir: string): Promise<string> {
  return keptSecret(dataDir, localVapidSecretFile)
}

/**
 * The stand-in's consent ledger HMAC key (`consent-key` in the data folder): created on first use, kept
 * after, so the ledger's entries of one person keep one key across restarts.
 */
export const localConsentKeyFile = 'consent-key'

/** The stand-in's consent ledger key, created on first use. */
export function localConsentKey(dataDir: string): Promise<string> {
  return keptSecret(dataDir, localConsentKeyFile)
}

/** The current and previous local signing secrets; the current one is created on first use. */
export async function localSigningSecrets(dataDir: string): Promise<{ current: string; previous?: string }> {
  const current = await keptSecret(dataDir, localSigningSecretFile)
  const previous = await readSecret(join(dataDir, localPreviousSigningSecretFile))
  return previous ? { current, previous } : { current }
}

export interface LocalRotation {
  readonly kid: string
  readonly previousKid: string
  readonly droppedKid: string | undefined
}

/**
 * previous := current, current := a new random secret. Refuses (writing nothing) when the data folder has no
 * signing secret yet.
 */
export async function rotateLocalSigningSecret(dataDir: string): Promise<LocalRotation> {
  const file = join(dataDir, localSigningSecretFile)
  const current = await readSecret(file)
  if (!current) {
    throw new Error(`No signing secret in ${dataDir} yet: start the stand-in once (npm start) first.`)
  }
  const dropped = await readSecret(join(dataDir, localPreviousSigningSecretFile))
  const next = newSecret()
  const temporary = `${file}.new`
  await writeFile(temporary, `${next}\n`, { mode: 0o600 })
  await writeFile(join(dataDir, localPreviousSigningSecretFile), `${current}\n`, { mode: 0o600 })
  await rename(temporary, file)
  return {
    kid: derivedKid(next),
    previousKid: derivedKid(current),
    droppedKid: dropped ? derivedKid(dropped) : undefined,
  }
}
