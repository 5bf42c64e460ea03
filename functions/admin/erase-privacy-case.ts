import { closedLeadStatuses } from '@core/pipeline-rules'
import { privacyEraseSchema } from '@core/privacy-request-schema'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { eraseExportFiles, erasePersonalRecords } from '../lib/db/erasure'
import { leadsOfPerson } from '../lib/db/person-leads'
import { openLeadsLost, recordCaseErasure } from '../lib/db/privacy-cases'
import { BadRequestError, ConflictError, HttpError } from '../lib/errors'
import { json } from '../lib/http'
import { privacyCaseOf } from './privacy-cases'
import { caseChangedMessage } from './reply-privacy-case'

/**
 * POST /api/admin/privacy/cases/{id}/erase (owners) `{ confirm? }`: erases the person of an open erasure case
 * with the CLI's erasure (db/erasure.ts: every quote, contact and newsletter signup naming their e-mail or
 * phone, with notes and waiting entries; then the totals and the inbox are rebuilt), deletes every file of
 * the exports bucket (eraseExportFiles: any large export of the last day may name the person), and records
 * on the case when, by whom and how many → 200 `{ case, erased, exportFiles }`. The case keeps the contact
 * until it is answered (the reply goes to it), then forgets it. 409 without `confirm` when the person has an
 * open lead (the message says what is lost), for a case of another kind, a closed case or one erased
 * already; nothing is deleted. Audited with the reference, the lead ids and the counts only.
 */
export const handler = adminHandler('admin-erase-privacy-case', async (request) => {
  const found = await privacyCaseOf(request.pathParameters)
  const result = validate(privacyEraseSchema, request.body ?? {})
  if (!result.ok) throw new BadRequestError('Check the highlighted fields.', result.fields)
  if (found.kind !== 'erasure') throw new ConflictError('Only an erasure request erases the person.')
  if (found.status !== 'open' || found.erasure) throw new ConflictError(caseChangedMessage)
  const leads = await leadsOfPerson({ email: found.email, phone: found.phone })
  const open = leads.filter((lead) => !closedLeadStatuses.includes(lead.status))
  if (open.length > 0 && !result.value.confirm) {
    // `fields.confirm` tells this refusal from the case's other 409s: sending `confirm: true` goes through.
    const lost = openLeadsLost(leads, open)
    throw new HttpError(409, lost, { fields: { confirm: lost } })
  }
  const erased = new Map<string, string>()
  for (const who of [found.email, found.phone]) {
    if (!who) continue
    for (const record of await erasePersonalRecords(who)) erased.set(record.id, record.kind)
  }
  // Before the case records the erasure: should the bucket fail, the case stays open and erasing again
  // finishes the work (the person's records are gone already; the files go then).
  const files = (await eraseExportFiles()).deleted.length
  const erasure = { at: new Date().toISOString(), by: request.admin.username, records: erased.size }
  if (!(await recordCaseErasure(found, erasure))) throw new ConflictError(caseChangedMessage)
  await auditAdminAction(
    request,
    'privacy-erasure',
    found.id,
    `${erased.size} ${erased.size === 1 ? 'record' : 'records'}: ${[...erased].map(([id, kind]) => `${kind} ${id}`).join(', ')}; ${files} export ${files === 1 ? 'file' : 'files'} deleted`,
  )
  return json(200, {
    case: { ...found, erasure, version: found.version + 1 },
    erased: erased.size,
    exportFiles: files,
  })
})
