import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { functionEnv } from '../../functions/lib/store-definitions'
import { validContact, validQuote } from '../support/leads'
import { withTestEngines } from '../support/local-server'

/**
 * The proofs the privacy pages build on, on dynalite: one-time codes (once, in time, a few tries, a few asks
 * an hour), the ledger's withdrawals beside the consents they end, and the stand-in's outbox of visitor mail
 * with its signed links.
 */
let codes: typeof import('../../functions/lib/db/one-time-codes')
let ledger: typeof import('../../functions/lib/db/consent-ledger')
let mail: typeof import('../../functions/lib/privacy/visitor-mail')
let links: typeof import('../../functions/lib/privacy/links')
let effects: typeof import('../../functions/lib/db/consent-effects')
let leads: typeof import('../../functions/lib/db/leads')
let changes: typeof import('../../functions/lib/db/lead-changes')
let folder: string

const now = new Date('2026-11-27T10:00:00Z')
const minute = 60_000
let person = 0
/** A contact of its own for each test, so limits and codes of one never reach another. */
const someone = () => `email:person${++person}@example.in`

withTestEngines()
beforeAll(async () => {
  codes = await import('../../functions/lib/db/one-time-codes')
  ledger = await import('../../functions/lib/db/consent-ledger')
  mail = await import('../../functions/lib/privacy/visitor-mail')
  links = await import('../../functions/lib/privacy/links')
  effects = await import('../../functions/lib/db/consent-effects')
  leads = await import('../../functions/lib/db/leads')
  changes = await import('../../functions/lib/db/lead-changes')
  folder = await mkdtemp(join(tmpdir(), 'visitor-outbox-'))
})
afterAll(async () => {
  delete process.env[functionEnv.visitorOutbox]
  await rm(folder, { recursive: true, force: true })
})

async function issued(contact: string, network = '203.0.113.1', at = now): Promise<string> {
  const answer = await codes.issueOneTimeCode('choices', contact, network, at)
  if (!('code' in answer)) throw new Error(`no code: ${JSON.stringify(answer)}`)
  expect(answer.code).toMatch(/^\d{6}$/)
  return answer.code
}

describe('one-time codes', () => {
  it('accept the right code once, and not for another use or contact', async () => {
    const contact = someone()
    const code = await issued(contact)
    expect(await codes.redeemOneTimeCode('request', contact, code, now)).toBe('used')
    expect(await codes.redeemOneTimeCode('choices', someone(), code, now)).toBe('used')
    expect(
      await codes.redeemOneTimeCode('choices', contact, ` ${code.slice(0, 3)} ${code.slice(3)} `, now),
    ).toBe('accepted')
    expect(await codes.redeemOneTimeCode('choices', contact, code, now)).toBe('used')
  })

  it('refuse a wrong code, and every code after five wrong tries', async () => {
    const contact = someone()
    const code = await issued(contact)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let tries = 0; tries < codes.maxCodeTries; tries += 1) {
      expect(await codes.redeemOneTimeCode('choices', contact, wrong, now)).toBe('wrong')
    }
    expect(await codes.redeemOneTimeCode('choices', contact, code, now)).toBe('too-many-tries')
    expect(await codes.redeemOneTimeCode('choices', contact, 'abcdef', now)).toBe('too-many-tries')
  })

  it('refuse a code past its ten minutes; a new code replaces the old', async () => {
    const contact = someone()
    const first = await issued(contact)
    const late = new Date(now.getTime() + codes.codeMinutes * minute + 1)
    expect(await codes.redeemOneTimeCode('choices', contact, first, late)).toBe('expired')
    const second = await issued(contact, '203.0.113.1', late)
    if (second !== first) expect(await codes.redeemOneTimeCode('choices', contact, first, late)).toBe('wrong')
    expect(await codes.redeemOneTimeCode('choices', contact, second, late)).toBe('accepted')
  })

  it('let two parallel tries of the right code succeed once', async () => {
    const contact = someone()
    const code = await issued(contact)
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => codes.redeemOneTimeCode('choices', contact, code, now)),
    )
    expect(answers.filter((answer) => answer === 'accepted')).toHaveLength(1)
    expect(answers.filter((answer) => answer !== 'accepted').every((answer) => answer === 'used')).toBe(true)
  })

  it('are given to a person three times an hour and to a network ten times', async () => {
    const contact = someone()
    const hour = new Date('2026-11-27T12:00:00Z')
    for (let ask = 0; ask < codes.codeLimits.person.max; ask += 1)
      await issued(contact, `198.51.100.${ask}`, hour)
    expect(await codes.issueOneTimeCode('choices', contact, '198.51.100.99', hour)).toMatchObject({
      refused: 'too-many',
    })
    const network = '192.0.2.7'
    for (let ask = 0; ask < codes.codeLimits.network.max; ask += 1) await issued(someone(), network, hour)
    const refused = await codes.issueOneTimeCode('choices', someone(), network, hour)
    expect(refused).toMatchObject({ refused: 'too-many' })
    expect('retryAfterSeconds' in refused && refused.retryAfterSeconds).toBeGreaterThan(0)
    expect(
      await codes.issueOneTimeCode('choices', someone(), network, new Date(hour.getTime() + 61 * minute)),
    ).toHaveProperty('code')
  })
})

