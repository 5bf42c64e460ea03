import { dirname, join } from 'node:path'
import { contactFields } from '@core/contact-fields'
import { linkRefusalMessages, smsCodeText, tooManyCodesMessage } from '@core/privacy-choices'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { functionEnv } from '../../functions/lib/store-definitions'
import { type RouteId, routeById, routes } from '../../functions/routes'
import { createRouteMatcher } from '../../infra/local/api-gateway-adapter'
import { parseCsv } from '../support/csv'
import { fakeServiceForFile, startFakeSns } from '../support/fake-aws'
import { validContact } from '../support/leads'
import { withTestEngines } from '../support/local-server'
import { type CallOptions, routeCaller } from '../support/route-calls'
import { readOutbox } from '../support/visitor-outbox'

/**
 * The choices routes on dynalite, through their handlers: a code asked for by e-mail and read from the
 * stand-in's outbox, the choices opened with it, a consent withdrawn (the ledger, the lead, the next contacts
 * export and the activity log show it at once), the one-click link of a message, and every refusal, with
 * nothing written by one.
 */
/** SNS over loopback HTTP, for the SMS sender's publish (one signed request, functions/lib/privacy/phone-codes.ts). */
const sns = fakeServiceForFile(startFakeSns)
let ledger: typeof import('../../functions/lib/db/consent-ledger')
let changes: typeof import('../../functions/lib/db/lead-changes')
let audit: typeof import('../../functions/lib/db/audit')
let leads: typeof import('../../functions/lib/db/leads')
let codeCheckMessages: typeof import('../../functions/lib/db/one-time-codes')['codeCheckMessages']

// Each test's person asks from a network of their own: the codes' limit of 10 an hour per network.
const { call } = routeCaller({ sourceIp: () => `198.51.100.${person}` })

/** The messages in the stand-in's outbox, oldest first. */
const outboxMessages = () => readOutbox()

/** The code of the last message to `to`. */
async function lastCode(to: string): Promise<string> {
  const message = (await outboxMessages()).filter((mail) => mail.to === to.toLowerCase()).at(-1)
  const code = message?.text.match(/\b(\d{6})\b/)?.[1]
  if (!code) throw new Error(`no code for ${to}`)
  return code
}

const tokenOf = (link: string) => new URL(link, 'http://site.test').searchParams.get('t') ?? ''

/** The audit entries of the visitors' privacy actions, newest first. */
async function privacyAudit() {
  const { items } = await audit.listAudit({ limit: 100 })
  return items.filter((entry) => entry.action === 'consent-withdrawal' || entry.action === 'privacy-refused')
}

withTestEngines()
beforeAll(async () => {
  process.env[functionEnv.leadRateLimit] = 'off'
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  ledger = await import('../../functions/lib/db/consent-ledger')
  changes = await import('../../functions/lib/db/lead-changes')
  audit = await import('../../functions/lib/db/audit')
  leads = await import('../../functions/lib/db/leads')
  ;({ codeCheckMessages } = await import('../../functions/lib/db/one-time-codes'))
})
afterAll(async () => {
  vi.restoreAllMocks()
})

let person = 0
let email: string
let phone: string
let leadId: string
beforeEach(async () => {
  email = `choices${++person}@example.in`
  phone = `+91 98100 0${String(person).padStart(4, '0')}`
  // A contact message with both consents ticked: its lead and its ledger entries, as the form stores them.
  const stored = await call('create-contact', {
    body: {
      ...validContact,
      email,
      phone,
      whatsappUpdates: true,
      newsletterOffers: true,
    },
  })
  expect(stored.status, JSON.stringify(stored.body)).toBe(201)
  leadId = stored.body.id
})

/** Asks a code for the address and opens the choices with it: the token and the standing. */
async function openChoices(address = email) {
  expect((await call('privacy-codes', { body: { email: address } })).body).toEqual({
    channel: 'email',
    sent: true,
  })
  const opened = await call('privacy-open-choices', {
    body: { email: address, code: await lastCode(address) },
  })
  expect(opened.status, JSON.stringify(opened.body)).toBe(200)
  return opened.body as { t: string; standing: unknown[] }
}

