import { SignJWT, UnsecuredJWT } from 'jose'
import { issueToken, tokenAudience, tokenIssuer } from '../../functions/lib/auth/tokens'

/** An Authorization header with a valid admin token. */
export async function adminAuthorization(username = 'asha'): Promise<Record<string, string>> {
  const { token } = await issueToken(username)
  return { authorization: `Bearer ${token}` }
}

/** Authorization headers every admin route must refuse with 401, by what is wrong with them. */
export async function refusedAuthorizations(): Promise<Record<string, Record<string, string>>> {
  const expired = await issueToken('asha', new Date(Date.now() - 9 * 60 * 60 * 1000))
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