describe('the consent ledger after a withdrawal', () => {
  it('keeps the consent and adds the withdrawal; the standing follows the latest', async () => {
    const contacts = { phone: '98765 43210', email: 'Withdraw@Example.in' }
    const given = await ledger.recordConsents({
      form: 'contact',
      choices: [
        { purpose: 'reply', basis: 'legitimate-use', given: true, shown: 'reply' },
        { purpose: 'whatsapp-updates', basis: 'consent', given: true, shown: 'WhatsApp' },
        { purpose: 'newsletter', basis: 'consent', given: true, shown: 'Newsletter' },
      ],
      contacts,
      leadId: 'lead-1',
      at: '2026-11-27T09:00:00.000Z',
      network: '203.0.113.9',
    })
    expect(await ledger.consentStanding({ email: 'withdraw@example.in' })).toEqual([
      { purpose: 'whatsapp-updates', given: true, at: '2026-11-27T09:00:00.000Z', form: 'contact' },
      { purpose: 'newsletter', given: true, at: '2026-11-27T09:00:00.000Z', form: 'contact' },
    ])
    await ledger.recordWithdrawals({
      purposes: ['whatsapp-updates'],
      contacts: { phone: '+91 98765 43210' },
      via: 'one-click',
      at: '2026-11-27T09:30:00.000Z',
      network: '203.0.113.10',
    })
    expect(await ledger.consentStanding({ phone: '9876543210' })).toEqual([
      { purpose: 'whatsapp-updates', given: false, at: '2026-11-27T09:30:00.000Z', form: 'choices' },
      { purpose: 'newsletter', given: true, at: '2026-11-27T09:00:00.000Z', form: 'contact' },
    ])
    const entries = await ledger.ledgerEntriesOf(contacts)
    expect(entries).toHaveLength(given.length + 1)
    expect(entries.filter((entry) => entry.given && entry.purpose === 'whatsapp-updates')).toHaveLength(2)
    expect(entries.at(-1)).toMatchObject({ withdrawnVia: 'one-click', leadId: 'none', form: 'choices' })
    expect(JSON.stringify(entries)).not.toMatch(/98765|withdraw@/i)
  })
})

describe('a withdrawal applied to the workspace', () => {
  it("sets the purpose's box off on each of the person's leads and takes the signup out", async () => {
    const quote = await leads.storeLead('QUOTE', {
      ...validQuote,
      whatsapp: '98700 11223',
      whatsappUpdates: true,
    })
    const contact = await leads.storeLead('CONTACT', {
      ...validContact,
      phone: '+91 98700 11223',
      email: 'Effects@Example.in',
      whatsappUpdates: true,
      newsletterOffers: true,
    })
    const other = await leads.storeLead('QUOTE', {
      ...validQuote,
      whatsapp: '98700 99999',
      whatsappUpdates: true,
    })
    await leads.subscribeNewsletter({ email: 'effects@example.in' })
    const at = '2026-11-27T11:00:00.000Z'
    expect(
      await effects.applyWithdrawal(
        { email: 'EFFECTS@example.in', phone: '9870011223' },
        ['whatsapp-updates', 'newsletter'],
        at,
      ),
    ).toEqual({ leads: 2, newsletter: true })
    const stored = async (id: string) => (await changes.findLead(id)).item
    expect(await stored(quote.lead.id)).toMatchObject({
      whatsappUpdates: false,
      whatsappUpdatesWithdrawnAt: at,
    })
    expect(await stored(contact.lead.id)).toMatchObject({
      whatsappUpdates: false,
      whatsappUpdatesWithdrawnAt: at,
      newsletterOffers: false,
      newsletterOffersWithdrawnAt: at,
    })
    expect(await stored(quote.lead.id)).not.toHaveProperty('newsletterOffers')
    expect(await stored(other.lead.id)).toMatchObject({ whatsappUpdates: true })
    expect(await stored(other.lead.id)).not.toHaveProperty('whatsappUpdatesWithdrawnAt')
    const signups = await leads.listLeads<{ email: string; withdrawnAt?: string }>('NEWSLETTER', {
      limit: 100,
    })
    expect(signups.items.find((signup) => signup.email === 'effects@example.in')).toMatchObject({
      withdrawnAt: at,
    })
    // A second withdrawal changes the leads' times again but not the signup's first withdrawal.
    expect(
      await effects.applyWithdrawal(
        { email: 'effects@example.in' },
        ['newsletter'],
        '2026-11-28T00:00:00.000Z',
      ),
    ).toEqual({
      leads: 1,
      newsletter: false,
    })
  })
})

