import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb'
import { keepMessages } from '@core/retention-messages'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { functionEnv } from '../../functions/lib/store-definitions'
import { validContact, validQuote } from '../support/leads'
import { withTestEngines } from '../support/local-server'
import { routeCaller } from '../support/route-calls'
import { outboxTo } from '../support/visitor-outbox'

/**
 * The retention sweep's ask, on dynalite with an injected clock: an open contact nobody touched for its
 * period is not erased but its person is asked by e-mail (the stand-in's outbox), once; the keep page's
 * button (POST /api/privacy/keep) touches the lead so its clock restarts; unanswered, the lead is erased
 * 14 days after the ask; a phone-only lead is erased at its date; a bad, expired or other link is refused
 * and logged. And the ask's choices link names the lead's phone beside the address, so the choices page
 * shows and withdraws a WhatsApp consent given on a quote with the same number.
 */
let sweep: typeof import('../../functions/lib/retention-sweep')
let links: typeof import('../../functions/lib/privacy/links')
let audit: typeof import('../../functions/lib/db/audit')
let clients: typeof import('../../functions/lib/clients')

const day = 24 * 60 * 60 * 1000
let person = 0

/** The public routes, each call from the network of the latest person (storeContact). */
const { call } = routeCaller({ sourceIp: () => `198.51.100.${person}` })

const tokenOf = (link: string) => new URL(link, 'http://site.test').searchParams.get('t') ?? ''
const keepLinkIn = (text: string) => text.match(/(\S*\/privacy\/keep\?t=\S+)/)?.[1] ?? ''

/** A contact message from a person of their own (an address and a number unless told). */
async function storeContact(fields: Record<string, unknown> = {}) {
  person += 1
  const email = `keep${person}@example.in`
  const stored = await call('create-contact', {
    body: { ...validContact, email, phone: `+91 98200 0${String(person).padStart(4, '0')}`, ...fields },
  })
  expect(stored.status, JSON.stringify(stored.body)).toBe(201)
  return { id: String(stored.body.id), email }
}

async function leadItem(id: string): Promise<Record<string, unknown> | undefined> {
  const entry = await clients
    .dynamo()
    .send(new GetCommand({ TableName: 'leads', Key: { pk: 'INBOX#ID', sk: id } }))
  if (!entry.Item) return undefined
  const key = { pk: 'CONTACT', sk: `${entry.Item.createdAt}#${id}` }
  return (await clients.dynamo().send(new GetCommand({ TableName: 'leads', Key: key }))).Item
}

async function retentionKeys(id: string): Promise<string[]> {
  const reply = await clients.dynamo().send(
    new QueryCommand({
      TableName: 'leads',
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': 'INBOX#RETAIN' },
    }),
  )
  return (reply.Items ?? []).map((item) => String(item.sk)).filter((sk) => sk.endsWith(`#${id}`))
}

async function auditOf(action: string, target?: string) {
  const { items } = await audit.listAudit({ limit: 200 })
  return items.filter((entry) => entry.action === action && (!target || entry.target === target))
}

/** A year and a month after now: every lead stored by these tests is untouched past its 12 months. */
const later = () => new Date(Date.now() + 395 * day)

withTestEngines()
beforeAll(async () => {
  process.env[functionEnv.leadRateLimit] = 'off'
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  sweep = await import('../../functions/lib/retention-sweep')
  links = await import('../../functions/lib/privacy/links')
  audit = await import('../../functions/lib/db/audit')
  clients = await import('../../functions/lib/clients')
})
afterEach(() => {
  vi.useRealTimers()
})
afterAll(async () => {
  vi.restoreAllMocks()
})

