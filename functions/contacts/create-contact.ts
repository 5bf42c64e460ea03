import { contactSchema } from '@core/contact'
import { validate } from '@core/validation'
import { saveLead } from '../lib/db/leads'
import { BadRequestError } from '../lib/errors'
import { httpHandler, json } from '../lib/http'

/** POST /api/contacts: validate the contact form, store it with server time, answer 201 with its id. */
export const handler = httpHandler('create-contact', async ({ body }) => {
  const result = validate(contactSchema, body)
  if (!result.ok) throw new BadRequestError('Please correct the highlighted fields.', result.fields)
  const lead = await saveLead('CONTACT', result.value)
  return json(201, { id: lead.id, createdAt: lead.createdAt })
})
