import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3'
import { privacyCasePattern, privacyClock } from '@core/privacy-requests'
import { beforeAll, describe, expect, it } from 'vitest'
import { buckets } from '../../functions/lib/store-definitions'
import { type StaffHeaders, saveTestStaff } from '../support/admin-handlers'
import { engineS3 } from '../support/engine-s3'
import { validContact, validQuote } from '../support/leads'
import { withTestEngines } from '../support/local-server'
import { routeCaller } from '../support/route-calls'
import { readOutbox } from '../support/visitor-outbox'

/**
 * The rights desk on dynalite, through the real handlers: a person asks for a code, reads it from the
 * stand-in's outbox, sends their request with it and gets a case reference; an owner reads the case with the
 * summary the product makes, answers it (the reply lands in the outbox) and the case closes. An erasure of
 * a person with an open lead asks for confirmation first; bad codes and bad requests are refused, storing
 * nothing, and the refusals are in the activity log without the address.
 */
const headers: StaffHeaders = {}
let leads: typeof import('../../functions/lib/db/leads')
let audit: typeof import('../../functions/lib/db/audit')
let personLeads: typeof import('../../functions/lib/db/person-leads')

const { call } = routeCaller({ headers })

async function mailTo(address: string, kind: string) {
  return (await readOutbox()).filter((mail) => mail.to === address && mail.kind === kind)
}
async function codeFor(address: string): Promise<string> {
  const asked = await call('privacy-request-code', { body: { email: address } })
  expect(asked.status).toBe(200)
  expect(asked.body).toEqual({ sent: true })
  const code = (await mailTo(address, 'one-time-code')).at(-1)?.text.match(/\b(\d{6})\b/)?.[1]
  expect(code).toMatch(/^\d{6}$/)
  return code as string
}
const cases = async (): Promise<{ id: string; receivedAt: string }[]> =>
  (await call('admin-list-privacy-cases', { as: 'olga' })).body.items

withTestEngines()
beforeAll(async () => {
  await saveTestStaff(headers, [
    ['olga', 'owner'],
    ['sunil', 'sales'],
  ])
  leads = await import('../../functions/lib/db/leads')
  audit = await import('../../functions/lib/db/audit')
  personLeads = await import('../../functions/lib/db/person-leads')
})

