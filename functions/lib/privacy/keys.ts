import { createHmac } from 'node:crypto'
import { consentKeys, type SecretVersion } from '../secrets'

/**
 * Keys derived from the consent ledger's HMAC key (functions/lib/secrets.ts consentKeys), one per use, so
 * that one parameter serves the ledger, the signed privacy links and the one-time codes without any of them
 * being able to stand for another: HMAC-SHA256(key, use), 32 bytes. A rotation of the consent key (a new
 * version beside the previous one) rotates these with it.
 */
export type DerivedKeyUse = 'privacy-link' | 'one-time-code'

/** One derived key: the version of the consent key it comes from, and its 32 bytes. */
export interface DerivedKey {
  readonly kid: string
  readonly bytes: Uint8Array
}

function derive(version: SecretVersion, use: DerivedKeyUse): DerivedKey {
  return { kid: version.kid, bytes: new Uint8Array(createHmac('sha256', version.value).update(use).digest()) }
}

/** The key for `use` under the current consent key. */
export async function currentDerivedKey(use: DerivedKeyUse): Promise<DerivedKey> {
  return derive((await consentKeys()).current, use)
}

/** The key for `use` under the consent key version `kid` (current or previous), or undefined. */
export async function derivedKeyFor(use: DerivedKeyUse, kid: unknown): Promise<DerivedKey | undefined> {
  const versions = await consentKeys()
  const version = [versions.current, versions.previous].find(
    (candidate) => candidate && candidate.kid === kid,
  )
  return version ? derive(version, use) : undefined
}