describe('the choices page through its routes', () => {
  it('asks a code, opens the choices, withdraws one consent: the lead and the log show it at once', async () => {
    const { t, standing } = await openChoices(email.toUpperCase())
    expect(standing).toEqual([
      { purpose: 'whatsapp-updates', given: true, at: expect.any(String), form: 'contact' },
      { purpose: 'newsletter', given: true, at: expect.any(String), form: 'contact' },
    ])
    // Opening only shows: the same standing, nothing written.
    const before = (await ledger.ledgerEntriesOf({ email })).length
    expect((await call('privacy-choices', { body: { t } })).body).toEqual({ standing })
    expect(await ledger.ledgerEntriesOf({ email })).toHaveLength(before)

    const withdrawn = await call('privacy-withdraw', { body: { t, purposes: ['whatsapp-updates'] } })
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200)
    expect(withdrawn.body.standing).toEqual([
      { purpose: 'whatsapp-updates', given: false, at: expect.any(String), form: 'choices' },
      standing[1],
    ])
    expect((await ledger.ledgerEntriesOf({ email })).at(-1)).toMatchObject({
      purpose: 'whatsapp-updates',
      given: false,
      withdrawnVia: 'choices-page',
    })
    const lead = (await changes.findLead(leadId)).item
    expect(lead).toMatchObject({ whatsappUpdates: false, newsletterOffers: true })
    expect(lead.whatsappUpdatesWithdrawnAt).toBe(withdrawn.body.standing[0].at)
    const [entry] = await privacyAudit()
    expect(entry).toMatchObject({
      actor: 'visitor',
      action: 'consent-withdrawal',
      target: 'whatsapp-updates',
      detail: 'choices page: 1 lead(s)',
    })
    expect(JSON.stringify(entry)).not.toContain(email)
  })

  it('the next contacts export after a withdrawal shows the box as no and when it was withdrawn', async () => {
    const { adminAuthorization } = await import('../support/tokens')
    const { reply: staffReply } = routeCaller({ headers: { asha: await adminAuthorization() } })
    const contactsExport = async () => {
      const reply = await staffReply('admin-export-kind', {
        as: 'asha',
        pathParameters: { kind: 'contacts' },
      })
      expect(reply.statusCode).toBe(200)
      const [header = [], ...rows] = parseCsv(String(reply.body).replace(/^\uFEFF/, ''))
      const row = rows.find((cells) => cells[header.indexOf('ID')] === leadId) ?? []
      return (label: string) => {
        expect(header).toContain(label)
        return row[header.indexOf(label)]
      }
    }
    const box = contactFields.whatsappUpdates.label
    const standing = await contactsExport()
    expect([standing(box), standing(`${box} withdrawn`)]).toEqual(['yes', ''])

    const { t } = await openChoices()
    const withdrawn = await call('privacy-withdraw', { body: { t, purposes: ['whatsapp-updates'] } })
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200)
    const at: string = withdrawn.body.standing[0].at
    const next = await contactsExport()
    expect([next(box), next(`${box} withdrawn`)]).toEqual(['no', new Date(at).toISOString()])
    expect(next(contactFields.newsletterOffers.label)).toBe('yes')
    expect(next(`${contactFields.newsletterOffers.label} withdrawn`)).toBe('')
    expect(next('Other fields')).not.toContain('WithdrawnAt')
  })

  it('answers an unknown address exactly as a known one, and opens choices never given', async () => {
    const known = await call('privacy-codes', { body: { email } })
    const unknown = await call('privacy-codes', { body: { email: 'nobody-here@example.in' } })
    expect(unknown).toEqual(known)
    const { standing } = await openChoices('nobody-here@example.in')
    expect(standing).toEqual([
      { purpose: 'whatsapp-updates', given: false },
      { purpose: 'newsletter', given: false },
    ])
  })

  it('sends a mobile number to the staff to call back, with no code', async () => {
    const before = (await outboxMessages()).length
    const asked = await call('privacy-codes', { body: { phone: '98100 99999' } })
    expect(asked).toMatchObject({ status: 200, body: { channel: 'phone', callBack: true } })
    expect(await outboxMessages()).toHaveLength(before)
  })

  it('withdraws the newsletter with the one-click link of a message; a GET of it reaches no handler', async () => {
    await leads.subscribeNewsletter({ email })
    await call('privacy-codes', { body: { email } })
    const message = (await outboxMessages()).filter((mail) => mail.to === email).at(-1)!
    expect(message.text).toContain(message.choicesLink)
    const oneClick = new URL(message.oneClickLink, 'http://site.test')
    expect(oneClick.pathname).toBe(routeById('privacy-one-click').path)
    expect(createRouteMatcher(routes)('GET', oneClick.pathname)).toEqual({
      kind: 'method-not-allowed',
      allowed: ['POST'],
    })

    const done = await call('privacy-one-click', {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      query: { t: tokenOf(message.oneClickLink) },
    })
    expect(done).toMatchObject({ status: 200, body: { withdrawn: ['newsletter'] } })
    expect(JSON.stringify(done.body)).not.toContain(email)
    expect((await changes.findLead(leadId)).item).toMatchObject({
      newsletterOffers: false,
      whatsappUpdates: true,
    })
    const signups = await leads.listLeads<{ email: string; withdrawnAt?: string }>('NEWSLETTER', {
      limit: 100,
    })
    expect(signups.items.find((signup) => signup.email === email)?.withdrawnAt).toEqual(expect.any(String))
    expect((await ledger.consentStanding({ email }))[1]).toMatchObject({ given: false, form: 'choices' })
    expect((await privacyAudit())[0]).toMatchObject({ action: 'consent-withdrawal', target: 'newsletter' })
  })
})

