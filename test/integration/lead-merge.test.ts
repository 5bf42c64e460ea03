import { beforeAll, describe, expect, it } from 'vitest'
import { adminCaller, saveTestStaff } from '../support/admin-handlers'
import { validContact, validQuote } from '../support/leads'
import { withTestEngines } from '../support/local-server'

/**
 * Merging two leads on dynalite: the real handler, both leads' real items, their notes, index entries and
 * counters, and the audit trail. The survivor gains the other's fields, history and notes (marked), the other
 * is closed as merged (its link says where it went) and leaves every view; refused merges write nothing.
 */
const headers: Record<string, Record<string, string>> = {}
let leads: typeof import('../../functions/lib/db/leads')
let changes: typeof import('../../functions/lib/db/lead-changes')
let inbox: typeof import('../../functions/lib/db/inbox')
let stats: typeof import('../../functions/lib/db/lead-stats')
let audit: typeof import('../../functions/lib/db/audit')

const call = adminCaller(headers)
const merge = (as: string, id: string, body: unknown) =>
  call('admin-merge-leads', as, { pathParameters: { id }, body })
const get = (as: string, id: string) => call('admin-get-lead', as, { pathParameters: { id } })

/** The count of leads in a status now (the dashboard's pipeline). */
async function inStatus(status: string): Promise<number> {
  const stored = await stats.readLeadStats()
  return stored.find((stat) => stat.key === `STATUS#${status}`)?.count ?? 0
}

withTestEngines()
beforeAll(async () => {
  await saveTestStaff(headers, [
    ['olga', 'owner'],
    ['sunil', 'sales'],
    ['vik', 'viewer'],
  ])
  leads = await import('../../functions/lib/db/leads')
  changes = await import('../../functions/lib/db/lead-changes')
  inbox = await import('../../functions/lib/db/inbox')
  stats = await import('../../functions/lib/db/lead-stats')
  audit = await import('../../functions/lib/db/audit')
})

