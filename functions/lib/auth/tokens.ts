import { randomUUID } from 'node:crypto'
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager'
import { errors, jwtVerify, SignJWT } from 'jose'
import { functionEnv } from '../../../infra/tables'
import { awsClientConfig } from '../aws-config'
import { requireEnv } from '../config'
import { UnauthorizedError } from '../errors'
import { checkSession } from './sessions'

/** Claims every admin token carries; verification pins all of them. */
export const tokenIssuer = 'suryodaya-site'
export const tokenAudience = 'suryodaya-admin'
export const tokenAlgorithm = 'HS256'
/** Tokens last a working day, not days. */
export const tokenLifetimeSeconds = 8 * 60 * 60
export const minimumSecretBytes = 32

let signingKey: Promise<Uint8Array> | undefined

async function loadSigningKey(): Promise<Uint8Array> {
  const local = process.env[functionEnv.signingSecret]
  let secret: string | undefined = local
  if (!secret) {
    const client = new SecretsManagerClient({ ...awsClientConfig })
    const reply = await client.send(
      new GetSecretValueCommand({ SecretId: requireEnv(functionEnv.signingSecretArn) }),
    )
    secret = reply.SecretString
  }
  const bytes = new TextEncoder().encode(secret ?? '')
  if (bytes.length < minimumSecretBytes) {
    throw new Error(`The token-signing secret must be at least ${minimumSecretBytes} bytes`)
  }
  return bytes
}

/** The signing key, loaded once per function instance (a failed load is retried on the next call). */
export function getSigningKey(): Promise<Uint8Array> {
  signingKey ??= loadSigningKey().catch((error: unknown) => {
    signingKey = undefined
    throw error
  })
  return signingKey
}

/** Forgets the cached key (tests change the secret between cases). */
export function resetSigningKey(): void {
  signingKey = undefined
}

export interface IssuedToken {
  readonly token: string
  readonly expiresAt: Date
}

/**
 * Issues an admin token for `username` at its current session version (`ver`, see ./sessions.ts), with its
 * own id (`jti`) so that it can be signed out alone.
 */
export async function issueToken(
  username: string,
  sessionVersion: number,
  now = new Date(),
): Promise<IssuedToken> {
  const issuedAt = Math.floor(now.getTime() / 1000)
  const expiresAt = issuedAt + tokenLifetimeSeconds
  const token = await new SignJWT({ ver: sessionVersion })
    .setJti(randomUUID())
    .setProtectedHeader({ alg: tokenAlgorithm, typ: 'JWT' })
    .setSubject(username)
    .setIssuer(tokenIssuer)
    .setAudience(tokenAudience)
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(await getSigningKey())
  return { token, expiresAt: new Date(expiresAt * 1000) }
}

export interface AdminPrincipal {
  readonly username: string
  /** The token's session version, id and expiry (epoch seconds): what signing it out needs. */
  readonly sessionVersion: number
  readonly tokenId: string
  readonly expiresAt: number
}

/**
 * Verifies an `Authorization` header value. Throws UnauthorizedError for a missing, malformed, expired or
 * otherwise invalid token, and for one whose session has ended (./sessions.ts); the reason goes to the
 * message only in general terms.
 */
export async function verifyAuthorization(header: string | undefined): Promise<AdminPrincipal> {
  const match = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(header?.trim() ?? '')
  if (!match?.[1]) throw new UnauthorizedError('Sign in to continue.')
  let principal: AdminPrincipal
  try {
    const { payload } = await jwtVerify(match[1], await getSigningKey(), {
      algorithms: [tokenAlgorithm],
      issuer: tokenIssuer,
      audience: tokenAudience,
      requiredClaims: ['exp', 'sub', 'jti', 'ver'],
    })
    if (typeof payload.ver !== 'number' || typeof payload.jti !== 'string') {
      throw new UnauthorizedError('Sign in to continue.')
    }
    principal = {
      username: String(payload.sub),
      sessionVersion: payload.ver,
      tokenId: payload.jti,
      expiresAt: Number(payload.exp),
    }
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      throw new UnauthorizedError('Your session has expired. Please sign in again.')
    }
    if (error instanceof errors.JOSEError) throw new UnauthorizedError('Sign in to continue.')
    throw error
  }
  await checkSession(principal)
  return principal
}
