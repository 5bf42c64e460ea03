import * as z from 'zod/mini'
import { contactFields } from './contact-fields'
import type { CheckedFields, FieldDeclaration } from './field-declarations'
import { fieldRule, trimmed } from './field-schemas'
import { type ManualChannel, manualChannelLabels, manualChannels, manualLeadNoteLimit } from './lead-source'
import { quoteFields } from './quote-fields'

/**
 * The body of POST /api/admin/leads: a lead staff add by hand (a phone-in, a walk-in, a marketplace
 * enquiry, a referral), a quote or a contact with what the staff have of it. The fields are the forms'
 * declared ones (quote-fields.ts, contact-fields.ts) with their rules; only the name and the phone number
 * are required, there is no consent box to tick (nobody filled in the site's form), and `channel` says how
 * it came. `contacted` (true unless sent false): the staff member is talking to the person, so the lead is
 * theirs and answered; false (an enquiry nobody has called yet) puts it through the assignment rules and on
 * the response clock like a lead from the site.
 */

/** A declared field's rule, optional whatever the form requires. */
const optionalRule = (field: FieldDeclaration): z.ZodMiniType => {
  const rule = fieldRule({ ...field, required: false } as FieldDeclaration)
  if (!rule) throw new Error('A manual lead takes only fields the forms send')
  return rule
}
const requiredRule = (field: FieldDeclaration): z.ZodMiniType => {
  const rule = fieldRule(field)
  if (!rule) throw new Error('A manual lead takes only fields the forms send')
  return rule
}

const channelMessage = `Choose how the lead came: ${Object.values(manualChannelLabels).join(', ')}`

const common = {
  channel: z.enum(manualChannels as [string, ...string[]], channelMessage),
  contacted: z.optional(z.boolean('Contacted is true or false')),
  note: z.optional(
    z
      .string('Write the note as text')
      .check(
        trimmed,
        z.maxLength(manualLeadNoteLimit, `Keep the note to ${manualLeadNoteLimit} characters or fewer`),
      ),
  ),
}

const manualQuote = z.object({
  kind: z.literal('quote'),
  ...common,
  name: requiredRule(quoteFields.name),
  whatsapp: requiredRule(quoteFields.whatsapp),
  pincode: optionalRule(quoteFields.pincode),
  siteAddress: optionalRule(quoteFields.siteAddress),
  category: optionalRule(quoteFields.category),
  capacityKw: optionalRule(quoteFields.capacityKw),
  roofType: optionalRule(quoteFields.roofType),
})

const manualContact = z.object({
  kind: z.literal('contact'),
  ...common,
  name: requiredRule(contactFields.name),
  phone: requiredRule(contactFields.phone),
  email: optionalRule(contactFields.email),
  subject: optionalRule(contactFields.subject),
})

type QuoteValues = CheckedFields<typeof quoteFields>
type ContactValues = CheckedFields<typeof contactFields>
interface ManualCommon {
  readonly channel: ManualChannel
  readonly contacted?: boolean
  readonly note?: string
}

/** A lead added by hand, as the API checked it. */
export type ManualLeadRequest =
  | (ManualCommon & { readonly kind: 'quote' } & Pick<QuoteValues, 'name' | 'whatsapp'> &
      Partial<Pick<QuoteValues, 'pincode' | 'siteAddress' | 'category' | 'capacityKw' | 'roofType'>>)
  | (ManualCommon & { readonly kind: 'contact' } & Pick<ContactValues, 'name' | 'phone'> &
      Partial<Pick<ContactValues, 'email' | 'subject'>>)

export const manualLeadSchema = /* @__PURE__ */ z.discriminatedUnion('kind', [manualQuote, manualContact], {
  error: 'Choose quote or contact',
}) as unknown as z.ZodMiniType<ManualLeadRequest, unknown>
