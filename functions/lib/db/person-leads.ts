import { phoneKey } from '@core/inbox-search'
import type { PersonLead } from '@core/lead-views'
import { normaliseEmail } from '@core/newsletter'
import { closedLeadStatuses } from '@core/pipeline-rules'
import { keyPart, type StoredSummary } from './inbox'
import { queryPartition } from './partition-io'

/**
 * One person, one history: the leads that share a phone number (its last 10 digits, in any format) or an
 * e-mail address, found through the inbox's INBOX#PHONE and INBOX#EMAIL entries (one bounded Query each,
 * newest first), never a Scan. A new lead is linked to the person's open lead on arrival (its assignee keeps
 * them, functions/core/assignment.ts), and the lead page lists the person's other leads.
 */

/** How a person is recognised: a lead's phone number and e-mail as the inbox summary holds them. */
export interface PersonKeys {
  readonly phone?: string | undefined
  readonly email?: string | undefined
}

/** At most this many of a person's leads are read per key (the newest). */
export const maxPersonLeads = 20

/** The person's leads, newest first, each once (by both keys), without `excludeId`. */
export async function leadsOfPerson(person: PersonKeys, excludeId?: string): Promise<PersonLead[]> {
  const phone = phoneKey(person.phone)
  const email = person.email ? normaliseEmail(person.email) : undefined
  const reads: Promise<Record<string, unknown>[]>[] = []
  if (phone) reads.push(firstPage('INBOX#PHONE', `${phone}#`))
  if (email) reads.push(firstPage('INBOX#EMAIL', `${keyPart(email)}#`))
  const found = new Map<string, PersonLead>()
  for (const items of await Promise.all(reads)) {
    for (const item of items) {
      const summary = item as unknown as StoredSummary
      if (summary.id === excludeId || found.has(summary.id)) continue
      found.set(summary.id, {
        id: summary.id,
        kind: summary.kind,
        createdAt: summary.createdAt,
        status: summary.status,
        ...(summary.assignee ? { assignee: summary.assignee } : {}),
      })
    }
  }
  return [...found.values()].sort((a, b) =>
    a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0,
  )
}

/** The newest of the person's leads that is still open (not won or lost), if any. */
export function openLeadOf(leads: readonly PersonLead[]): PersonLead | undefined {
  return leads.find((lead) => !closedLeadStatuses.includes(lead.status))
}

async function firstPage(
  pk: 'INBOX#PHONE' | 'INBOX#EMAIL',
  prefix: string,
): Promise<Record<string, unknown>[]> {
  for await (const items of queryPartition('leads', pk, {
    sortKeyPrefix: prefix,
    newestFirst: true,
    pageSize: maxPersonLeads,
  })) {
    return items
  }
  return []
}
