import { contentLimits } from '@core/content'
import { Button } from '~/components/button'
import { TextAreaField, TextField } from '~/components/form-field'
import { createJob } from '~/features/admin/api/admin-content'
import { adminJobForm, adminSections } from '~/features/admin/content/admin'
import { useAdminForm } from '~/features/admin/hooks/use-admin-form'
import { AdminSection } from './admin-section'

export interface AddJobFormProps {
  readonly token: string | null
  readonly onSessionExpired: () => void
  /** After the job was stored (the jobs list and totals reload). */
  readonly onCreated: () => void
}

const text = (data: FormData, name: string) => String(data.get(name) ?? '')

/**
 * 'Add Job': title, location, employment type, department, description, requirements; empty after saving.
 * A refusal's per-field messages show under their fields, the first of them focused.
 */
export function AddJobForm({ token, onSessionExpired, onCreated }: AddJobFormProps) {
  const { formRef, pending, errors, handleSubmit } = useAdminForm({
    save: (data) =>
      createJob(token, {
        title: text(data, 'title'),
        location: text(data, 'location'),
        employment_type: text(data, 'employment_type'),
        department: text(data, 'department'),
        description: text(data, 'description'),
        requirements: text(data, 'requirements'),
      }),
    created: adminJobForm.created,
    failed: adminJobForm.failed,
    onSessionExpired,
    onCreated,
  })

  return (
    <AdminSection title={adminSections.addJob}>
      <form
        ref={formRef}
        onSubmit={handleSubmit}
        aria-label={adminSections.addJob}
        className="grid gap-4 sm:grid-cols-2"
      >
        <TextField
          label={adminJobForm.title}
          name="title"
          error={errors.title}
          required
          maxLength={contentLimits.title}
        />
        <TextField
          label={adminJobForm.location}
          name="location"
          error={errors.location}
          maxLength={contentLimits.location}
        />
        <TextField
          label={adminJobForm.employmentType}
          name="employment_type"
          error={errors.employment_type}
          hint={adminJobForm.employmentTypeHint}
          maxLength={contentLimits.employment_type}
        />
        <TextField
          label={adminJobForm.department}
          name="department"
          error={errors.department}
          maxLength={contentLimits.department}
        />
        <TextAreaField
          label={adminJobForm.description}
          name="description"
          error={errors.description}
          className="sm:col-span-2"
          maxLength={contentLimits.description}
        />
        <TextAreaField
          label={adminJobForm.requirements}
          name="requirements"
          error={errors.requirements}
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
