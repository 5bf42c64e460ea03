import { retentionAskDays } from '@core/retention'
import { EncryptJWT, errors, jwtDecrypt } from 'jose'
import { currentDerivedKey, derivedKeyFor } from './keys'

/**
 * Signed links a message to a visitor carries: the page to change their choices (with the one-click
 * List-Unsubscribe of RFC 8058 beside it) and the confirmation of a newsletter signup. The token is a JWT
 * encrypted and authenticated with a key derived from the consent key (keys.ts; A256GCM, `dir`), so it
 * names the person's contact without showing it in a URL, a log or a mail scanner, and cannot be made or
 * changed without the key. Opening a link only shows a page; a change needs a submit (a POST).
 */

/**
 * What a link is for: changing one's choices, confirming a newsletter signup, or answering the retention
 * sweep's ask that one still wants to hear from the company about an enquiry (`keep-request`).
 */
export type PrivacyLinkUse = 'choices' | 'newsletter-confirm' | 'keep-request'

/** What a valid link says. */
export interface PrivacyLink {
  readonly use: PrivacyLinkUse
  /** The normalised contact it was sent to, e.g. `email:asha@example.in` (consent-ledger.ts normalisedContacts). */
  readonly contact: string
  /**
   * The person's other contact, where the message was about a lead that holds both (`phone:…` beside an
   * address): a WhatsApp consent given on the same quote is keyed by the phone, so the choices page shows
   * and withdraws both. Only inside the encrypted token, never in a URL or a log.
   */
  readonly also?: string
  /** The lead the message was about (a keep request's). */
  readonly lead?: string
  /** When the link stops working (ISO time). */
  readonly expiresAt: string
}

/** What a link may name beside its contact. */
export interface PrivacyLinkExtras {
  readonly also?: string | undefined
  readonly lead?: string | undefined
}

/**
 * How long each kind of link works: a message's choices link for a year, a confirmation for a week, a keep
 * request as long as the person has to answer before the erasure.
 */
export const privacyLinkDays: Readonly<Record<PrivacyLinkUse, number>> = {
  choices: 365,
  'newsletter-confirm': 7,
  'keep-request': retentionAskDays,
}

const issuer = 'suryodaya-privacy'

/** Why a link was refused: not made by us (or changed), past its time, or for another use. */
export type PrivacyLinkRefusal = 'invalid' | 'expired' | 'wrong-use'

/**
 * The token of a link for `contact` (normalised), working `privacyLinkDays[use]` days from `now`; `extras`
 * name the person's other contact and the lead, inside the token.
 */
export async function signPrivacyLink(
  use: PrivacyLinkUse,
  contact: string,
  now = new Date(),
  extras: PrivacyLinkExtras = {},
): Promise<string> {
  const key = await currentDerivedKey('privacy-link')
  const issuedAt = Math.floor(now.getTime() / 1000)
  return new EncryptJWT({
    use,
    contact,
    ...(extras.also ? { also: extras.also } : {}),
    ...(extras.lead ? { lead: extras.lead } : {}),
  })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid: key.kid })
    .setIssuer(issuer)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + privacyLinkDays[use] * 24 * 60 * 60)
    .encrypt(key.bytes)
}

/** Opens a link's token for `use`: what it says, or why it is refused. Never throws. */
export async function openPrivacyLink(
  token: unknown,
  use: PrivacyLinkUse,
  now = new Date(),
): Promise<PrivacyLink | { readonly refused: PrivacyLinkRefusal }> {
  if (typeof token !== 'string' || token.length === 0 || token.length > 2048) return { refused: 'invalid' }
  try {
    const { payload } = await jwtDecrypt(
      token,
      async (header) => {
        const key = await derivedKeyFor('privacy-link', header.kid)
        if (!key) throw new errors.JWEDecryptionFailed()
        return key.bytes
      },
      {
        issuer,
        currentDate: now,
        keyManagementAlgorithms: ['dir'],
        contentEncryptionAlgorithms: ['A256GCM'],
        requiredClaims: ['exp', 'iat'],
      },
    )
    if (typeof payload.contact !== 'string' || typeof payload.exp !== 'number') return { refused: 'invalid' }
    if (payload.use !== use) return { refused: 'wrong-use' }
    return {
      use,
      contact: payload.contact,
      ...(typeof payload.also === 'string' ? { also: payload.also } : {}),
      ...(typeof payload.lead === 'string' ? { lead: payload.lead } : {}),
      expiresAt: new Date(payload.exp * 1000).toISOString(),
    }
  } catch (error) {
    return { refused: error instanceof errors.JWTExpired ? 'expired' : 'invalid' }
  }
}