describe('a mobile number where an SMS sender is set', () => {
  let smsOutbox: string
  beforeAll(() => {
    // Beside the visitor outbox startTestEngines gives the functions, in the engines' data folder.
    smsOutbox = join(dirname(String(process.env[functionEnv.visitorOutbox])), 'sms-outbox.jsonl')
  })
  beforeEach(() => {
    // The stand-in's outbox: what STAND_IN_SMS=outbox sets (infra/local/server.ts).
    process.env[functionEnv.smsOutbox] = smsOutbox
  })
  afterEach(() => {
    for (const name of [functionEnv.smsOutbox, functionEnv.smsSender, 'AWS_ENDPOINT_URL_SNS'])
      delete process.env[name]
    for (const name of [functionEnv.smsDltEntityId, functionEnv.smsDltTemplateId, functionEnv.smsSenderId])
      delete process.env[name]
  })

  /** The SMS kept for a number (E.164), oldest first. */
  const smsTo = async (to: string) =>
    (await readOutbox<{ channel: string; to: string; text: string }>(smsOutbox)).filter(
      (sms) => sms.to === to,
    )
  const e164 = (typed: string) => `+91${typed.replace(/\D/g, '').slice(-10)}`
  const codeOf = (text: string | undefined) => text?.match(/^(\d{6}) /)?.[1] ?? ''

  it("sends a code by SMS as the number is typed, which opens that number's choices and withdraws under it", async () => {
    const typed = `0${phone.replace(/^\+91 /, '')}`
    const asked = await call('privacy-codes', { body: { phone: typed } })
    expect(asked).toMatchObject({ status: 200, body: { channel: 'phone', sent: true, by: 'sms' } })
    const [sms] = await smsTo(e164(phone))
    expect(sms).toMatchObject({ channel: 'sms', text: smsCodeText(codeOf(sms?.text), 10) })
    // No call-back for the staff, and no e-mail.
    expect((await outboxMessages()).filter((mail) => mail.text.includes(codeOf(sms?.text)))).toEqual([])

    const opened = await call('privacy-open-choices', { body: { phone: typed, code: codeOf(sms?.text) } })
    expect(opened.status, JSON.stringify(opened.body)).toBe(200)
    expect(opened.body.standing).toEqual([
      { purpose: 'whatsapp-updates', given: true, at: expect.any(String), form: 'contact' },
      { purpose: 'newsletter', given: true, at: expect.any(String), form: 'contact' },
    ])
    const withdrawn = await call('privacy-withdraw', {
      body: { t: opened.body.t, purposes: ['whatsapp-updates'] },
    })
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200)
    expect((await ledger.consentStanding({ phone }))[0]).toMatchObject({ given: false, form: 'choices' })
    expect((await changes.findLead(leadId)).item).toMatchObject({ whatsappUpdates: false })
    // A code sent to the number does not open the address's choices, nor the other way round.
    await call('privacy-codes', { body: { phone } })
    const again = codeOf((await smsTo(e164(phone))).at(-1)?.text)
    expect((await call('privacy-open-choices', { body: { email, code: again } })).status).toBe(400)
  })

  it('answers a number we do not know exactly as a known one, and opens choices never given', async () => {
    const known = await call('privacy-codes', { body: { phone } })
    const unknown = await call('privacy-codes', { body: { phone: '+91 97000 12345' } })
    expect(unknown).toEqual(known)
    const code = codeOf((await smsTo('+919700012345')).at(-1)?.text)
    const opened = await call('privacy-open-choices', { body: { phone: '97000 12345', code } })
    expect(opened.body.standing).toEqual([
      { purpose: 'whatsapp-updates', given: false },
      { purpose: 'newsletter', given: false },
    ])
  })

  it('refuses a fourth code for the number within the hour, as for an address', async () => {
    for (let ask = 0; ask < 3; ask += 1)
      expect((await call('privacy-codes', { body: { phone } })).status).toBe(200)
    const refused = await call('privacy-codes', { body: { phone: phone.replace(/ /g, '') } })
    expect(refused).toMatchObject({ status: 429, body: { error: tooManyCodesMessage } })
    expect(await smsTo(e164(phone))).toHaveLength(3)
  })

  describe('through SNS (a fake on loopback)', () => {
    beforeEach(() => {
      delete process.env[functionEnv.smsOutbox]
      process.env[functionEnv.smsSender] = 'sns'
      process.env[functionEnv.smsDltEntityId] = '1201160000000000001'
      process.env[functionEnv.smsDltTemplateId] = '1207160000000000002'
      process.env[functionEnv.smsSenderId] = 'SURYOD'
      process.env.AWS_ENDPOINT_URL_SNS = sns().url
      sns().published.length = 0
      sns().headers.length = 0
      sns().answer = () => 'ok'
    })

    it("publishes one signed SMS whose code opens the number's choices", async () => {
      const asked = await call('privacy-codes', { body: { phone } })
      expect(asked).toMatchObject({ status: 200, body: { channel: 'phone', sent: true, by: 'sms' } })
      expect(sns().published).toHaveLength(1)
      const message = sns().published[0]?.Message
      expect(message).toBe(smsCodeText(codeOf(message), 10))
      expect(sns().published[0]?.TopicArn).toBeUndefined()
      expect(String(sns().headers[0]?.authorization)).toMatch(/\/sns\/aws4_request, /)
      const opened = await call('privacy-open-choices', { body: { phone, code: codeOf(message) } })
      expect(opened.status, JSON.stringify(opened.body)).toBe(200)
    })

    it('answers 500 when SNS refuses, as a failed e-mail does, and the person may ask again', async () => {
      sns().answer = () => ({
        error: 'InvalidParameter',
        status: 400,
        message: 'Invalid parameter: PhoneNumber',
      })
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
      const failed = await call('privacy-codes', { body: { phone } })
      expect(failed.status).toBe(500)
      expect(JSON.stringify(failed.body)).not.toContain('PhoneNumber')
      expect(log.mock.calls.map((line) => String(line[0])).join('\n')).toContain(
        'code not sent to a mobile number',
      )
      log.mockRestore()
      sns().answer = () => 'ok'
      expect((await call('privacy-codes', { body: { phone } })).status).toBe(200)
    })
  })
})

