import { buckets, functionEnv, tables } from '../../functions/lib/store-definitions'

/** A signing secret for tests: long enough for the 32-byte rule. */
export const testSigningSecret = 'test-signing-secret-0123456789-abcdefghijklmnop'
/** The tests' VAPID secret: the Web Push key pair is derived from it (functions/lib/secrets.ts). */
export const testVapidSecret = 'test-vapid-secret-0123456789-abcdefghijklmnopqrs'
/** The tests' consent ledger HMAC key (functions/lib/secrets.ts consentKeys). */
export const testConsentKey = 'test-consent-key-0123456789-abcdefghijklmnopqrst'

/** Sets the environment a deployed function would have, with local names, before handlers are imported. */
export function setFunctionEnvironment(): void {
  for (const table of Object.values(tables)) process.env[table.envVar] = table.localName
  for (const bucket of Object.values(buckets)) process.env[bucket.envVar] = bucket.localName
  process.env[functionEnv.signingSecret] = testSigningSecret
  process.env[functionEnv.vapidSecret] = testVapidSecret
  process.env[functionEnv.consentKey] = testConsentKey
  process.env.AWS_REGION ??= 'ap-south-1'
  process.env.AWS_ACCESS_KEY_ID ??= 'test'
  process.env.AWS_SECRET_ACCESS_KEY ??= 'test'
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'
}

setFunctionEnvironment()

// Handler tests run without the per-IP limit unless they set one; the limit has tests of its own.
process.env[functionEnv.leadRateLimit] ??= 'off'

// Likewise the per-user export limit (10 per 10 minutes): export tests make many; the limit has tests of its own.
process.env[functionEnv.exportRateLimit] ??= 'off'
