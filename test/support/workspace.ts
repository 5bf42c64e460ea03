import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { businessDateOf } from '@core/business-days'
import type { mockClient } from 'aws-sdk-client-mock'
import { leadSummary } from '../../functions/lib/db/inbox'

/**
 * A stored quote as the workspace's routes read it, for the tests whose DynamoDB is mocked: its own item,
 * its entry by id, and bodies the lead routes accept for it.
 */
export const storedLeadId = '0190c0de-0000-7000-8000-000000000001'
/** Another lead's id: the one a merge joins to the stored lead. */
export const otherLeadId = '0190c0de-0000-7000-8000-000000000002'
/** A lead's own item under the stored id: its key, id and time, and its fields. */
const storedItem = <T extends object>(pk: 'QUOTE' | 'CONTACT', createdAt: string, fields: T) => ({
  pk,
  sk: `${createdAt}#${storedLeadId}`,
  id: storedLeadId,
  createdAt,
  ...fields,
})

/** A site visit booked on the stored quote (the visit routes' fixtures change it and download its file). */
export const storedVisitId = '0190c0de-0000-7000-8000-00000000a151'
export const storedVisit = {
  id: storedVisitId,
  date: '2026-12-05',
  slot: '09-11',
  engineer: 'asha',
  status: 'booked',
  sequence: 0,
  bookedAt: '2026-11-22T11:00:00.000Z',
  bookedBy: 'asha',
} as const

export const storedQuoteItem = storedItem('QUOTE', '2026-11-22T10:00:00.000Z', {
  category: 'residential',
  name: 'Ravi Kumar',
  whatsapp: '+91 98765 43210',
  pincode: '500081',
  // Sent through the quote form: the visitor's reference (lead-reference.ts).
  reference: 'SE-7K3P9',
  status: 'contacted',
  version: 1,
  assignee: 'asha',
  followUpOn: '2026-11-30',
  visits: [storedVisit],
})
export const storedQuoteEntry = entryOf(storedQuoteItem)

/** A stored contact, new and unassigned. */
export const storedContactItem = storedItem('CONTACT', '2026-11-22T11:00:00.000Z', {
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  subject: 'Rooftop solar',
  message: 'Please call me.',
})

/** The entry by id (INBOX#ID) of a stored quote or contact item. */
export function entryOf(item: { pk: string } & Record<string, unknown>): Record<string, unknown> {
  return { ...leadSummary(item.pk as 'QUOTE' | 'CONTACT', item), pk: 'INBOX#ID', sk: item.id }
}

/** A change the pipeline allows on the stored quote (its version is 1), a note and a contact attempt. */
export const validLeadChange = { version: 1, status: 'site-visit' }
export const validLeadNote = { text: 'Called back; wants a site visit on Monday.' }
/** A site visit a month ahead (in India), with the stored colleague as its engineer; and its cancellation. */
export const validVisitBooking = {
  date: businessDateOf(Date.now() + 30 * 86_400_000),
  slot: '11-13',
  engineer: 'asha',
}
export const validVisitChange = { action: 'cancel', sequence: 0 }
/** A first contact on WhatsApp, logged with no next step. */
export const validLeadAttempt = { channel: 'whatsapp', outcome: 'sent' }

/** The same person's contact under another id: the lead a merge joins to the stored quote. */
export const otherContactItem = {
  ...storedContactItem,
  id: otherLeadId,
  sk: `${storedContactItem.createdAt}#${otherLeadId}`,
}

/** An open erasure case of the rights desk (functions/lib/db/privacy-cases.ts), as the PRIVACY partition holds it. */
export const storedPrivacyCaseItem = {
  pk: 'PRIVACY',
  sk: 'PR-261127-093000-K7QM',
  id: 'PR-261127-093000-K7QM',
  kind: 'erasure',
  receivedAt: '2026-11-27T09:30:00.000Z',
  identity: 'one-time-code',
  status: 'open',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  version: 1,
} as const

/**
 * Makes a mocked document client answer the reads and the conditional update of the stored quote, and of the
 * same person's contact a merge joins to it; and the stored privacy case, its answer closing it.
 */
export function answerStoredLead(document: ReturnType<typeof mockClient>): void {
  document
    .on(GetCommand, { Key: { pk: 'PRIVACY', sk: storedPrivacyCaseItem.sk } })
    .resolves({ Item: storedPrivacyCaseItem })
  document
    .on(UpdateCommand, { Key: { pk: 'PRIVACY', sk: storedPrivacyCaseItem.sk } })
    .resolves({ Attributes: { ...storedPrivacyCaseItem, status: 'closed', version: 2 } })
  document
    .on(GetCommand, { Key: { pk: 'INBOX#ID', sk: otherLeadId } })
    .resolves({ Item: entryOf(otherContactItem) })
  document
    .on(GetCommand, { Key: { pk: 'CONTACT', sk: otherContactItem.sk } })
    .resolves({ Item: otherContactItem })
  document
    .on(UpdateCommand, { Key: { pk: 'CONTACT', sk: otherContactItem.sk } })
    .resolves({ Attributes: { ...otherContactItem, mergedInto: storedLeadId, version: 1 } })
  document.on(GetCommand, { Key: { pk: 'INBOX#ID', sk: storedLeadId } }).resolves({ Item: storedQuoteEntry })
  document
    .on(GetCommand, { Key: { pk: 'QUOTE', sk: storedQuoteItem.sk } })
    .resolves({ Item: storedQuoteItem })
  document
    .on(UpdateCommand, { Key: { pk: 'QUOTE', sk: storedQuoteItem.sk } })
    .resolves({ Attributes: { ...storedQuoteItem, status: 'site-visit', version: 2 } })
}
