import { afterEach, describe, expect, it } from 'vitest'
import { openPrivacyLink, privacyLinkDays, signPrivacyLink } from '../../../../functions/lib/privacy/links'
import { sesMessage } from '../../../../functions/lib/privacy/visitor-mail'
import { resetSecrets } from '../../../../functions/lib/secrets'
import { functionEnv } from '../../../../functions/lib/store-definitions'
import { testConsentKey } from '../../../support/env'

const contact = 'email:asha@example.in'
const now = new Date('2026-11-27T10:00:00Z')
const day = 24 * 60 * 60 * 1000

afterEach(() => {
  process.env[functionEnv.consentKey] = testConsentKey
  resetSecrets()
})

describe('signed privacy links', () => {
  it("carry a lead message's second contact and a keep request's lead inside the token only", async () => {
    const extras = { also: 'phone:+91 98765 43210', lead: 'lead-1' }
    const token = await signPrivacyLink('keep-request', contact, now, extras)
    expect(token).not.toMatch(/98765|lead-1/)
    expect(await openPrivacyLink(token, 'keep-request', new Date(now.getTime() + 13 * day))).toEqual({
      use: 'keep-request',
      contact,
      ...extras,
      expiresAt: new Date(now.getTime() + privacyLinkDays['keep-request'] * day).toISOString(),
    })
    // The answer time of the retention sweep's ask: refused after it, and for another use.
    expect(await openPrivacyLink(token, 'keep-request', new Date(now.getTime() + 15 * day))).toEqual({
      refused: 'expired',
    })
    expect(await openPrivacyLink(token, 'choices', now)).toEqual({ refused: 'wrong-use' })
  })

  it('open to the contact and use they were made for, and carry no readable contact', async () => {
    const token = await signPrivacyLink('choices', contact, now)
    expect(token).not.toContain('asha')
    expect(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()).not.toContain('asha')
    const opened = await openPrivacyLink(token, 'choices', new Date(now.getTime() + 364 * day))
    expect(opened).toEqual({
      use: 'choices',
      contact,
      expiresAt: new Date(now.getTime() + privacyLinkDays.choices * day).toISOString(),
    })
  })

  it('refuse a link past its time, for another use, changed, or made with another key', async () => {
    const confirm = await signPrivacyLink('newsletter-confirm', contact, now)
    expect(
      await openPrivacyLink(confirm, 'newsletter-confirm', new Date(now.getTime() + 6 * day)),
    ).toMatchObject({
      contact,
    })
    expect(await openPrivacyLink(confirm, 'newsletter-confirm', new Date(now.getTime() + 8 * day))).toEqual({
      refused: 'expired',
    })
    expect(await openPrivacyLink(confirm, 'choices', now)).toEqual({ refused: 'wrong-use' })
    const parts = confirm.split('.')
    const cipher = parts[3] ?? ''
    parts[3] = `${cipher[0] === 'A' ? 'B' : 'A'}${cipher.slice(1)}`
    expect(await openPrivacyLink(parts.join('.'), 'newsletter-confirm', now)).toEqual({ refused: 'invalid' })
    for (const bad of ['', 'not-a-token', 42, undefined, 'x'.repeat(3000)]) {
      expect(await openPrivacyLink(bad, 'choices', now)).toEqual({ refused: 'invalid' })
    }
    process.env[functionEnv.consentKey] = 'another-consent-key-0123456789-abcdefghijklmn'
    resetSecrets()
    expect(await openPrivacyLink(confirm, 'newsletter-confirm', now)).toEqual({ refused: 'invalid' })
  })
})

describe('the SES message of a visitor mail', () => {
  it('carries the one-click List-Unsubscribe headers of RFC 8058', () => {
    const message = sesMessage('hello@example.in', {
      kind: 'one-time-code',
      to: ' Asha@Example.in ',
      subject: 'Your code',
      text: 'Your code is 123456',
      choicesLink: 'https://www.example.in/privacy/choices?t=abc',
      oneClickLink: 'https://www.example.in/api/privacy/one-click?t=abc',
      at: now.toISOString(),
    })
    expect(message).toMatchObject({
      FromEmailAddress: 'hello@example.in',
      Destination: { ToAddresses: ['Asha@Example.in'] },
      Content: {
        Simple: {
          Subject: { Data: 'Your code' },
          Headers: [
            { Name: 'List-Unsubscribe', Value: '<https://www.example.in/api/privacy/one-click?t=abc>' },
            { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
          ],
        },
      },
    })
  })
})
