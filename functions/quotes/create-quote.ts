import { leadReceipt } from '@core/api-types'
import { consentChoices } from '@core/consent-choices'
import { sourceLabel, utmValuesOf, withFormSource } from '@core/lead-source'
import { estimateQuote, formatInr, quoteCategoryLabels, quoteConsent } from '@core/quote'
import { quoteFields } from '@core/quote-fields'
import { quoteSchema } from '@core/quote-schema'
import { parseQuoteReport } from '@core/solar-report-schema'
import { solarReport, solarReportFigures } from '@core/solar-savings'
import { validate } from '@core/validation'
import { clientNetwork } from '../lib/client-ip'
import { recordConsents } from '../lib/db/consent-ledger'
import { storeLead } from '../lib/db/leads'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'
import { leadHandler } from '../lib/lead-http'
import { notifyNewLead } from '../lib/notify'

/**
 * POST /api/quotes: validate the quote form, store it once (idempotency key) as sent, with the server's own
 * estimate beside the client's `estimatedCost` and the consent of the agree box; a quote sent from the solar
 * calculator also stores the report's inputs (`report`) and the figures the server recomputes from them
 * (`solarReport`), its consents in the ledger (one entry per purpose: consent-ledger.ts), and its source (the form, the page, the landing URL's UTM values); assign it on arrival (territory, specialists, round robin); tell the assignee (notifyNewLead); answer 201 with its id (200 for a retry of a stored request).
 */
export const handler = leadHandler('create-quote', async ({ body, event, idempotencyKey, requestId }) => {
  const result = validate(quoteSchema, body)
  const report = parseQuoteReport((body as { report?: unknown } | null)?.report)
  if (!result.ok || !report.ok) {
    const fields = { ...(result.ok ? {} : result.fields), ...(report.ok ? {} : report.fields) }
    throw new BadRequestError('Please correct the highlighted fields.', fields)
  }
  const now = new Date()
  // The page the form was sent from becomes the lead's source; the UTM values are kept as sent.
  const { source, ...quote } = withFormSource('quote', result.value)
  const serverEstimate = estimateQuote(quote)
  const figures = report.value ? solarReportFigures(solarReport(report.value)) : undefined
  const { lead, created } = await storeLead(
    'QUOTE',
    {
      ...quote,
      source,
      ...(serverEstimate ? { serverEstimate } : {}),
      ...(figures ? { report: report.value, solarReport: figures } : {}),
      consent: { text: quoteConsent.text, version: quoteConsent.version, givenAt: now.toISOString() },
    },
    { now, idempotencyKey, assign: { category: quote.category, pinCode: quote.pincode }, reference: true },
  )
  // Also for a retry of a stored request: the same lead keys the same entries, which stay as they are, and
  // an entry a failed first attempt did not write is written now.
  await recordConsents({
    form: 'quote',
    choices: consentChoices('quote', quoteFields, quote),
    contacts: { phone: quote.whatsapp },
    leadId: lead.id,
    at: lead.createdAt,
    network: clientNetwork(event),
  })
  if (created) {
    await notifyNewLead(
      `New ${quoteCategoryLabels[quote.category]} quote request: ${quote.name}`,
      quoteFields,
      quote,
      lead,
      [
        ['Server estimate', serverEstimate?.estimatedCost],
        ['Solar report capacity (kW)', figures?.capacityKw],
        ['Solar report net cost after subsidy', figures && formatInr(figures.netCostInr)],
        ['Solar report payback', figures?.payback],
        ['Source', sourceLabel(source, utmValuesOf(quote))],
      ],
      requestId,
    )
  }
  return json(created ? 201 : 200, leadReceipt(lead))
})