describe('POST /api/admin/leads/{id}/merge on dynalite', () => {
  it("joins a person's contact to their quote: fields, history and notes move, the contact is closed as merged and leaves every view", async () => {
    const quote = (await leads.storeLead('QUOTE', { ...validQuote, whatsapp: '98765 43210' })).lead
    const contact = (
      await leads.storeLead('CONTACT', { ...validContact, phone: '+91 98765 43210' }, { now: new Date() })
    ).lead
    await changes.addLeadNote(contact.id, 'Prefers a call after 6 pm.', 'sunil')
    const attempted = await call('admin-add-lead-attempt', 'sunil', {
      pathParameters: { id: contact.id },
      body: { channel: 'call', outcome: 'no-answer' },
    })
    expect(attempted.status).toBe(201)
    // The quote's page lists the contact as the same person's.
    expect((await get('sunil', quote.id)).body.person.map((lead: { id: string }) => lead.id)).toEqual([
      contact.id,
    ])
    const newBefore = await inStatus('new')

    const merged = await merge('sunil', quote.id, { from: contact.id })
    expect(merged.status).toBe(200)
    const lead = merged.body
    expect(lead.id).toBe(quote.id)
    // The page reads it again: its timeline and the person's other leads.
    const { events, person } = (await get('sunil', quote.id)).body
    // What the quote lacked comes from the contact; what it had stays its own.
    expect(lead.fields).toMatchObject({
      email: validContact.email,
      subject: validContact.subject,
      message: validContact.message,
      name: validQuote.name,
      mergedFrom: [contact.id],
    })
    expect(lead.firstContactAt).toBe(attempted.body.firstContactAt)
    expect(lead.version).toBe(1)
    // The contact's attempt and note join the timeline, marked as from the merged lead, then the merge itself.
    expect(
      events.map((event: Record<string, unknown>) => [event.type, event.fromLead ?? '', event.text ?? '']),
    ).toEqual([
      ['note', contact.id, 'Prefers a call after 6 pm.'],
      ['attempt', contact.id, ''],
      ['merge', '', expect.stringContaining(contact.id)],
    ])
    // The person's leads no longer list the merged one.
    expect(person).toEqual([])

    // The contact's link still opens it, closed as merged into the quote, its closing event last.
    const closed = (await get('olga', contact.id)).body
    expect(closed.lead.mergedInto).toBe(quote.id)
    expect(closed.events.at(-1)).toMatchObject({ type: 'merge', to: quote.id, by: 'sunil' })
    // Out of every view and search; the quote is found by the same phone number.
    const ids = async (query: Record<string, string>) =>
      (await inbox.listInbox(query, 100)).items.map((item) => item.id)
    expect(await ids({})).not.toContain(contact.id)
    expect(await ids({ status: 'new' })).not.toContain(contact.id)
    expect(await ids({ q: '9876543210' })).toEqual([quote.id])
    expect(await ids({ q: validContact.email })).not.toContain(contact.id)
    // The dashboard counts one lead fewer in `new`: the survivor stands for both.
    expect(await inStatus('new')).toBe(newBefore - 1)
    // Audited with both ids.
    const logged = (await audit.listAudit({ limit: 100 })).items.filter(
      (entry) => entry.action === 'lead-merge',
    )
    expect(logged.map((entry) => [entry.actor, entry.target, entry.detail])).toEqual([
      ['sunil', `quote ${quote.id}`, `merged in lead ${contact.id}`],
    ])
    // A change, note or attempt on the merged lead is refused, naming where it went.
    const note = await call('admin-add-lead-note', 'sunil', {
      pathParameters: { id: contact.id },
      body: { text: 'Too late.' },
    })
    expect(note.status).toBe(409)
    expect(note.body.error).toContain(quote.id)
    // Merged once: a second merge of it is refused.
    const again = await merge('olga', quote.id, { from: contact.id })
    expect(again.status).toBe(409)
    expect(again.body.error).toBe(`That lead was merged into lead ${quote.id} already.`)
  })

  it('refuses a viewer, a lead with itself, an unknown lead and a closed lead of another person without confirmation, writing nothing', async () => {
    const mine = (await leads.storeLead('QUOTE', { ...validQuote, whatsapp: '91234 56789' })).lead
    const theirs = (
      await leads.storeLead('CONTACT', { ...validContact, email: 'meera@example.com', phone: '99887 76655' })
    ).lead
    const detail = await changes.leadDetail(theirs.id)
    await changes.changeLead(
      theirs.id,
      { version: detail.lead.version, status: 'contacted' },
      'olga',
      async () => undefined,
    )
    const won = await changes.leadDetail(theirs.id)
    await changes.changeLead(
      theirs.id,
      { version: won.lead.version, status: 'won' },
      'olga',
      async () => undefined,
    )
    const before = await Promise.all([changes.leadDetail(mine.id), changes.leadDetail(theirs.id)])

    expect((await merge('vik', mine.id, { from: theirs.id })).status).toBe(403)
    const itself = await merge('sunil', mine.id, { from: mine.id })
    expect(itself.status).toBe(400)
    expect(itself.body.error).toBe('A lead cannot be merged with itself.')
    const unknown = await merge('sunil', mine.id, { from: '0190c0de-0000-7000-8000-0000000000ff' })
    expect(unknown.status).toBe(404)
    const closed = await merge('sunil', mine.id, { from: theirs.id })
    expect(closed.status).toBe(409)
    expect(closed.body.error).toBe(
      'The other lead is closed (Won) and names another person (a different phone number and e-mail): confirm to merge it anyway.',
    )
    expect(await Promise.all([changes.leadDetail(mine.id), changes.leadDetail(theirs.id)])).toEqual(before)

    // Confirmed, it is made.
    const confirmed = await merge('olga', mine.id, { from: theirs.id, confirm: true })
    expect(confirmed.status).toBe(200)
    expect((await changes.leadDetail(theirs.id)).lead.mergedInto).toBe(mine.id)
    // The won lead leaves the pipeline's Won count with the merge.
    expect(await inStatus('won')).toBe(0)
  })
})
