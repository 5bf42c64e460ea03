import { privacyStaffWithdrawSchema } from '@core/privacy-request-schema'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { clientNetwork } from '../lib/client-ip'
import { applyWithdrawal } from '../lib/db/consent-effects'
import { consentStanding, recordWithdrawals } from '../lib/db/consent-ledger'
import { BadRequestError, ConflictError } from '../lib/errors'
import { json } from '../lib/http'
import { privacyCaseOf } from './privacy-cases'

/** A case whose contact is gone (forgotten after an erasure): nothing can be found to withdraw. */
export const noContactMessage = "This case no longer holds the person's phone number or e-mail."

/**
 * POST /api/admin/privacy/cases/{id}/withdraw (owners) `{ purposes, calledBack: true }`: the consents a person
 * withdrew through staff, for a phone-only person (who cannot receive the choices page's code) once staff
 * called them back on the number they gave. The same effects as the choices page's withdrawal: the ledger
 * gets an entry per purpose and contact (via `staff`), the person's leads and signup change at once
 * (consent-effects.ts) → 200 `{ standing, leads, newsletter }`. 400 for no purpose or no call-back, 404 for
 * no case, 409 for a case without a contact. Audited (the reference, the purposes and the counts; never
 * the contact).
 */
export const handler = adminHandler('admin-withdraw-privacy-case', async (request) => {
  const found = await privacyCaseOf(request.pathParameters)
  const result = validate(privacyStaffWithdrawSchema, request.body)
  if (!result.ok) throw new BadRequestError('Check the highlighted fields.', result.fields)
  const contacts = { email: found.email, phone: found.phone }
  if (!contacts.email && !contacts.phone) throw new ConflictError(noContactMessage)
  const { purposes } = result.value
  const at = new Date().toISOString()
  await recordWithdrawals({ purposes, contacts, via: 'staff', at, network: clientNetwork(request.event) })
  const changed = await applyWithdrawal(contacts, purposes, at)
  await auditAdminAction(
    request,
    'consent-withdrawal',
    found.id,
    `by staff after a call-back: ${purposes.join(', ')}; ${changed.leads} lead(s)${changed.newsletter ? ', newsletter signup' : ''}`,
  )
  return json(200, {
    standing: await consentStanding(contacts),
    leads: changed.leads,
    newsletter: changed.newsletter,
  })
})