describe('a rights request on dynalite', () => {
  it('runs from the code in the outbox to a case an owner reads, answers and closes', async () => {
    const email = 'meera@example.in'
    const contact = await leads.storeLead('CONTACT', {
      ...validContact,
      name: 'Meera Iyer',
      email,
      phone: '+91 91234 56789',
    })
    const code = await codeFor(email)
    const wrong = code === '000000' ? '111111' : '000000'
    const refused = await call('privacy-create-request', { body: { email, code: wrong, kind: 'summary' } })
    expect(refused.status).toBe(400)
    expect(refused.body.fields.code).toBe('That code is not right. Check the e-mail and try again.')
    const before = (await cases()).length

    const sent = await call('privacy-create-request', {
      body: { email: 'Meera@Example.in', code, kind: 'summary', details: 'What do you hold about me?' },
    })
    expect(sent.status).toBe(201)
    expect(sent.body.reference).toMatch(privacyCasePattern)
    expect(sent.body.message).toContain('We answer within 90 days, usually within 7.')
    const reference: string = sent.body.reference
    expect((await cases()).map((item) => item.id)).toContain(reference)
    expect((await cases()).length).toBe(before + 1)
    // The code works once.
    const again = await call('privacy-create-request', { body: { email, code, kind: 'erasure' } })
    expect(again.status).toBe(400)
    expect((await cases()).length).toBe(before + 1)

    // Owners only: a sales user may not read the desk.
    expect((await call('admin-list-privacy-cases', { as: 'sunil' })).status).toBe(403)
    const opened = await call('admin-get-privacy-case', { as: 'olga', pathParameters: { id: reference } })
    expect(opened.status).toBe(200)
    expect(opened.body.case).toMatchObject({
      id: reference,
      kind: 'summary',
      status: 'open',
      email,
      identity: 'one-time-code',
    })
    expect(opened.body.summary.leads).toEqual([
      expect.objectContaining({
        id: contact.lead.id,
        kind: 'contact',
        status: 'new',
        fields: expect.arrayContaining(['Email', 'Phone']),
      }),
    ])
    expect(opened.body.summary.consents.map((consent: { purpose: string }) => consent.purpose)).toEqual([
      'whatsapp-updates',
      'newsletter',
    ])

    const refusedWithoutReason = await call('admin-reply-privacy-case', {
      as: 'olga',
      pathParameters: { id: reference },
      body: { decision: 'refused', reply: 'No.' },
    })
    expect(refusedWithoutReason.status).toBe(400)
    expect(refusedWithoutReason.body.fields.reason).toBe('Say why it is refused')
    const answered = await call('admin-reply-privacy-case', {
      as: 'olga',
      pathParameters: { id: reference },
      body: { decision: 'granted', reply: 'We hold one contact message of yours.' },
    })
    expect(answered.status).toBe(200)
    expect(answered.body).toMatchObject({
      status: 'closed',
      decision: 'granted',
      replyVia: 'kept',
      closedBy: 'olga',
    })
    const [reply] = await mailTo(email, 'privacy-reply')
    expect(reply?.subject).toBe(`Your request ${reference}: granted`)
    expect(reply?.text).toContain('We hold one contact message of yours.')
    const twice = await call('admin-reply-privacy-case', {
      as: 'olga',
      pathParameters: { id: reference },
      body: { decision: 'granted', reply: 'Again.' },
    })
    expect(twice.status).toBe(409)

    // The activity log has the request, the refused code, the opening and the answer, never the address.
    const logged = (await audit.listAudit({ limit: 100 })).items
    const desk = logged.filter((entry) => entry.action.startsWith('privacy-'))
    expect(desk.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['privacy-refused', 'privacy-request', 'privacy-case-view', 'privacy-reply']),
    )
    expect(desk.filter((entry) => entry.action === 'privacy-refused').map((entry) => entry.detail)).toEqual(
      expect.arrayContaining(['request: code wrong', 'request: code used']),
    )
    // Each refusal names the route it came to, as the choices page's do.
    for (const entry of desk.filter((candidate) => candidate.action === 'privacy-refused')) {
      expect(['privacy-create-request', 'privacy-request-code']).toContain(entry.target)
    }
    expect(JSON.stringify(desk)).not.toMatch(/meera/i)
  })

  it('refuses a request without a contact, a nomination without a nominee and a fourth code in an hour', async () => {
    const before = (await cases()).length
    const noContact = await call('privacy-create-request', { body: { code: '123456', kind: 'summary' } })
    expect(noContact.status).toBe(400)
    expect(noContact.body.fields.email).toBe('Email is required')
    const email = 'kiran@example.in'
    const code = await codeFor(email)
    const noNominee = await call('privacy-create-request', { body: { email, code, kind: 'nominate' } })
    expect(noNominee.status).toBe(400)
    expect(noNominee.body.fields.nominee).toBe('Name who you nominate, and how to reach them')
    await codeFor(email)
    await codeFor(email)
    const fourth = await call('privacy-request-code', { body: { email } })
    expect(fourth.status).toBe(429)
    expect(fourth.body.error).toBe('Too many codes were asked for this hour. Please try again later.')
    expect(await mailTo(email, 'one-time-code')).toHaveLength(3)
    expect((await cases()).length).toBe(before)
  })

  it('erases a phone-only person after call-back only once the owner confirms what their open lead loses', async () => {
    const quote = await leads.storeLead('QUOTE', {
      ...validQuote,
      name: 'Gopal Das',
      whatsapp: '99887 76655',
    })
    const opened = await call('admin-open-privacy-case', {
      as: 'olga',
      body: { kind: 'erasure', name: 'Gopal Das', phone: '99887 76655' },
    })
    expect(opened.status).toBe(201)
    expect(opened.body).toMatchObject({ identity: 'call-back', openedBy: 'olga', phone: '+91 99887 76655' })
    const id: string = opened.body.id

    const unconfirmed = await call('admin-erase-privacy-case', {
      as: 'olga',
      pathParameters: { id },
      body: {},
    })
    expect(unconfirmed.status).toBe(409)
    expect(unconfirmed.body.error).toContain('This person has an open lead (Quote of')
    expect(unconfirmed.body.error).toContain('the sale in progress is lost. Confirm to erase anyway.')
    // The refusal names the field that lets it through, so the page asks instead of showing an error.
    expect(unconfirmed.body.fields).toEqual({ confirm: unconfirmed.body.error })
    expect((await personLeads.leadsOfPerson({ phone: '+91 99887 76655' })).map((lead) => lead.id)).toEqual([
      quote.lead.id,
    ])

    // A large export of earlier today, a copy of every quote (Gopal's included): the erasure deletes it.
    const exportKey = '1764100000000-a/quotes.csv'
    await engineS3().send(
      new PutObjectCommand({
        Bucket: buckets.exports.localName,
        Key: exportKey,
        Body: 'id,name\r\nq1,Gopal Das\r\n',
      }),
    )
    const exportKeys = async () =>
      (
        (await engineS3().send(new ListObjectsV2Command({ Bucket: buckets.exports.localName }))).Contents ??
        []
      ).map((object) => object.Key)
    expect(await exportKeys()).toContain(exportKey)

    const erased = await call('admin-erase-privacy-case', {
      as: 'olga',
      pathParameters: { id },
      body: { confirm: true },
    })
    expect(erased.status).toBe(200)
    expect(erased.body.erased).toBe(1)
    expect(erased.body.exportFiles).toBe(1)
    expect(await exportKeys()).toEqual([])
    const logged = (await audit.listAudit({ limit: 100 })).items.find(
      (entry) => entry.action === 'privacy-erasure' && entry.target === id,
    )
    expect(logged?.detail).toBe(`1 record: QUOTE ${quote.lead.id}; 1 export file deleted`)
    expect(await personLeads.leadsOfPerson({ phone: '+91 99887 76655' })).toEqual([])
    expect(
      (
        await call('admin-erase-privacy-case', {
          as: 'olga',
          pathParameters: { id },
          body: { confirm: true },
        })
      ).status,
    ).toBe(409)

    const answered = await call('admin-reply-privacy-case', {
      as: 'olga',
      pathParameters: { id },
      body: { decision: 'granted', reply: 'Your data is erased, Gopal.' },
    })
    expect(answered.status).toBe(200)
    expect(answered.body).toMatchObject({
      status: 'closed',
      replyVia: 'phone',
      erasure: { records: 1, by: 'olga' },
    })
    // What is left proves the request was honoured, and names nobody.
    const kept = await call('admin-get-privacy-case', { as: 'olga', pathParameters: { id } })
    expect(kept.body.summary).toBeUndefined()
    for (const field of ['phone', 'name', 'email', 'details', 'reply'])
      expect(kept.body.case).not.toHaveProperty(field)
    expect(JSON.stringify(kept.body)).not.toMatch(/gopal|99887/i)
  })

  it('records a withdrawal through staff after a call-back: the ledger, the lead and the log, never the number', async () => {
    const phone = '+91 97654 32109'
    const stored = await call('create-quote', {
      body: { ...validQuote, name: 'Kavita Rao', whatsapp: phone, whatsappUpdates: true },
    })
    expect(stored.status, JSON.stringify(stored.body)).toBe(201)
    const ledger = await import('../../functions/lib/db/consent-ledger')
    const changes = await import('../../functions/lib/db/lead-changes')
    const opened = await call('admin-open-privacy-case', {
      as: 'olga',
      body: { kind: 'summary', name: 'Kavita Rao', phone, details: 'Stop WhatsApp offers, please.' },
    })
    const id: string = opened.body.id
    const before = await ledger.ledgerEntriesOf({ phone })

    // No call-back ticked, no purpose, a sales user: each refused, nothing written.
    const unconfirmed = await call('admin-withdraw-privacy-case', {
      as: 'olga',
      pathParameters: { id },
      body: { purposes: ['whatsapp-updates'] },
    })
    expect(unconfirmed.status).toBe(400)
    expect(unconfirmed.body.fields.calledBack).toBe('Call the person back and tick that they confirmed')
    const none = await call('admin-withdraw-privacy-case', {
      as: 'olga',
      pathParameters: { id },
      body: { purposes: [], calledBack: true },
    })
    expect(none.status).toBe(400)
    expect(
      (
        await call('admin-withdraw-privacy-case', {
          as: 'sunil',
          pathParameters: { id },
          body: { purposes: ['whatsapp-updates'], calledBack: true },
        })
      ).status,
    ).toBe(403)
    expect(
      (
        await call('admin-withdraw-privacy-case', {
          as: 'olga',
          pathParameters: { id: 'PR-000101-000000-NONE' },
          body: { purposes: ['whatsapp-updates'], calledBack: true },
        })
      ).status,
    ).toBe(404)
    expect(await ledger.ledgerEntriesOf({ phone })).toHaveLength(before.length)
    expect((await changes.findLead(stored.body.id)).item).toMatchObject({ whatsappUpdates: true })

    const withdrawn = await call('admin-withdraw-privacy-case', {
      as: 'olga',
      pathParameters: { id },
      body: { purposes: ['whatsapp-updates'], calledBack: true },
    })
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200)
    expect(withdrawn.body).toMatchObject({ leads: 1, newsletter: false })
    expect(withdrawn.body.standing).toContainEqual(
      expect.objectContaining({ purpose: 'whatsapp-updates', given: false, form: 'choices' }),
    )
    const entries = await ledger.ledgerEntriesOf({ phone })
    expect(entries).toHaveLength(before.length + 1)
    expect(entries.at(-1)).toMatchObject({
      purpose: 'whatsapp-updates',
      given: false,
      withdrawnVia: 'staff',
      shown: 'Withdrawn through staff, after calling the person back',
    })
    const lead = (await changes.findLead(stored.body.id)).item
    expect(lead).toMatchObject({ whatsappUpdates: false })
    expect(lead.whatsappUpdatesWithdrawnAt).toBe(entries.at(-1)?.at)

    const logged = (await audit.listAudit({ limit: 100 })).items.filter(
      (entry) => entry.action === 'consent-withdrawal' && entry.target === id,
    )
    expect(logged).toEqual([
      expect.objectContaining({
        actor: 'olga',
        detail: 'by staff after a call-back: whatsapp-updates; 1 lead(s)',
      }),
    ])
    expect(JSON.stringify(logged)).not.toMatch(/97654|kavita/i)
  })

  it('keeps the 90-day clock of a stored case: days left, then overdue', async () => {
    const email = 'lata@example.in'
    const code = await codeFor(email)
    const sent = await call('privacy-create-request', { body: { email, code, kind: 'correction' } })
    const stored = (await cases()).find((item) => item.id === sent.body.reference) as { receivedAt: string }
    const received = Date.parse(stored.receivedAt)
    const day = 24 * 60 * 60 * 1000
    expect(sent.body.dueAt).toBe(new Date(received + 90 * day).toISOString())
    expect(privacyClock(stored.receivedAt, new Date(received + 10 * day))).toMatchObject({
      daysLeft: 80,
      overdue: false,
      withinGoal: false,
    })
    expect(privacyClock(stored.receivedAt, new Date(received + 91 * day))).toMatchObject({
      daysLeft: -1,
      overdue: true,
    })
  })
})