describe('erasures replayed after a restore', () => {
  it('erases again the leads the activity log says were erased since the restore point, and no others', async () => {
    const erasure = await import('../../functions/lib/db/erasure')
    const audit = await import('../../functions/lib/db/audit')
    const clients = await import('../../functions/lib/clients')
    const { PutCommand, QueryCommand } = await import('@aws-sdk/lib-dynamodb')
    const quote = await leads.storeLead('QUOTE', { ...validQuote, whatsapp: '98700 55555' })
    const contact = await leads.storeLead('CONTACT', {
      ...validContact,
      email: 'replay@example.in',
      phone: '98700 55555',
    })
    const kept = await leads.storeLead('QUOTE', { ...validQuote, whatsapp: '98700 66666' })
    /** The leads' own items in the table (what a restore brings back), by id. */
    const storedItems = async () => {
      const items: Record<string, unknown>[] = []
      for (const kind of ['QUOTE', 'CONTACT']) {
        const reply = await clients.dynamo().send(
          new QueryCommand({
            TableName: 'leads',
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': kind },
          }),
        )
        items.push(...(reply.Items ?? []))
      }
      return new Map(items.map((item) => [String(item.id), item]))
    }
    // The table as it was at the restore point: these items, read before the erasure.
    const atRestorePoint = await storedItems()
    const restored = [quote.lead.id, contact.lead.id].flatMap((id) => atRestorePoint.get(id) ?? [])
    expect(restored).toHaveLength(2)
    const restorePoint = new Date(Date.now() - 1000).toISOString()
    // An erasure long before the restore point: not replayed (its lead, `kept`, was never erased).
    await audit.recordAudit(
      { actor: 'retention', action: 'retention-erasure', target: kept.lead.id, detail: 'lost' },
      new Date('2026-01-01T00:00:00Z'),
    )
    const records = await erasure.erasePersonalRecords('98700 55555')
    expect(records.map((record) => record.id).sort()).toEqual([quote.lead.id, contact.lead.id].sort())
    await audit.recordAudit({
      actor: 'cli',
      action: 'person-erasure',
      target: 'a phone number',
      detail: `${records.length} records: ${records.map((record) => `${record.kind} ${record.id}`).join(', ')}`,
    })
    // The restore brings the erased person back.
    for (const item of restored)
      await clients
        .dynamo()
        .send(new PutCommand({ TableName: 'leads', Item: item as Record<string, unknown> }))
    expect((await storedItems()).has(quote.lead.id)).toBe(true)

    const replay = await erasure.replayErasures(restorePoint)
    expect(replay.entries).toBe(1)
    expect(replay.erased.map((record) => record.id).sort()).toEqual([quote.lead.id, contact.lead.id].sort())
    const after = await storedItems()
    expect(after.has(quote.lead.id)).toBe(false)
    expect(after.has(contact.lead.id)).toBe(false)
    expect(after.has(kept.lead.id)).toBe(true)
    // Run again: nothing left to erase.
    expect((await erasure.replayErasures(restorePoint)).erased).toEqual([])
  })
})

describe('visitor mail on the stand-in', () => {
  it('is kept in the outbox with a choices link that opens to the address', async () => {
    const outbox = join(folder, 'visitor-outbox.jsonl')
    process.env[functionEnv.visitorOutbox] = outbox
    const result = await mail.sendVisitorMail(
      { kind: 'one-time-code', to: 'Kept@Example.in', subject: 'Your code', text: 'Your code is 123456.' },
      { requestId: 'test', now },
    )
    expect(result).toBe('kept')
    const kept = JSON.parse((await readFile(outbox, 'utf8')).trim())
    expect(kept).toMatchObject({ kind: 'one-time-code', to: 'Kept@Example.in', at: now.toISOString() })
    expect(kept.text).toContain(kept.choicesLink)
    const token = new URL(kept.choicesLink, 'http://site.test').searchParams.get('t')
    expect(new URL(kept.oneClickLink, 'http://site.test').searchParams.get('t')).toBe(token)
    expect(await links.openPrivacyLink(token, 'choices', now)).toMatchObject({
      contact: 'email:kept@example.in',
    })
  })

  it('is not sent without a sender, and says so', async () => {
    delete process.env[functionEnv.visitorOutbox]
    delete process.env[functionEnv.mailFrom]
    const result = await mail.sendVisitorMail(
      { kind: 'one-time-code', to: 'a@example.in', subject: 'Your code', text: 'x' },
      { requestId: 'test', now },
    )
    expect(result).toBe('not-configured')
  })
})
