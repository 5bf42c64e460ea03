import { SignJWT, UnsecuredJWT } from 'jose'
import { tokenAudience, tokenIssuer } from '../../functions/lib/auth/tokens'
import { testSigningSecret } from './env'

/**
 * The eight bad admin tokens, each otherwise valid (subject, issuer, audience, expiry in
 * the future), signed with the function's own secret unless the flaw is the signature: every admin route must
 * refuse each with 401.
 */
export async function eightBadTokens(
  secret: string = testSigningSecret,
): Promise<Readonly<Record<string, string>>> {
  const key = new TextEncoder().encode(secret)
  const now = Math.floor(Date.now() / 1000)
  const claims = () =>
    new SignJWT({}).setSubject('asha').setIssuer(tokenIssuer).setAudience(tokenAudience).setIssuedAt(now)
  const valid = await claims()
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(now + 3600)
    .sign(key)
  const [header, payload, signature] = valid.split('.')
  // The same header and claims with one character of the signature changed.
  const flipped = `${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`
  return {
    'alg none': new UnsecuredJWT({})
      .setSubject('asha')
      .setIssuer(tokenIssuer)
      .setAudience(tokenAudience)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .encode(),
    HS512: await claims()
      .setProtectedHeader({ alg: 'HS512' })
      .setExpirationTime(now + 3600)
      .sign(key),
    expired: await claims()
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now - 9 * 3600)
      .setExpirationTime(now - 60)
      .sign(key),
    'no exp': await claims().setProtectedHeader({ alg: 'HS256' }).sign(key),
    'wrong audience': await claims()
      .setAudience('suryodaya-public')
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now + 3600)
      .sign(key),
    'wrong issuer': await claims()
      .setIssuer('someone-else')
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now + 3600)
      .sign(key),
    'bad signature': `${header}.${payload}.${flipped}`,
    'future nbf': await claims()
      .setProtectedHeader({ alg: 'HS256' })
      .setNotBefore(now + 3600)
      .setExpirationTime(now + 7200)
      .sign(key),
  }
}