describe('the retention sweep asks before it erases an untouched open lead', () => {
  it('asks once by e-mail, moves the lead to its answer date, and the keep button restarts its clock', async () => {
    const { id, email } = await storeContact()
    const askedOn = later()
    const first = await sweep.sweepRetention({ now: askedOn })
    expect(first.asked).toBeGreaterThanOrEqual(1)
    expect(await leadItem(id)).toMatchObject({ retentionAskedAt: askedOn.toISOString() })
    const [ask, ...more] = await outboxTo(email)
    expect(more).toEqual([])
    expect(ask).toMatchObject({ kind: 'retention-ask', subject: 'Do you still want to hear from Suryodaya?' })
    expect(ask?.text).toContain('The link works for 14 days')
    // Its retention entry moved from `untouched#…` to the ask, due 14 days on.
    expect(await retentionKeys(id)).toEqual([expect.stringMatching(`^asked#${askedOn.toISOString()}#`)])
    expect(await auditOf('retention-ask', id)).toEqual([
      expect.objectContaining({
        actor: 'Retention sweep',
        detail: expect.stringContaining('untouched, asked'),
      }),
    ])

    // A second run the same day sends nothing and erases nothing.
    const again = await sweep.sweepRetention({ now: new Date(askedOn.getTime() + 60 * 60 * 1000) })
    expect(again.asked).toBe(0)
    expect(await outboxTo(email)).toHaveLength(1)
    expect(await leadItem(id)).toBeDefined()

    // The person opens the link a day later and presses the button.
    const keptAt = new Date(askedOn.getTime() + day)
    vi.useFakeTimers({ toFake: ['Date'], now: keptAt })
    const kept = await call('privacy-keep', { body: { t: tokenOf(keepLinkIn(ask?.text ?? '')) } })
    vi.useRealTimers()
    expect(kept.status).toBe(200)
    expect(kept.body).toEqual({ state: 'kept', message: keepMessages.kept })
    const item = await leadItem(id)
    expect(item?.updatedAt).toBe(keptAt.toISOString())
    expect(item?.retentionAskedAt).toBeUndefined()
    expect(item?.history).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'note', at: keptAt.toISOString() })]),
    )
    expect(await retentionKeys(id)).toEqual([expect.stringMatching(`^untouched#${keptAt.toISOString()}#`)])
    expect(await auditOf('retention-kept', id)).toEqual([
      expect.objectContaining({ actor: 'visitor', network: expect.any(String) }),
    ])
    // Past the ask's 14 days, the kept lead is neither erased nor asked again: its year starts at the button.
    await sweep.sweepRetention({ now: new Date(askedOn.getTime() + 20 * day) })
    expect(await leadItem(id)).toBeDefined()
    expect(await outboxTo(email)).toHaveLength(1)
  })

  it('erases the lead 14 days after an ask nobody answered, and logs it', async () => {
    const { id, email } = await storeContact()
    const askedOn = later()
    await sweep.sweepRetention({ now: askedOn })
    expect(await outboxTo(email)).toHaveLength(1)
    // Thirteen days on: still waiting for the answer.
    await sweep.sweepRetention({ now: new Date(askedOn.getTime() + 13 * day) })
    expect(await leadItem(id)).toBeDefined()
    const report = await sweep.sweepRetention({ now: new Date(askedOn.getTime() + 14 * day + 1000) })
    expect(report.erased).toBeGreaterThanOrEqual(1)
    expect(await leadItem(id)).toBeUndefined()
    expect(await retentionKeys(id)).toEqual([])
    expect(await auditOf('retention-erasure', id)).toEqual([
      expect.objectContaining({
        actor: 'Retention sweep',
        detail: expect.stringMatching(/^untouched, asked \d{4}-\d{2}-\d{2} without an answer, due /),
      }),
    ])
    // The button after the erasure: refused with what to do, and logged.
    const ask = (await outboxTo(email))[0]
    const late = await call('privacy-keep', { body: { t: tokenOf(keepLinkIn(ask?.text ?? '')) } })
    expect(late.status).toBe(400)
    expect(late.body.error).toBe(keepMessages.gone)
  })

  it('erases a phone-only lead at its date: there is no address to ask, and the log says so', async () => {
    const { id } = await storeContact({ email: '' })
    await sweep.sweepRetention({ now: later() })
    expect(await leadItem(id)).toBeUndefined()
    expect(await auditOf('retention-erasure', id)).toEqual([
      expect.objectContaining({ detail: expect.stringContaining('not asked (no e-mail to ask)') }),
    ])
  })

  it('refuses a keep link that is expired, for another use or changed, writing nothing but the log', async () => {
    const { id, email } = await storeContact()
    const before = await leadItem(id)
    const contact = `email:${email}`
    const expired = await links.signPrivacyLink('keep-request', contact, new Date(Date.now() - 15 * day), {
      lead: id,
    })
    const otherUse = await links.signPrivacyLink('choices', contact, new Date(), { lead: id })
    const good = await links.signPrivacyLink('keep-request', contact, new Date(), { lead: id })
    const tampered = `${good.slice(0, -4)}${good.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`
    for (const [token, message, reason] of [
      [expired, keepMessages.expired, 'link expired'],
      [otherUse, keepMessages['wrong-use'], 'link wrong-use'],
      [tampered, keepMessages.invalid, 'link invalid'],
    ] as const) {
      const reply = await call('privacy-keep', { body: { t: token } })
      expect(reply.status).toBe(400)
      expect(reply.body.error).toBe(message)
      expect((await auditOf('privacy-refused', 'privacy-keep'))[0]).toMatchObject({
        actor: 'visitor',
        detail: reason,
      })
    }
    // Another person's address on a good link for this lead: not theirs to keep.
    const stranger = await links.signPrivacyLink('keep-request', 'email:someone@example.in', new Date(), {
      lead: id,
    })
    expect((await call('privacy-keep', { body: { t: stranger } })).body.error).toBe(keepMessages.gone)
    expect(await leadItem(id)).toEqual(before)
    expect(await auditOf('retention-kept', id)).toEqual([])
  })
})

