import {
  type ManualChannel,
  manualChannelLabels,
  manualChannels,
  manualLeadNoteLimit,
} from '@core/lead-source'
import type { ManualLeadRequest } from '@core/manual-lead-schema'
import { quoteFields, quoteLimits } from '@core/quote-fields'
import { type FormEvent, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { labelledOptions, SelectField, TextAreaField, TextField } from '~/components/form-field'
import { Modal } from '~/components/ui/modal'
import { newLeadCopy } from '~/features/admin/leads/content'
import { AdminRequestError, AdminSessionExpiredError } from '~/features/admin/session/admin-client'
import { createLead } from '~/features/admin/shared/api/admin-leads'
import { DialogActions, FormMessage, RadioChip } from '~/features/admin/shared/form-parts'
import { leadPath } from '~/features/admin/shared/lead-links'
import { useFieldErrors } from '~/lib/field-errors'
import { formText } from '~/lib/hooks/use-lead-submit'
import { notify } from '~/lib/toast'

type Kind = ManualLeadRequest['kind']

const optionsOf = (labels: Readonly<Record<string, string>>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }))

/** The request of the form's fields: a quote's phone is its WhatsApp number, empty fields left out. */
function leadOf(kind: Kind, data: FormData): Record<string, unknown> {
  const value = (name: string) => formText(data, name).trim()
  const lead: Record<string, unknown> = {
    kind,
    channel: value('channel'),
    name: value('name'),
    [kind === 'quote' ? 'whatsapp' : 'phone']: value('phone'),
    contacted: data.get('contacted') === 'on',
  }
  const optional = kind === 'quote' ? ['pincode', 'category', 'capacityKw'] : ['email', 'subject']
  for (const name of [...optional, 'note']) if (value(name) !== '') lead[name] = value(name)
  if (typeof lead.capacityKw === 'string') lead.capacityKw = Number(lead.capacityKw)
  return lead
}

/**
 * A lead staff add by hand (a phone-in, a walk-in, a marketplace enquiry, a referral): quote or contact, how
 * it came, the name and phone at least. By default the lead is the colleague's own and contacted; unticked,
 * the rules assign it and its response clock starts. Saved, it says the lead's reference (to give the person)
 * and opens the new lead's page. Loaded when the
 * inbox's New lead button is first pressed.
 */
export function NewLeadDialog({ onClose }: { readonly onClose: () => void }) {
  const form = useRef<HTMLFormElement>(null)
  const navigate = useNavigate()
  const [kind, setKind] = useState<Kind>('quote')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<string | null>(null)
  const [errors, setErrors] = useFieldErrors(form)
  // The phone is one field whichever the kind; the API names a quote's `whatsapp`.
  const shownErrors: Readonly<Record<string, string | undefined>> = {
    ...errors,
    phone: errors.phone ?? errors.whatsapp,
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    // The API checks it (its messages show beside the fields): the inbox loads no validation library for it.
    const lead = leadOf(kind, new FormData(event.currentTarget)) as unknown as ManualLeadRequest
    setBusy(true)
    setMessage(null)
    try {
      const added = await createLead(lead)
      notify.success(added.reference ? newLeadCopy.addedWith(added.reference) : newLeadCopy.added)
      onClose()
      void navigate(leadPath(added.id))
    } catch (error) {
      setBusy(false)
      if (error instanceof AdminSessionExpiredError) return
      const refused = error instanceof AdminRequestError ? error : undefined
      setErrors(refused?.fields ?? {})
      const text = refused?.message || newLeadCopy.failed
      if (!refused || Object.keys(refused.fields).length === 0) setMessage(text)
      notify.error(newLeadCopy.failed, text)
    }
  }

  return (
    <Modal open onClose={onClose} title={newLeadCopy.title} className="sm:max-w-xl">
      <form ref={form} onSubmit={submit} noValidate className="flex flex-col gap-4" data-new-lead="">
        <p className="text-sm text-muted">{newLeadCopy.intro}</p>
        <FormMessage message={message} />
        <fieldset className="flex flex-col gap-1.5">
          <legend className="mb-1.5 text-sm font-medium text-ink">{newLeadCopy.kind}</legend>
          <div className="flex flex-wrap gap-2">
            {(Object.keys(newLeadCopy.kinds) as Kind[]).map((value) => (
              <RadioChip
                key={value}
                name="kind"
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
              >
                {newLeadCopy.kinds[value]}
              </RadioChip>
            ))}
          </div>
        </fieldset>
        <SelectField
          label={newLeadCopy.channel}
          name="channel"
          defaultValue={'phone' satisfies ManualChannel}
          options={labelledOptions(manualChannels, manualChannelLabels)}
          error={shownErrors.channel}
        />
        <TextField
          label={newLeadCopy.name}
          name="name"
          autoComplete="off"
          required
          maxLength={quoteLimits.name}
          error={shownErrors.name}
        />
        <TextField
          label={newLeadCopy.phone}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          required
          hint={kind === 'quote' ? newLeadCopy.phoneHint : undefined}
          error={shownErrors.phone}
        />
        {kind === 'quote' ? (
          <>
            <TextField
              label={newLeadCopy.pincode}
              name="pincode"
              inputMode="numeric"
              maxLength={quoteLimits.pincode}
              error={shownErrors.pincode}
            />
            <SelectField
              label={newLeadCopy.category}
              name="category"
              defaultValue="residential"
              options={optionsOf(quoteFields.category.options)}
              error={shownErrors.category}
            />
            <SelectField
              label={newLeadCopy.capacity}
              name="capacityKw"
              defaultValue=""
              placeholder={newLeadCopy.noCapacity}
              options={optionsOf(quoteFields.capacityKw.options)}
              error={shownErrors.capacityKw}
            />
          </>
        ) : (
          <>
            <TextField
              label={newLeadCopy.email}
              name="email"
              type="email"
              autoComplete="off"
              error={shownErrors.email}
            />
            <TextField label={newLeadCopy.subject} name="subject" error={shownErrors.subject} />
          </>
        )}
        <TextAreaField
          label={newLeadCopy.note}
          name="note"
          rows={2}
          maxLength={manualLeadNoteLimit}
          error={shownErrors.note}
        />
        <label className="flex items-start gap-2 text-sm text-ink">
          <input type="checkbox" name="contacted" defaultChecked className="mt-0.5 size-4 accent-brand-700" />
          <span>
            {newLeadCopy.contacted}
            <span className="block text-muted">{newLeadCopy.contactedHint}</span>
          </span>
        </label>
        <DialogActions closeLabel={newLeadCopy.cancel} onClose={onClose} busy={busy}>
          {busy ? newLeadCopy.busy : newLeadCopy.save}
        </DialogActions>
      </form>
    </Modal>
  )
}
