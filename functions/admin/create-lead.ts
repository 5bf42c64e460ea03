import { type LeadSource, manualChannelLabels } from '@core/lead-source'
import type { LeadEvent } from '@core/lead-views'
import { manualLeadSchema } from '@core/manual-lead-schema'
import { estimateQuote } from '@core/quote'
import { validate } from '@core/validation'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { storeLead } from '../lib/db/leads'
import { BadRequestError } from '../lib/errors'
import { json } from '../lib/http'

/**
 * POST /api/admin/leads: a lead staff add by hand (functions/core/manual-lead-schema.ts) → 201 `{ id,
 * createdAt, reference?, assignee? }`, stored through storeLead like a lead from the site (indexed, counted,
 * under its source `{ kind: 'manual', channel }`). By default the staff member is talking to the person: the
 * lead is theirs, `contacted`, its first contact stamped, off the response clock. With `contacted: false` (an
 * enquiry nobody has called yet) the assignment rules choose and the response clock starts, as for a form.
 * 400 with the fields for a bad body, nothing written. Audited (`lead-create`: the kind, the channel, not
 * the person's details). It gets a reference as a form's lead does (lead-reference.ts), for staff to give the
 * person, who can then quote it as a visitor would.
 */
export const handler = adminHandler('admin-create-lead', async (request) => {
  const result = validate(manualLeadSchema, request.body)
  if (!result.ok) throw new BadRequestError('Check the highlighted fields.', result.fields)
  const now = new Date()
  const at = now.toISOString()
  const me = request.admin.username
  const { kind, channel, contacted = true, note, ...fields } = result.value
  const source: LeadSource = { kind: 'manual', channel }
  const how = `Added by hand: ${manualChannelLabels[channel]}`
  const serverEstimate =
    result.value.kind === 'quote'
      ? estimateQuote({ capacityKw: result.value.capacityKw, gstMode: 'current' })
      : undefined
  const events: LeadEvent[] = [
    ...(contacted ? [{ at, by: me, type: 'status', from: 'new', to: 'contacted', text: how } as const] : []),
    ...(note ? [{ at, by: me, type: 'note', text: note } as const] : []),
  ]
  const { lead } = await storeLead(
    kind === 'quote' ? 'QUOTE' : 'CONTACT',
    {
      ...fields,
      source,
      addedBy: me,
      ...(serverEstimate ? { serverEstimate } : {}),
      ...(contacted ? { status: 'contacted', statusChangedAt: at, firstContactAt: at } : {}),
      ...(note ? { latestNote: note, latestNoteAt: at } : {}),
    },
    contacted
      ? { now, assignTo: { username: me, reason: how }, events, reference: true }
      : {
          now,
          events,
          reference: true,
          assign:
            result.value.kind === 'quote'
              ? { category: result.value.category, pinCode: result.value.pincode }
              : {},
        },
  )
  const assignee = (lead as { assignee?: string }).assignee
  await auditAdminAction(request, 'lead-create', `${kind} ${lead.id}`, how)
  return json(201, {
    id: lead.id,
    createdAt: lead.createdAt,
    ...(lead.reference ? { reference: lead.reference } : {}),
    ...(assignee ? { assignee } : {}),
  })
})
