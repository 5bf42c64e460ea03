import { businessLocalDateTime, withBusinessOffset } from '@core/business-days'
import { type LeadAttemptInput, leadAttemptSchema } from '@core/lead-attempt-schema'
import {
  type AttemptChannel,
  type AttemptOutcome,
  attemptChannelLabels,
  attemptNoteLimit,
  attemptOutcomeLabels,
  outcomesOf,
} from '@core/lead-attempts'
import type { LeadDetail } from '@core/lead-views'
import { type LeadStatus, leadStatusLabels, nextLeadStatuses } from '@core/pipeline-rules'
import { validate } from '@core/validation'
import { type FormEvent, useId, useRef, useState } from 'react'
import { labelledOptions, SelectField, TextAreaField, TextField } from '~/components/form-field'
import { Modal } from '~/components/ui/modal'
import { leadCopy } from '~/features/admin/leads/content'
import { DialogActions, FormMessage, RadioChip } from '~/features/admin/shared/form-parts'
import { formText } from '~/lib/hooks/use-lead-submit'
import { useLeadAction } from './use-lead-action'

/** What the dialog needs of a lead: which one, and the status its next step moves on from. */
type Lead = Pick<LeadDetail['lead'], 'id' | 'status'>

/** How it went, as radio buttons: the channel's outcomes. */
function OutcomeField({
  channel,
  value,
  error,
  onChange,
}: {
  readonly channel: AttemptChannel
  readonly value: AttemptOutcome | ''
  readonly error: string | undefined
  readonly onChange: (outcome: AttemptOutcome) => void
}) {
  const errorId = useId()
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-ink">{leadCopy.outcome}</legend>
      <div className="flex flex-wrap gap-2">
        {outcomesOf(channel).map((outcome, index) => (
          <RadioChip
            key={outcome}
            name="outcome"
            value={outcome}
            checked={outcome === value}
            onChange={() => onChange(outcome)}
            // The first option takes the focus when nothing was chosen.
            invalid={Boolean(error) && index === 0}
          >
            {attemptOutcomeLabels[outcome]}
          </RadioChip>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}

/**
 * After a tap: how it went, a note, and the next step (status, follow-up date and time), saved in one action.
 * Times are India's (the pickers read the company's clock whatever the device's zone).
 */
export function AttemptDialog({
  lead,
  channel,
  template,
  onClose,
  onLogged,
}: {
  readonly lead: Lead
  readonly channel: AttemptChannel
  /** The owners' template the WhatsApp message was written from, logged with it. */
  readonly template?: string | undefined
  readonly onClose: () => void
  /** After the server logged the attempt, before the dialog closes. */
  readonly onLogged?: () => void
}) {
  const form = useRef<HTMLFormElement>(null)
  // A message was sent once the chat or the mail program opened; a call's outcome is asked.
  const [outcome, setOutcome] = useState<AttemptOutcome | ''>(channel === 'call' ? '' : 'sent')
  const action = useLeadAction({
    id: lead.id,
    form,
    success: leadCopy.attemptLogged,
    failure: leadCopy.attemptFailed,
    onDone: () => {
      onLogged?.()
      onClose()
    },
  })
  const earliest = businessLocalDateTime(new Date())
  // Lost asks for its reason: the pipeline's status change, not this dialog.
  const statuses = nextLeadStatuses(lead.status).filter((status) => status !== 'lost')

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const attempt: LeadAttemptInput = { channel, outcome: outcome as AttemptOutcome }
    if (template !== undefined) attempt.template = template
    const note = formText(data, 'note').trim()
    const callbackAt = formText(data, 'callbackAt')
    const status = formText(data, 'status')
    const followUpAt = formText(data, 'followUpAt')
    if (note !== '') attempt.note = note
    if (outcome === 'callback' && callbackAt !== '') attempt.callbackAt = withBusinessOffset(callbackAt)
    if (status !== '') attempt.status = status as LeadStatus
    if (outcome !== 'callback' && followUpAt !== '') attempt.followUpAt = withBusinessOffset(followUpAt)
    // The API's own rules first (a call-back's time, nothing in the past): their messages beside the fields.
    const checked = validate(leadAttemptSchema(new Date()), attempt)
    if (!checked.ok) {
      action.showErrors(checked.fields)
      return
    }
    void action.send({ intent: 'attempt', attempt })
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={leadCopy.attemptTitle(attemptChannelLabels[channel])}
      className="sm:max-w-xl"
    >
      <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <FormMessage message={action.message} />
        <OutcomeField channel={channel} value={outcome} error={action.errors.outcome} onChange={setOutcome} />
        {outcome === 'callback' ? (
          <TextField
            label={leadCopy.callbackAt}
            name="callbackAt"
            type="datetime-local"
            min={earliest}
            required
            error={action.errors.callbackAt}
          />
        ) : null}
        <TextAreaField
          label={leadCopy.attemptNote}
          name="note"
          rows={2}
          maxLength={attemptNoteLimit}
          error={action.errors.note}
        />
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold text-ink">{leadCopy.nextStep}</legend>
          <SelectField
            label={leadCopy.status}
            name="status"
            defaultValue=""
            placeholder={leadCopy.keepStatus(leadStatusLabels[lead.status])}
            options={labelledOptions(statuses, leadStatusLabels)}
            error={action.errors.status}
          />
          {outcome === 'callback' ? (
            <p className="text-sm text-muted">{leadCopy.callbackIsFollowUp}</p>
          ) : (
            <TextField
              label={leadCopy.followUpAt}
              name="followUpAt"
              type="datetime-local"
              min={earliest}
              error={action.errors.followUpAt}
            />
          )}
        </fieldset>
        <DialogActions closeLabel={leadCopy.cancel} onClose={onClose} busy={action.busy}>
          {action.busy ? leadCopy.busy : leadCopy.logAttempt}
        </DialogActions>
      </form>
    </Modal>
  )
}
