import type { StaffUser } from '@core/api-types'
import { businessToday } from '@core/business-days'
import type { LeadDetail } from '@core/pipeline'
import { leadWorkers, type StaffRole } from '@core/roles'
import { type VisitBookingInput, visitBookingSchema, visitChangeSchema } from '@core/site-visit-schema'
import {
  type SiteVisit,
  visitAddressLimit,
  visitNoteLimit,
  visitSlotLabel,
  visitSlots,
} from '@core/site-visits'
import { validate } from '@core/validation'
import { type FormEvent, useRef } from 'react'
import { labelledOptions, SelectField, TextAreaField, TextField } from '~/components/form-field'
import { Modal } from '~/components/ui/modal'
import { visitCopy } from '~/features/admin/leads/visits-content'
import { DialogActions, FormMessage } from '~/features/admin/shared/form-parts'
import { formText } from '~/lib/hooks/use-lead-submit'
import { useLeadAction } from './use-lead-action'

type Lead = LeadDetail['lead']

/** What the dialog does: book a visit, or move or cancel one. */
export type VisitDialogMode =
  | { readonly kind: 'book' }
  | { readonly kind: 'reschedule'; readonly visit: SiteVisit }
  | { readonly kind: 'cancel'; readonly visit: SiteVisit }

/** The colleagues a visit can be sent to: those who work leads (the API refuses anyone else). */
function engineerOptions(users: readonly StaffUser[] | null, current: string | undefined) {
  const names = (users ?? [])
    .filter((user) => user.role && (leadWorkers as readonly StaffRole[]).includes(user.role))
    .map((user) => user.username)
  if (current && !names.includes(current)) names.unshift(current)
  return names.map((name) => ({ value: name, label: name }))
}

/**
 * Books a site visit (date, slot, engineer, address, notes), moves one to another slot, or cancels one, in
 * one action; the API's rules are checked in the browser first (a slot that has started is refused).
 */
export function VisitDialog({
  lead,
  users,
  me,
  mode,
  onClose,
}: {
  readonly lead: Lead
  readonly users: readonly StaffUser[] | null
  readonly me: string
  readonly mode: VisitDialogMode
  readonly onClose: () => void
}) {
  const form = useRef<HTMLFormElement>(null)
  const action = useLeadAction({
    id: lead.id,
    form,
    success:
      mode.kind === 'book'
        ? visitCopy.event.booked
        : visitCopy.event[mode.kind === 'cancel' ? 'cancelled' : 'rescheduled'],
    failure: visitCopy.failed,
    onDone: onClose,
  })
  const visit = mode.kind === 'book' ? undefined : mode.visit
  const siteAddress = typeof lead.fields.siteAddress === 'string' ? lead.fields.siteAddress : ''
  const engineers = engineerOptions(users, visit?.engineer ?? me)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    if (mode.kind === 'cancel') {
      const reason = formText(data, 'reason').trim()
      const change = {
        action: 'cancel' as const,
        sequence: mode.visit.sequence,
        ...(reason ? { reason } : {}),
      }
      void action.send({ intent: 'visit-change', visitId: mode.visit.id, change })
      return
    }
    const booking: VisitBookingInput = {
      date: formText(data, 'date'),
      slot: formText(data, 'slot') as VisitBookingInput['slot'],
      engineer: formText(data, 'engineer'),
    }
    const address = formText(data, 'address').trim()
    const notes = formText(data, 'notes').trim()
    if (address !== '') booking.address = address
    if (notes !== '') booking.notes = notes
    const now = new Date()
    if (mode.kind === 'book') {
      const checked = validate(visitBookingSchema(now), booking)
      if (!checked.ok) return action.showErrors(checked.fields)
      void action.send({ intent: 'visit-book', booking })
    } else {
      const change = { action: 'reschedule' as const, sequence: mode.visit.sequence, ...booking }
      const checked = validate(visitChangeSchema(now), change)
      if (!checked.ok) return action.showErrors(checked.fields)
      void action.send({ intent: 'visit-change', visitId: mode.visit.id, change })
    }
  }

  const title =
    mode.kind === 'book' ? visitCopy.book : mode.kind === 'cancel' ? visitCopy.cancel : visitCopy.reschedule
  return (
    <Modal open onClose={onClose} title={title} className="sm:max-w-xl">
      <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormMessage message={action.message} />
        {mode.kind === 'cancel' ? (
          <TextAreaField
            label={visitCopy.reason}
            name="reason"
            rows={2}
            maxLength={visitNoteLimit}
            error={action.errors.reason}
          />
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label={visitCopy.date}
                name="date"
                type="date"
                required
                min={businessToday()}
                defaultValue={visit?.date ?? ''}
                error={action.errors.date}
              />
              <SelectField
                label={visitCopy.slot}
                name="slot"
                required
                defaultValue={visit?.slot ?? visitSlots[0]}
                options={labelledOptions(visitSlots, visitSlotLabel)}
                error={action.errors.slot}
              />
            </div>
            <SelectField
              label={visitCopy.engineer}
              name="engineer"
              required
              defaultValue={visit?.engineer ?? me}
              options={engineers}
              error={action.errors.engineer}
            />
            <TextAreaField
              label={visitCopy.address}
              name="address"
              rows={2}
              hint={visitCopy.addressHint}
              maxLength={visitAddressLimit}
              defaultValue={visit?.address ?? siteAddress}
              error={action.errors.address}
            />
            <TextAreaField
              label={visitCopy.notes}
              name="notes"
              rows={2}
              maxLength={visitNoteLimit}
              defaultValue={visit?.notes ?? ''}
              error={action.errors.notes}
            />
          </>
        )}
        <DialogActions closeLabel={visitCopy.close} onClose={onClose} busy={action.busy}>
          {action.busy
            ? visitCopy.saving
            : mode.kind === 'book'
              ? visitCopy.save
              : mode.kind === 'cancel'
                ? visitCopy.saveCancel
                : visitCopy.saveMove}
        </DialogActions>
      </form>
    </Modal>
  )
}
