import { isStaffRole, type StaffRole, staffRoles } from '@core/roles'
import { parseSiteUrl } from '@core/site-config'
import { buckets, functionEnv, type TableName, tables } from './store-definitions'

/**
 * Reads a required environment variable, failing fast with its name. Call it at module scope in the module
 * that needs the value, so a misconfigured function fails at cold start rather than on some request.
 */
export function requireEnv(name: string): string {
  const value = process.env[name]
  if (value === undefined || value === '') {
    throw new Error(`Missing required environment variable ${name}`)
  }
  return value
}

/** The generated name of one of the tables of functions/lib/store-definitions.ts, from the function's environment. */
export function tableName(table: TableName): string {
  return requireEnv(tables[table].envVar)
}

/** The generated name of the uploads bucket, from the function's environment. */
export function uploadsBucketName(): string {
  return requireEnv(buckets.uploads.envVar)
}

/** The generated name of the exports bucket, from the function's environment. */
export function exportsBucketName(): string {
  return requireEnv(buckets.exports.envVar)
}

/** The distribution that serves /files/*, or undefined where there is none (the local stand-in). */
export function filesDistributionId(): string | undefined {
  return process.env[functionEnv.filesDistributionId] || undefined
}

export { functionEnv }

/** A per-client request limit: at most `max` requests in each window of `windowSeconds`. */
export interface RateLimit {
  readonly max: number
  readonly windowSeconds: number
}

const rateLimitUnits: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600 }

/** The limit when LEAD_RATE_LIMIT is not set. */
export const defaultLeadRateLimit = '5/10m'

/**
 * Parses a limit such as `5/10m` (5 per 10 minutes), `20/1h`, `3/30s`, or `off`; throws on anything else,
 * naming `source`.
 */
export function parseRateLimit(text: string, source = 'rate limit'): RateLimit | 'off' {
  const value = text.trim().toLowerCase()
  if (value === 'off') return 'off'
  const match = /^(\d+)\s*\/\s*(\d+)\s*([smh])$/.exec(value)
  const max = Number(match?.[1])
  const windowSeconds = Number(match?.[2]) * (rateLimitUnits[match?.[3] ?? ''] ?? Number.NaN)
  if (!match || !(max >= 1) || !(windowSeconds >= 1)) {
    throw new Error(`${source} must look like 5/10m, 20/1h, 3/30s or off, not "${text}"`)
  }
  return { max, windowSeconds }
}

/** The per-IP limit of the public lead POSTs, from LEAD_RATE_LIMIT (default 5/10m). */
export function leadRateLimit(): RateLimit | 'off' {
  const name = functionEnv.leadRateLimit
  return parseRateLimit(process.env[name] || defaultLeadRateLimit, name)
}

/** The SNS topic for staff notifications, or undefined where none is configured (locally). */
export function leadsTopicArn(): string | undefined {
  return process.env[functionEnv.leadsTopicArn] || undefined
}

/**
 * Where the local stand-in (infra/local/server.ts), which runs the functions' bundles in its own process, puts
 * the address its functions link to while it runs: its own, so the links of the messages it keeps in its
 * outboxes open its pages. Not an environment variable: the files of an end-to-end worker share one process,
 * each with a stand-in of its own, and read SITE_URL as the address the site was built for. Nothing is there
 * in the cloud or in handler tests.
 */
export const standInSiteKey = Symbol.for('suryodaya.standInSiteUrl')

/**
 * The site's origin the functions' links name (staff alerts, visitor mail): SITE_URL, else the stand-in's own
 * address when they run in it; undefined otherwise, and the links are paths then.
 */
export function siteUrl(): string | undefined {
  return (
    parseSiteUrl(process.env[functionEnv.siteUrl]) ??
    (globalThis as { [standInSiteKey]?: string })[standInSiteKey]
  )
}

/**
 * Parses a list of staff roles that must use MFA, `owner,sales,viewer` (spaces allowed, empty for none);
 * throws on a name that is not a role, naming `source`.
 */
export function parseRequiredMfaRoles(text: string, source = 'REQUIRE_MFA'): StaffRole[] {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  const unknown = names.filter((name) => !isStaffRole(name))
  if (unknown.length > 0) {
    throw new Error(`${source} must list roles among ${staffRoles.join(', ')}, not "${unknown.join(', ')}"`)
  }
  return [...new Set(names as StaffRole[])]
}

/**
 * The roles that must sign in with MFA where the stack sets none (infra/config.ts `requireMfa`): the roles
 * that can read leads. The functions' own default, REQUIRE_MFA unset (the local stand-in), is none.
 */
export const deployedRequiredMfaRoles = 'owner,sales,viewer'

/** The roles that must sign in with MFA, from REQUIRE_MFA (none when unset). */
export function requiredMfaRoles(): StaffRole[] {
  return parseRequiredMfaRoles(process.env[functionEnv.requireMfa] ?? '', functionEnv.requireMfa)
}
