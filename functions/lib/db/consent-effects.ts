import { type FieldDeclarations, withdrawnAtOf } from '@core/field-declarations'
import { normaliseEmail } from '@core/newsletter'
import { type ConsentPurpose, noticeForms } from '@core/privacy-notice'
import { tableName } from '../config'
import { tables } from '../store-definitions'
import type { ConsentContacts } from './consent-ledger'
import { leadKey } from './inbox'
import { updateIf } from './partition-io'
import { leadsOfPerson } from './person-leads'

/**
 * What a withdrawal changes beyond the ledger, at once: each of the person's leads (found by phone and
 * e-mail, person-leads.ts) gets the purpose's box set to false and the time it was withdrawn
 * (`<field>WithdrawnAt`), which the lead page shows, the exports carry and the WhatsApp offers check; the
 * newsletter signup of the address gets `withdrawnAt`, which takes it out of the subscribers. The ledger
 * (consent-ledger.ts recordWithdrawals) keeps the proof; these are the state the workspace reads.
 */

const { partitionKey } = tables.leads

/** The name of the box that asks for `purpose` on the form of a lead kind, if that form asks for it. */
export function optInFieldOf(form: 'quote' | 'contact', purpose: ConsentPurpose): string | undefined {
  // An index entry of another kind (none today) names no form that asks: nothing to change on it.
  const notice = noticeForms[form] as { readonly fields: FieldDeclarations } | undefined
  const fields = notice?.fields ?? {}
  return Object.entries(fields).find(([, field]) => field.kind === 'opt-in' && field.purpose === purpose)?.[0]
}

// What it may do in the leads table is partition-access.ts withdrawalAccess (the route table reads it there).
export { withdrawalAccess } from './partition-access'

/** Applies a withdrawal of `purposes` to the person's leads and newsletter signup; answers how many it changed. */
export async function applyWithdrawal(
  contacts: ConsentContacts,
  purposes: readonly ConsentPurpose[],
  at: string,
): Promise<{ readonly leads: number; readonly newsletter: boolean }> {
  const leads = await leadsOfPerson(contacts)
  let changed = 0
  for (const lead of leads) {
    const fields = purposes.flatMap((purpose) => optInFieldOf(lead.kind, purpose) ?? [])
    if (fields.length === 0) continue
    const names: Record<string, string> = { '#pk': partitionKey }
    const sets = fields.map((field, index) => {
      names[`#f${index}`] = field
      names[`#w${index}`] = withdrawnAtOf(field)
      return `#f${index} = :no, #w${index} = :at`
    })
    const updated = await updateIf({
      TableName: tableName('leads'),
      Key: leadKey(lead),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: 'attribute_exists(#pk)',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: { ':no': false, ':at': at },
    })
    if (updated) changed += 1
  }
  const email = contacts.email?.trim()
  const newsletter =
    email && purposes.includes('newsletter')
      ? Boolean(
          await updateIf({
            TableName: tableName('leads'),
            Key: { [partitionKey]: 'NEWSLETTER', [tables.leads.sortKey]: normaliseEmail(email) },
            UpdateExpression: 'SET withdrawnAt = :at',
            ConditionExpression: 'attribute_exists(#pk) AND attribute_not_exists(withdrawnAt)',
            ExpressionAttributeNames: { '#pk': partitionKey },
            ExpressionAttributeValues: { ':at': at },
          }),
        )
      : false
  return { leads: changed, newsletter }
}
