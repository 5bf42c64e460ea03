import { createHmac } from 'node:crypto'
import { consentSubject } from '../../functions/lib/db/consent-ledger'
import { currentDerivedKey } from '../../functions/lib/privacy/keys'
import { consentKeys } from '../../functions/lib/secrets'

/**
 * The CODE item a one-time code `code` for `contact` (`email:…` or `phone:…`) is stored as, unused and valid
 * for an hour: what the tables that fake DynamoDB answer when a route reads a code
 * (functions/lib/db/one-time-codes.ts keys it by use and the contact's keyed hash, and keeps the code's HMAC).
 */
export async function storedCodeItem(contact: string, code: string, use = 'choices') {
  const key = await currentDerivedKey('one-time-code')
  const sk = `${use}#${consentSubject(contact, (await consentKeys()).current.value)}`
  return {
    pk: 'CODE',
    sk,
    codeHash: createHmac('sha256', key.bytes).update(`${sk}#${code}`).digest('base64url'),
    kid: key.kid,
    tries: 0,
    validUntil: Date.now() + 60 * 60_000,
  }
}
