import { contentLimits } from '@core/content'
import { type FormEvent, useState } from 'react'
import { Button } from '~/components/button'
import { TextAreaField, TextField } from '~/components/form-field'
import { createJob } from '~/features/admin/api/admin-content'
import { AdminSessionExpiredError } from '~/features/admin/api/admin-request'
import { adminJobForm, adminSections } from '~/features/admin/content/admin'
import { notify } from '~/lib/notify'
import { AdminSection } from './admin-section'

export interface AddJobFormProps {
  readonly token: string | null
  readonly onSessionExpired: () => void
  /** After the job was stored (the jobs list and totals reload). */
  readonly onCreated: () => void
}

const text = (data: FormData, name: string) => String(data.get(name) ?? '')

/** 'Add Job': title, location, employment type, department, description, requirements; empty after saving. */
export function AddJobForm({ token, onSessionExpired, onCreated }: AddJobFormProps) {
  const [pending, setPending] = useState(false)

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const form = event.currentTarget
    const data = new FormData(form)
    setPending(true)
    try {
      await createJob(token, {
        title: text(data, 'title'),
        location: text(data, 'location'),
        employment_type: text(data, 'employment_type'),
        department: text(data, 'department'),
        description: text(data, 'description'),
        requirements: text(data, 'requirements'),
      })
      form.reset()
      notify.success(adminJobForm.created)
      onCreated()
    } catch (error) {
      if (error instanceof AdminSessionExpiredError) onSessionExpired()
      else notify.error(adminJobForm.failed, error instanceof Error ? error.message : undefined)
    } finally {
      setPending(false)
    }
  }

  return (
    <AdminSection title={adminSections.addJob}>
      <form onSubmit={handleSubmit} aria-label={adminSections.addJob} className="grid gap-4 sm:grid-cols-2">
        <TextField label={adminJobForm.title} name="title" required maxLength={contentLimits.title} />
        <TextField label={adminJobForm.location} name="location" maxLength={contentLimits.location} />
        <TextField
          label={adminJobForm.employmentType}
          name="employment_type"
          hint={adminJobForm.employmentTypeHint}
          maxLength={contentLimits.employment_type}
        />
        <TextField label={adminJobForm.department} name="department" maxLength={contentLimits.department} />
        <TextAreaField
          label={adminJobForm.description}
          name="description"
          className="sm:col-span-2"
          maxLength={contentLimits.description}
        />
        <TextAreaField
          label={adminJobForm.requirements}
          name="requirements"
          hint={adminJobForm.requirementsHint}
          className="sm:col-span-2"
          maxLength={contentLimits.requirements}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
            {adminJobForm.submit}
          </Button>
        </div>
      </form>
    </AdminSection>
  )
}
