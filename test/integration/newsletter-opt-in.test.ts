import { GetCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { newsletterConfirmMessages, newsletterSignupMessages } from '../../functions/core/newsletter'
import { privacyNoticeVersion } from '../../functions/core/privacy-notice'
import { functionEnv } from '../../functions/lib/store-definitions'
import { routes } from '../../functions/routes'
import { apiEvent, lambdaContext, parseResult } from '../support/events'
import { validContact } from '../support/leads'
import { withTestEngines } from '../support/local-server'
import { readOutbox } from '../support/visitor-outbox'

/**
 * The newsletter's double opt-in on dynalite, through the real handlers: a signup is pending until the
 * owner of the address sends back the token of the link e-mailed to it (read here from the stand-in's
 * outbox); only then is it a subscriber, in the export and the ledger; a withdrawal takes it out again.
 */
let subscribe: typeof import('../../functions/newsletter/subscribe')
let confirm: typeof import('../../functions/newsletter/confirm')
let contacts: typeof import('../../functions/contacts/create-contact')
let exports: typeof import('../../functions/lib/exports')
let ledger: typeof import('../../functions/lib/db/consent-ledger')
let effects: typeof import('../../functions/lib/db/consent-effects')
let links: typeof import('../../functions/lib/privacy/links')
let clients: typeof import('../../functions/lib/clients')
let audit: typeof import('../../functions/lib/db/audit')

withTestEngines()
beforeAll(async () => {
  // Read when the handlers load: this file's many calls come from one client (the limit has tests of its own).
  process.env[functionEnv.leadRateLimit] = 'off'
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  subscribe = await import('../../functions/newsletter/subscribe')
  confirm = await import('../../functions/newsletter/confirm')
  contacts = await import('../../functions/contacts/create-contact')
  exports = await import('../../functions/lib/exports')
  ledger = await import('../../functions/lib/db/consent-ledger')
  effects = await import('../../functions/lib/db/consent-effects')
  links = await import('../../functions/lib/privacy/links')
  clients = await import('../../functions/lib/clients')
  audit = await import('../../functions/lib/db/audit')
})
afterAll(async () => {
  vi.restoreAllMocks()
})

const signUp = async (email: string) =>
  parseResult(
    await subscribe.handler(
      apiEvent('subscribe-newsletter', { body: { email, adult: true } }),
      lambdaContext,
    ),
  )
const confirmWith = async (t: unknown) =>
  parseResult(await confirm.handler(apiEvent('confirm-newsletter', { body: { t } }), lambdaContext))

const signup = async (email: string) =>
  (
    await clients
      .dynamo()
      .send(
        new GetCommand({ TableName: 'leads', Key: { pk: 'NEWSLETTER', sk: email }, ConsistentRead: true }),
      )
  ).Item

/** The confirmation links the outbox holds for `email`, oldest first, as their tokens. */
async function confirmationTokens(email: string): Promise<string[]> {
  return (await readOutbox())
    .filter((mail) => mail.kind === 'newsletter-confirm' && mail.to === email)
    .map((mail) => {
      const link = /\S*\/newsletter\/confirm\?t=\S+/.exec(mail.text)?.[0]
      if (!link) throw new Error(`no confirmation link in ${mail.text}`)
      return new URL(link, 'http://site.test').searchParams.get('t') ?? ''
    })
}

/** The refused confirmations in the activity log, newest first. */
async function refusedConfirmations() {
  const { items } = await audit.listAudit({ limit: 100 })
  return items.filter((entry) => entry.action === 'privacy-refused' && entry.target === 'confirm-newsletter')
}

/** The addresses the newsletter export holds. */
async function exported(): Promise<string[]> {
  const rows: string[] = []
  for await (const page of exports.readPages('newsletter')) rows.push(...page.map((row) => String(row.email)))
  return rows
}

describe('newsletter double opt-in', () => {
  it('keeps a signup pending until the link is confirmed by a POST, then exports it and records the confirmation', async () => {
    const email = 'optin@example.in'
    const reply = await signUp(email)
    expect(reply.status).toBe(200)
    expect(reply.body).toEqual({
      subscribed: true,
      confirmation: 'sent',
      message: newsletterSignupMessages.sent,
    })
    expect(await signup(email)).toMatchObject({ email, consent: { type: 'double-opt-in' } })
    expect((await signup(email))?.confirmedAt).toBeUndefined()
    const [token, ...more] = await confirmationTokens(email)
    expect(more).toEqual([])
    // The link was delivered (and maybe opened by a scanner): still pending, not exported.
    expect(await exported()).not.toContain(email)
    // Opening the link is a GET of a static page: the API has no GET that could confirm.
    expect(routes.filter((route) => route.path.startsWith('/api/newsletter')).map((r) => r.method)).toEqual([
      'POST',
      'POST',
    ])

    const confirmed = await confirmWith(token)
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toEqual({ state: 'confirmed', message: newsletterConfirmMessages.confirmed })
    const stored = await signup(email)
    expect(stored?.confirmedAt).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(await exported()).toContain(email)
    const entries = await ledger.ledgerEntriesOf({ email })
    // The signup's choice, then its confirmation: both kept, with the notice's version.
    expect(entries.map((entry) => [entry.purpose, entry.given, entry.form])).toEqual([
      ['newsletter', true, 'newsletter'],
      ['newsletter', true, 'newsletter'],
    ])
    expect(entries[1]).toMatchObject({
      shown: confirm.confirmationShown,
      noticeVersion: privacyNoticeVersion,
      at: stored?.confirmedAt,
      leadId: stored?.id,
    })

    // Pressed again: already confirmed, nothing new.
    const again = await confirmWith(token)
    expect(again.body).toEqual({
      state: 'already-confirmed',
      message: newsletterConfirmMessages['already-confirmed'],
    })
    expect(await ledger.ledgerEntriesOf({ email })).toHaveLength(2)
    expect((await signup(email))?.confirmedAt).toBe(stored?.confirmedAt)
  })

  it('sends a pending address its confirmation again, and a confirmed one none, without a second row', async () => {
    const email = 'twice@example.in'
    await signUp(email)
    await signUp(email)
    const tokens = await confirmationTokens(email)
    expect(tokens).toHaveLength(2)
    expect((await confirmWith(tokens[0])).status).toBe(200)
    const third = await signUp(email)
    expect(third.body).toMatchObject({ confirmation: 'sent' })
    expect(await confirmationTokens(email)).toHaveLength(2)
    expect((await exported()).filter((address) => address === email)).toEqual([email])
  })

  it('refuses a bad, expired or other link with its message and writes nothing', async () => {
    const email = 'refused@example.in'
    await signUp(email)
    const before = await signup(email)
    const [token] = await confirmationTokens(email)
    const expired = await links.signPrivacyLink(
      'newsletter-confirm',
      `email:${email}`,
      new Date(Date.now() - 8 * 24 * 60 * 60 * 1000),
    )
    const otherUse = await links.signPrivacyLink('choices', `email:${email}`)
    const changed = `${token!.slice(0, -4)}${token!.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`
    const cases: [unknown, keyof typeof newsletterConfirmMessages][] = [
      [changed, 'invalid'],
      ['', 'invalid'],
      [undefined, 'invalid'],
      [expired, 'expired'],
      [otherUse, 'wrong-use'],
    ]
    for (const [t, refusal] of cases) {
      const logged = (await refusedConfirmations()).length
      const reply = await confirmWith(t)
      expect(reply.status, refusal).toBe(400)
      expect(reply.body, refusal).toMatchObject({ error: newsletterConfirmMessages[refusal] })
      // Each refusal in the activity log: the route, the reason and the network, never the person.
      const entries = await refusedConfirmations()
      expect(entries, refusal).toHaveLength(logged + 1)
      expect(entries[0], refusal).toMatchObject({
        actor: 'visitor',
        detail: `link ${refusal}`,
        network: expect.any(String),
      })
    }
    expect(await signup(email)).toEqual(before)
    expect(await ledger.ledgerEntriesOf({ email })).toHaveLength(1)
    // A link for an address that has no signup (never, or erased): refused too, and logged.
    const nobody = await links.signPrivacyLink('newsletter-confirm', 'email:nobody@example.in')
    expect((await confirmWith(nobody)).body).toMatchObject({ error: newsletterConfirmMessages['not-found'] })
    expect((await refusedConfirmations())[0]).toMatchObject({ actor: 'visitor', detail: 'signup not-found' })
    expect(JSON.stringify(await refusedConfirmations())).not.toMatch(/refused@example|nobody@example/)
  })

  it('takes a withdrawn address out of the export; an old link cannot undo that, a new signup can', async () => {
    const email = 'withdrawn@example.in'
    await signUp(email)
    const [first] = await confirmationTokens(email)
    expect((await confirmWith(first)).status).toBe(200)
    expect(await exported()).toContain(email)
    await effects.applyWithdrawal({ email }, ['newsletter'], new Date().toISOString())
    expect(await exported()).not.toContain(email)
    const old = await confirmWith(first)
    expect(old.status).toBe(400)
    expect(old.body).toMatchObject({ error: newsletterConfirmMessages['withdrawn-since'] })
    expect((await refusedConfirmations())[0]).toMatchObject({ detail: 'signup withdrawn-since' })
    expect((await signup(email))?.withdrawnAt).toBeDefined()
    // Signing up again (after the withdrawal) sends a new link, which confirms afresh. A link's time is in
    // whole seconds: the new one is made in a later second than the withdrawal.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    await signUp(email)
    const [, fresh] = await confirmationTokens(email)
    expect(await exported()).not.toContain(email)
    expect((await confirmWith(fresh)).body).toMatchObject({ state: 'confirmed' })
    expect((await signup(email))?.withdrawnAt).toBeUndefined()
    expect(await exported()).toContain(email)
  })

  it("signs the contact form's newsletter box up the same way: pending, with its confirmation e-mail", async () => {
    const email = 'contact-optin@example.in'
    const reply = parseResult(
      await contacts.handler(
        apiEvent('create-contact', { body: { ...validContact, email, newsletterOffers: true } }),
        lambdaContext,
      ),
    )
    expect(reply.status).toBe(201)
    expect(await signup(email)).toMatchObject({ email, consent: { type: 'double-opt-in' } })
    expect((await signup(email))?.confirmedAt).toBeUndefined()
    const [token] = await confirmationTokens(email)
    expect(await exported()).not.toContain(email)
    expect((await confirmWith(token)).body).toMatchObject({ state: 'confirmed' })
    expect(await exported()).toContain(email)
  })
})
