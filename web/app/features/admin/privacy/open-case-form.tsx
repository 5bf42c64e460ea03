import {
  type PrivacyRequestKind,
  privacyRequestKindLabels,
  privacyRequestKinds,
} from '@core/privacy-requests'
import type { FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { SelectField, TextAreaField, TextField } from '~/components/form-field'
import {
  openPrivacyCase,
  type PrivacyCaseOpenBody,
  privacyOpenFailedMessage,
} from '~/features/admin/privacy/api/privacy-cases'
import { ActionRow } from '~/features/admin/shared/form-parts'
import { useAdminSubmit } from '~/features/admin/shared/use-admin-submit'
import { privacyCasePath } from '~/features/admin/shared/workspace-content'
import { notify } from '~/lib/toast'

/** The form's words. */
export const openCaseCopy = {
  heading: 'Open a case by hand',
  intro:
    'For a request that arrived by phone or letter. Call the person back on the number they gave to confirm it is them before you open the case.',
  kind: 'What the person asks',
  kindPlaceholder: 'Choose…',
  name: 'Name',
  phone: 'Phone',
  email: 'E-mail',
  contactHint: 'The phone number or e-mail address the person used with us (at least one).',
  details: 'Details',
  nominee: 'Who they nominate (name, and how to reach them)',
  submit: 'Open the case',
  opened: (id: string) => `Case ${id} is open.`,
  failed: 'The case was not opened',
} as const

type Field = 'kind' | 'name' | 'phone' | 'email' | 'details' | 'nominee'

/**
 * A case opened by hand (owners; POST /api/admin/privacy/cases) for a person who asked by phone or letter
 * and was called back. The API checks the fields (its messages show beside them); an opened case's page
 * opens next.
 */
export function OpenCaseForm() {
  const navigate = useNavigate()
  const { pending, error, fieldErrors, run } = useAdminSubmit<Field>()

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const data = new FormData(event.currentTarget)
    const text = (name: Field) => String(data.get(name) ?? '').trim()
    const optional = (name: 'phone' | 'email' | 'details' | 'nominee') =>
      text(name) === '' ? {} : { [name]: text(name) }
    const body: PrivacyCaseOpenBody = {
      kind: text('kind') as PrivacyRequestKind,
      name: text('name'),
      ...optional('phone'),
      ...optional('email'),
      ...optional('details'),
      ...optional('nominee'),
    }
    const opened = await run(() => openPrivacyCase(body), {
      title: openCaseCopy.failed,
      message: privacyOpenFailedMessage,
    })
    if (!opened) return
    notify.success(openCaseCopy.opened(opened.id))
    void navigate(privacyCasePath(opened.id))
  }

  return (
    <details className="rounded-xl border border-slate-200 bg-white p-4">
      <summary className="cursor-pointer font-semibold text-ink">{openCaseCopy.heading}</summary>
      <p className="mt-2 text-sm text-muted">{openCaseCopy.intro}</p>
      <form
        noValidate
        onSubmit={submit}
        aria-label={openCaseCopy.heading}
        className="mt-4 grid max-w-2xl gap-4 sm:grid-cols-2"
      >
        <SelectField
          name="kind"
          label={openCaseCopy.kind}
          placeholder={openCaseCopy.kindPlaceholder}
          options={privacyRequestKinds.map((value) => ({ value, label: privacyRequestKindLabels[value] }))}
          error={fieldErrors.kind}
          required
        />
        <TextField name="name" label={openCaseCopy.name} error={fieldErrors.name} required />
        <TextField
          name="phone"
          type="tel"
          label={openCaseCopy.phone}
          hint={openCaseCopy.contactHint}
          error={fieldErrors.phone}
        />
        <TextField name="email" type="email" label={openCaseCopy.email} error={fieldErrors.email} />
        <TextAreaField
          name="details"
          label={openCaseCopy.details}
          rows={2}
          error={fieldErrors.details}
          className="sm:col-span-2"
        />
        <TextField
          name="nominee"
          label={openCaseCopy.nominee}
          error={fieldErrors.nominee}
          className="sm:col-span-2"
        />
        <ActionRow busy={pending} message={error} className="sm:col-span-2">
          {openCaseCopy.submit}
        </ActionRow>
      </form>
    </details>
  )
}
