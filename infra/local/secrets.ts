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

/** The current and previous local signing secrets; the current one is created on first use. */
export async function localSigningSecrets(dataDir: string): Promise<{ current: string; previous?: string }> {
  const file = join(dataDir, localSigningSecretFile)
  let current = await readSecret(file)
  if (!current) {
    current = newSecret()
    await writeFile(file, `${current}\n`, { mode: 0o600 })
  }
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
