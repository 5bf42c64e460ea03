import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { privacySummary } from '../lib/db/privacy-cases'
import { json } from '../lib/http'
import { privacyCaseOf } from './privacy-cases'

/**
 * GET /api/admin/privacy/cases/{id} (owners): `{ case, summary? }`, the case and what the product holds
 * about its person (their leads with the personal data each form takes, their newsletter signup, the
 * consent ledger); no summary once an erasure closed the case (nothing of the person is left). 400 for a bad
 * reference, 404 for none. Each opening is audited (the reference only).
 */
export const handler = adminHandler('admin-get-privacy-case', async (request) => {
  const found = await privacyCaseOf(request.pathParameters)
  const hasContact = found.email !== undefined || found.phone !== undefined
  const summary = hasContact ? await privacySummary(found) : undefined
  await auditAdminAction(request, 'privacy-case-view', found.id)
  return json(200, { case: found, ...(summary ? { summary } : {}) })
})
