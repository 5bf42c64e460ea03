import { estimateQuote, quoteCategoryLabels, quoteConsent, quoteSchema } from '@core/quote'
import { validate } from '@core/validation'
import { storeLead } from '../lib/db/leads'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { leadHandler } from '../lib/lead-http'
import { notificationBody, notifyStaff } from '../lib/notify'

/**
 * POST /api/quotes: validate the quote form, store it once (idempotency key) as sent, with the server's own
 * estimate beside the client's `estimatedCost` and the consent of the agree box; tell the staff; answer 201
 * with its id (200 for a retry of a stored request).
 */
export const handler = leadHandler('create-quote', async ({ body, idempotencyKey, requestId }) => {
  const result = validate(quoteSchema, body)
  if (!result.ok) throw new BadRequestError('Please correct the highlighted fields.', result.fields)
  const now = new Date()
  const quote = result.value
  const serverEstimate = estimateQuote(quote)
  const { lead, created } = await storeLead(
    'QUOTE',
    {
      ...quote,
      ...(serverEstimate ? { serverEstimate } : {}),
      consent: { text: quoteConsent.text, version: quoteConsent.version, givenAt: now.toISOString() },
    },
    { now, idempotencyKey },
  )
  if (created) {
    await notifyStaff(
      {
        subject: `New ${quoteCategoryLabels[quote.category]} quote request: ${quote.name}`,
        body: notificationBody([
          ['Category', quoteCategoryLabels[quote.category]],
          ['Name', quote.name],
          ['WhatsApp', quote.whatsapp],
          ['PIN code', quote.pincode],
          ['Average monthly bill', quote.bill],
          ['Bill range', quote.billRange],
          ['Capacity (kW)', quote.capacityKw],
          ['GST mode', quote.gstMode],
          ['Estimated cost (server)', serverEstimate?.estimatedCost],
          ['Estimated cost (client)', quote.estimatedCost],
          ['Received', lead.createdAt],
          ['Id', lead.id],
        ]),
      },
      requestId,
    )
  }
  return json(created ? 201 : 200, { id: lead.id, createdAt: lead.createdAt })
})
