import type { LeadEvent } from '@core/lead-views'
import { normaliseEmail } from '@core/newsletter'
import { keepActor, keepNote } from '@core/retention-messages'
import { tableName } from '../config'
import { tables } from '../store-definitions'
import { entryById, leadKey, leadSummary, writeEntries } from './inbox'
import { updateIf } from './partition-io'

/**
 * The answer to the retention sweep's ask (retention-sweep.ts): the person says they still want to hear from
 * us, with the signed link of the ask (POST /api/privacy/keep). It is a touch of the lead: its last change
 * moves to now, so its retention clock restarts (its index entry moves from `asked#…` to `untouched#<now>`),
 * the ask is cleared, and its timeline says who asked to keep it and when. The lead's version does not move
 * (a colleague's open copy stays current), as with a note.
 */

const { partitionKey } = tables.leads

/**
 * Keeps the lead `leadId` of the person at `email` (the link's address, which must be the lead's): 'kept', or
 * 'gone' when there is no such lead of that address any more (erased, merged, or changed to another address).
 * Only contact messages hold an address (the quote form asks for none), so only they are ever asked.
 */
export async function keepLead(leadId: string, email: string, now: Date): Promise<'kept' | 'gone'> {
  const before = await entryById(leadId)
  if (before?.kind !== 'contact' || before.mergedInto) return 'gone'
  if (!before.email || normaliseEmail(before.email) !== normaliseEmail(email)) return 'gone'
  const at = now.toISOString()
  const event: LeadEvent = { at, by: keepActor, type: 'note', text: keepNote }
  const reply = await updateIf({
    TableName: tableName('leads'),
    Key: leadKey(before),
    UpdateExpression:
      'SET updatedAt = :at, history = list_append(if_not_exists(history, :none), :event) REMOVE retentionAskedAt',
    // Erased or merged meanwhile: not written back.
    ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(mergedInto)',
    ExpressionAttributeNames: { '#pk': partitionKey },
    ExpressionAttributeValues: { ':at': at, ':none': [], ':event': [event] },
    ReturnValues: 'ALL_NEW',
  })
  if (!reply?.Attributes) return 'gone'
  await writeEntries(leadSummary('CONTACT', reply.Attributes), before)
  return 'kept'
}
