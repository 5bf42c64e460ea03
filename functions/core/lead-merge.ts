import * as z from 'zod/mini'
import type { FieldDeclarations } from './field-declarations'
import { leadIdPattern, phoneKey } from './inbox-search'
import { normaliseEmail } from './newsletter'
import { closedLeadStatuses, type LeadStatus, leadStatusLabels } from './pipeline-rules'

/**
 * Merging two leads of one person (POST /api/admin/leads/{id}/merge): the lead of the path survives, the
 * other (`from`) joins it and is closed as merged. What the request may say and when a merge is refused,
 * pure, so the lead page asks for the same confirmation the API requires.
 */

/** The body: the lead that joins the one of the path; `confirm` when it is closed and another person's. */
export const leadMergeSchema = z.object({
  from: z
    .string({ error: 'Choose the lead to merge' })
    .check(z.trim(), z.regex(leadIdPattern, { error: 'This is not a lead id' })),
  confirm: z.optional(z.literal(true, { error: 'Confirm with true, or leave it out' })),
})

export type LeadMergeInput = z.input<typeof leadMergeSchema>

/** What a merge needs to know of each lead: who it names, its status, whether it was merged already. */
export interface MergeSide {
  readonly id: string
  readonly status: LeadStatus
  readonly phone?: string | undefined
  readonly email?: string | undefined
  readonly mergedInto?: string | undefined
}

/** Whether two leads name one person: the same phone number (its last 10 digits) or e-mail address. */
export function samePerson(a: MergeSide, b: MergeSide): boolean {
  const phone = phoneKey(a.phone)
  if (phone !== undefined && phone === phoneKey(b.phone)) return true
  return a.email !== undefined && b.email !== undefined && normaliseEmail(a.email) === normaliseEmail(b.email)
}

/** Why the merge cannot be made as asked: a 400 (the request itself) or a 409 (the leads as they are). */
export interface MergeRefusal {
  readonly status: 400 | 409
  readonly message: string
}

export const mergeWithItselfMessage = 'A lead cannot be merged with itself.'

/**
 * Why `from` cannot join `into` (undefined when it can): a lead with itself; a lead merged already (either
 * side: its history went elsewhere); and, without `confirm`, a closed lead (won or lost) when the two name
 * different people, since that joins someone else's finished sale to this person's history.
 */
export function mergeRefusal(into: MergeSide, from: MergeSide, confirm: boolean): MergeRefusal | undefined {
  if (into.id === from.id) return { status: 400, message: mergeWithItselfMessage }
  if (from.mergedInto) {
    return { status: 409, message: `That lead was merged into lead ${from.mergedInto} already.` }
  }
  if (into.mergedInto) {
    return { status: 409, message: `This lead was merged into lead ${into.mergedInto}: merge into that one.` }
  }
  if (confirm || samePerson(into, from)) return undefined
  const closed = [from, into].find((side) => closedLeadStatuses.includes(side.status))
  if (!closed) return undefined
  const which = closed === from ? 'The other lead' : 'This lead'
  return {
    status: 409,
    message: `${which} is closed (${leadStatusLabels[closed.status]}) and names another person (a different phone number and e-mail): confirm to merge it anyway.`,
  }
}

/**
 * The declared fields of the merged lead that the surviving one lacks (absent or empty), with their values:
 * what the person told one form and not the other. A box (a consent, an age) stays with the lead it was given on.
 */
export function missingFields(
  into: Readonly<Record<string, unknown>>,
  from: Readonly<Record<string, unknown>>,
  declared: FieldDeclarations,
): Record<string, unknown> {
  const empty = (value: unknown) => value === undefined || value === null || value === ''
  const missing: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(declared)) {
    if (field.kind === 'consent' || field.kind === 'opt-in') continue
    if (empty(into[name]) && !empty(from[name])) missing[name] = from[name]
  }
  return missing
}