describe('refusals: a clear message, nothing written, each in the activity log', () => {
  const refusedWith = async (routeId: RouteId, options: CallOptions, status: number) => {
    const refusals = async () =>
      (await privacyAudit()).filter((entry) => entry.action === 'privacy-refused' && entry.target === routeId)
    const entries = (await ledger.ledgerEntriesOf({ email })).length
    const logged = (await refusals()).length
    const reply = await call(routeId, options)
    expect(reply.status, JSON.stringify(reply.body)).toBe(status)
    expect(await ledger.ledgerEntriesOf({ email })).toHaveLength(entries)
    const after = await refusals()
    expect(after).toHaveLength(logged + 1)
    expect(after.every((entry) => entry.actor === 'visitor' && entry.detail)).toBe(true)
    expect(JSON.stringify(after)).not.toContain(email)
    return reply.body as { error: string }
  }

  it('a wrong, a reused and an expired code', async () => {
    await call('privacy-codes', { body: { email } })
    const code = await lastCode(email)
    const wrong = code === '000000' ? '111111' : '000000'
    expect((await refusedWith('privacy-open-choices', { body: { email, code: wrong } }, 400)).error).toBe(
      codeCheckMessages.wrong,
    )
    expect((await call('privacy-open-choices', { body: { email, code } })).status).toBe(200)
    expect((await refusedWith('privacy-open-choices', { body: { email, code } }, 400)).error).toBe(
      codeCheckMessages.used,
    )
    await call('privacy-codes', { body: { email } })
    const late = await lastCode(email)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11 * 60_000 })
    try {
      expect((await refusedWith('privacy-open-choices', { body: { email, code: late } }, 400)).error).toBe(
        codeCheckMessages.expired,
      )
    } finally {
      vi.useRealTimers()
    }
  })

  it('a bad, an expired and a wrong-use link', async () => {
    const { t } = await openChoices()
    const links = await import('../../functions/lib/privacy/links')
    const expired = await links.signPrivacyLink('choices', `email:${email}`, new Date('2020-01-01T00:00:00Z'))
    const confirm = await links.signPrivacyLink('newsletter-confirm', `email:${email}`)
    const body = (token: string) => ({ body: { t: token, purposes: ['newsletter'] } })
    expect((await refusedWith('privacy-withdraw', body(`${t}x`), 400)).error).toBe(
      linkRefusalMessages.invalid,
    )
    expect((await refusedWith('privacy-withdraw', body(expired), 400)).error).toBe(
      linkRefusalMessages.expired,
    )
    expect((await refusedWith('privacy-choices', { body: { t: confirm } }, 400)).error).toBe(
      linkRefusalMessages['wrong-use'],
    )
    const oneClick = (token: string, form = 'List-Unsubscribe=One-Click') => ({
      rawBody: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      query: { t: token },
    })
    expect((await refusedWith('privacy-one-click', oneClick(expired), 400)).error).toBe(
      linkRefusalMessages.expired,
    )
    await refusedWith('privacy-one-click', oneClick(t, 'List-Unsubscribe=Yes'), 400)
    expect((await changes.findLead(leadId)).item).toMatchObject({
      newsletterOffers: true,
      whatsappUpdates: true,
    })
  })

  it('too many codes for one person in an hour', async () => {
    for (let ask = 0; ask < 3; ask += 1)
      expect((await call('privacy-codes', { body: { email } })).status).toBe(200)
    const refused = await refusedWith('privacy-codes', { body: { email } }, 429)
    expect(refused.error).toBe(tooManyCodesMessage)
  })
})
