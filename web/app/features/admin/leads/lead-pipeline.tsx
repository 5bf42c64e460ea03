import type { StaffUser } from '@core/api-types'
import type { LeadDetail } from '@core/lead-views'
import type { LeadChangeInput } from '@core/pipeline'
import {
  closedLeadStatuses,
  type LeadStatus,
  type LostReason,
  leadStatusLabels,
  lostReasonLabels,
  lostReasons,
  nextLeadStatuses,
  pipelineLimits,
} from '@core/pipeline-rules'
import { validate } from '@core/validation'
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react'
import { Button } from '~/components/button'
import { labelledOptions, SelectField, TextAreaField, TextField } from '~/components/form-field'
import { leadCopy } from '~/features/admin/leads/content'
import { FormMessage } from '~/features/admin/shared/form-parts'
import { formText } from '~/lib/hooks/use-lead-submit'
import { AssigneeField } from './assignee-field'
import { useLeadAction } from './use-lead-action'

type Lead = LeadDetail['lead']

export interface LeadPipelineProps {
  readonly lead: Lead
  readonly users: readonly StaffUser[] | null
}

function Panel({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const headingId = useId()
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-base font-semibold text-ink">
        {title}
      </h3>
      {children}
    </section>
  )
}

/**
 * The status change: only the moves the pipeline allows from the lead's status (nextLeadStatuses); Lost asks
 * for a reason from the list and, with Other, words; a won or lost lead is reopened the same way.
 */
export function StatusChangeForm({ lead }: LeadPipelineProps) {
  const form = useRef<HTMLFormElement>(null)
  const [target, setTarget] = useState<LeadStatus | ''>('')
  const action = useLeadAction({
    id: lead.id,
    form,
    success: leadCopy.statusChanged,
    failure: leadCopy.changeFailed,
    onDone: () => setTarget(''),
  })
  const closed = closedLeadStatuses.includes(lead.status)
  const options = nextLeadStatuses(lead.status).map((status) => ({
    value: status,
    label: leadStatusLabels[status],
  }))

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const status = formText(data, 'status') as LeadStatus
    const change: LeadChangeInput = { version: lead.version, status }
    if (status === 'lost') {
      const reason = formText(data, 'lostReason')
      const note = formText(data, 'lostNote')
      if (reason !== '') change.lostReason = reason as LostReason
      if (note.trim() !== '') change.lostNote = note
    }
    // The API's own rules first (a reason for Lost, words for Other): their messages beside the fields.
    // The rules (and the validation library) load at the first change, not with the page.
    const { leadChangeSchema } = await import('@core/pipeline')
    const checked = validate(leadChangeSchema, change)
    if (!checked.ok) {
      action.showErrors(checked.fields)
      return
    }
    void action.send({ intent: 'change', change })
  }

  return (
    <Panel title={closed ? leadCopy.reopen : leadCopy.changeStatus}>
      <form ref={form} onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-3">
        <FormMessage message={action.message} />
        <SelectField
          label={closed ? leadCopy.reopenAs : leadCopy.moveTo}
          name="status"
          value={target}
          onChange={(event) => setTarget(event.target.value as LeadStatus | '')}
          placeholder={leadCopy.choose}
          options={options}
          required
          error={action.errors.status}
        />
        {target === 'lost' ? (
          <>
            <SelectField
              label={leadCopy.lostReason}
              name="lostReason"
              defaultValue=""
              placeholder={leadCopy.choose}
              options={labelledOptions(lostReasons, lostReasonLabels)}
              required
              error={action.errors.lostReason}
            />
            <TextAreaField
              label={leadCopy.lostNote}
              name="lostNote"
              rows={3}
              maxLength={pipelineLimits.lostNote}
              hint={leadCopy.lostNoteHint}
              error={action.errors.lostNote}
            />
          </>
        ) : null}
        <SubmitButton busy={action.busy} disabled={target === ''}>
          {closed ? leadCopy.reopen : leadCopy.changeStatus}
        </SubmitButton>
      </form>
    </Panel>
  )
}

/** The assignee and the follow-up date, saved together; an emptied field clears it. */
export function AssignmentForm({ lead, users }: LeadPipelineProps) {
  const form = useRef<HTMLFormElement>(null)
  const action = useLeadAction({
    id: lead.id,
    form,
    success: leadCopy.assignmentSaved,
    failure: leadCopy.changeFailed,
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const assignee = formText(data, 'assignee').trim() || null
    const followUpOn = formText(data, 'followUpOn') || null
    // Only what changed is sent (both when neither did: the server then says there is nothing to change).
    const change: LeadChangeInput = { version: lead.version }
    if (assignee !== (lead.assignee ?? null)) change.assignee = assignee
    if (followUpOn !== (lead.followUpOn ?? null)) change.followUpOn = followUpOn
    if (change.assignee === undefined && change.followUpOn === undefined) {
      change.assignee = assignee
      change.followUpOn = followUpOn
    }
    void action.send({ intent: 'change', change })
  }

  return (
    <Panel title={`${leadCopy.assignee} · ${leadCopy.followUpOn}`}>
      {/* Drawn again from each fresh copy of the lead (after a change, or someone else's). */}
      <form key={`${lead.version}`} ref={form} onSubmit={submit} noValidate className="flex flex-col gap-3">
        <FormMessage message={action.message} />
        <AssigneeField
          name="assignee"
          label={leadCopy.assignee}
          users={users}
          defaultValue={lead.assignee ?? ''}
          placeholder={leadCopy.unassigned}
          error={action.errors.assignee}
        />
        <TextField
          label={leadCopy.followUpOn}
          name="followUpOn"
          type="date"
          defaultValue={lead.followUpOn ?? ''}
          error={action.errors.followUpOn}
        />
        <SubmitButton busy={action.busy} variant="outline">
          {leadCopy.saveAssignment}
        </SubmitButton>
      </form>
    </Panel>
  )
}

/** A note for the timeline; the server's message about it shows beside the field. */
export function NoteForm({ id }: { readonly id: string }) {
  const form = useRef<HTMLFormElement>(null)
  const action = useLeadAction({
    id,
    form,
    success: leadCopy.noteAdded,
    failure: leadCopy.noteFailed,
    onDone: () => form.current?.reset(),
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void action.send({ intent: 'note', text: formText(new FormData(event.currentTarget), 'text') })
  }

  return (
    <Panel title={leadCopy.notes}>
      <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-3">
        <FormMessage message={action.message} />
        <TextAreaField
          label={leadCopy.note}
          name="text"
          rows={3}
          maxLength={pipelineLimits.note}
          hint={leadCopy.noteHint}
          error={action.errors.text}
        />
        <SubmitButton busy={action.busy} variant="outline">
          {leadCopy.addNote}
        </SubmitButton>
      </form>
    </Panel>
  )
}

/** A form's submit button: disabled and saying so while its request is on its way. */
function SubmitButton({
  busy,
  disabled = false,
  variant,
  children,
}: {
  readonly busy: boolean
  readonly disabled?: boolean
  readonly variant?: 'outline'
  readonly children: ReactNode
}) {
  return (
    <Button
      type="submit"
      variant={variant ?? 'primary'}
      className="self-start"
      disabled={busy || disabled}
      aria-busy={busy}
    >
      {busy ? leadCopy.busy : children}
    </Button>
  )
}