describe("a message about a lead carries the lead's phone in its choices link", () => {
  it('shows and withdraws a WhatsApp consent given on a quote with the same number', async () => {
    // The contact message first (its WhatsApp box unticked, recorded by address and number), then a quote
    // from the same number with WhatsApp updates ticked (recorded by the number only: a quote has no address).
    const phone = `+91 98300 0${String(person + 1).padStart(4, '0')}`
    const { email } = await storeContact({ phone, whatsappUpdates: false })
    const quote = await call('create-quote', {
      body: { ...validQuote, whatsapp: phone, whatsappUpdates: true },
    })
    expect(quote.status, JSON.stringify(quote.body)).toBe(201)

    await sweep.sweepRetention({ now: later() })
    const [ask] = await outboxTo(email)
    expect(ask?.kind).toBe('retention-ask')
    const token = tokenOf(ask?.choicesLink ?? '')
    // The number is inside the encrypted token only, never in the link or the message.
    expect(ask?.choicesLink).not.toContain('98300')
    expect(ask?.text).not.toContain('98300')
    const opened = await links.openPrivacyLink(token, 'choices')
    expect(opened).toMatchObject({ contact: `email:${email}`, also: `phone:${phone}` })

    const shown = await call('privacy-choices', { body: { t: token } })
    expect(shown.body.standing).toContainEqual(
      expect.objectContaining({ purpose: 'whatsapp-updates', given: true, form: 'quote' }),
    )
    // A link naming the address alone sees the contact's unticked box, not the quote's consent.
    const addressOnly = await links.signPrivacyLink('choices', `email:${email}`)
    expect((await call('privacy-choices', { body: { t: addressOnly } })).body.standing).toContainEqual(
      expect.objectContaining({ purpose: 'whatsapp-updates', given: false }),
    )

    const withdrawn = await call('privacy-withdraw', { body: { t: token, purposes: ['whatsapp-updates'] } })
    expect(withdrawn.status).toBe(200)
    expect(withdrawn.body.standing).toContainEqual(
      expect.objectContaining({ purpose: 'whatsapp-updates', given: false, form: 'choices' }),
    )
    // The number's own link now sees it withdrawn too.
    const byPhone = await links.signPrivacyLink('choices', `phone:${phone}`)
    expect((await call('privacy-choices', { body: { t: byPhone } })).body.standing).toContainEqual(
      expect.objectContaining({ purpose: 'whatsapp-updates', given: false, form: 'choices' }),
    )
  })
})
