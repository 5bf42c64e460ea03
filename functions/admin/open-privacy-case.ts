import { privacyCaseOpenSchema } from '@core/privacy-request-schema'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { openPrivacyCase } from '../lib/db/privacy-cases'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'

/**
 * POST /api/admin/privacy/cases (owners) `{ kind, name, phone?, email?, details?, nominee? }`: a case opened by
 * hand for a person who asked by phone or letter (a phone-only person cannot receive the page's code), once
 * staff called them back: its identity reads "verified by call-back" → 201 the case. 400 for a bad field or
 * neither a phone nor an e-mail. Audited (the reference and kind).
 */
export const handler = adminHandler('admin-open-privacy-case', async (request) => {
  const result = validate(privacyCaseOpenSchema, request.body)
  if (!result.ok) throw new BadRequestError('Check the highlighted fields.', result.fields)
  const stored = await openPrivacyCase({
    ...result.value,
    identity: 'call-back',
    openedBy: request.admin.username,
  })
  await auditAdminAction(request, 'privacy-request', stored.id, `${stored.kind}, opened by hand`)
  return json(201, stored)
})
