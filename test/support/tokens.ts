import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import type { StaffRole } from '@core/roles'
import { SignJWT, UnsecuredJWT } from 'jose'
import { rememberSessionState } from '../../functions/lib/auth/sessions'
import { issueToken, tokenAudience, tokenIssuer } from '../../functions/lib/auth/tokens'

/**
 * A valid admin token for `username`. With `storedVersion` (the user's session version in a real store) the
 * token simply carries it. Without (a mocked store, or one without admin users), it carries version 0 and
 * this process's session cache is told, until resetSessionCache, that the user exists at that version with
 * nothing signed out and with `role` (an owner by default), as verification would have read it. Session
 * revocation has tests of its own that read the real record.
 */
export async function adminToken(
  username = 'asha',
  storedVersion?: number,
  role: StaffRole = 'owner',
): Promise<string> {
  if (storedVersion !== undefined) return (await issueToken(username, storedVersion)).token
  rememberSessionState(
    username,
    { sessionVersion: 0, revokedTokens: new Set(), role },
    Number.POSITIVE_INFINITY,
  )
  return (await issueToken(username, 0)).token
}

/** An Authorization header with a valid admin token (see adminToken). */
export async function adminAuthorization(
  username = 'asha',
  storedVersion?: number,
  role: StaffRole = 'owner',
): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await adminToken(username, storedVersion, role)}` }
}

/** Authorization headers every admin route must refuse with 401, by what is wrong with them. */
export async function refusedAuthorizations(): Promise<Record<string, Record<string, string>>> {
  const expired = await issueToken('asha', 0, new Date(Date.now() - 9 * 60 * 60 * 1000))
  const otherKey = new TextEncoder().encode('another-signing-secret-0123456789-abcdefghijkl')
  const wrongSignature = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('asha')
    .setIssuer(tokenIssuer)
    .setAudience(tokenAudience)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(otherKey)
  const algNone = new UnsecuredJWT({})
    .setSubject('asha')
    .setIssuer(tokenIssuer)
    .setAudience(tokenAudience)
    .setIssuedAt()
    .setExpirationTime('1h')
    .encode()
  return {
    missing: {},
    garbage: { authorization: 'Bearer not.a.token' },
    'not bearer': { authorization: 'Basic YWRtaW46YWRtaW4=' },
    expired: { authorization: `Bearer ${expired.token}` },
    'wrong signature': { authorization: `Bearer ${wrongSignature}` },
    'alg none': { authorization: `Bearer ${algNone}` },
  }
}

/**
 * Whether a DynamoDB command only records a refused token (functions/lib/audit-http.ts): its RATE_LIMIT count
 * (the window's update, and its read when the update's condition fails) or its `bad-token` AUDIT entry. A
 * refused request may make these and nothing else: no other read, no other write.
 */
export function recordsRefusal(command: unknown): boolean {
  const input = (command as { input?: unknown }).input as {
    Key?: { pk?: unknown }
    Item?: { pk?: unknown; action?: unknown }
  }
  if (command instanceof UpdateCommand || command instanceof GetCommand) return input.Key?.pk === 'RATE_LIMIT'
  return command instanceof PutCommand && input.Item?.pk === 'AUDIT' && input.Item.action === 'bad-token'
}
