import { contentLimits, type JobInput } from '@core/content'
import { type TextFieldSpec, TextFields } from '~/components/form-field'
import { createJob } from '~/features/admin/api/admin-content'
import { adminJobForm, adminSections } from '~/features/admin/content/admin'
import { useAdminForm } from '~/features/admin/hooks/use-admin-form'
import { formText } from '~/lib/hooks/use-lead-submit'
import { AdminFormSection } from './admin-form-section'

export interface AddJobFormProps {
  readonly token: string | null
  readonly onSessionExpired: () => void
  /** After the job was stored (the jobs list and totals reload). */
  readonly onCreated: () => void
}

/** The form's fields in order, each limited as the API limits it; only the title is required. */
const jobFields: readonly TextFieldSpec<keyof JobInput>[] = [
  { name: 'title', label: adminJobForm.title, required: true, maxLength: contentLimits.title },
  { name: 'location', label: adminJobForm.location, maxLength: contentLimits.location },
  {
    name: 'employment_type',
    label: adminJobForm.employmentType,
    hint: adminJobForm.employmentTypeHint,
    maxLength: contentLimits.employment_type,
  },
  { name: 'department', label: adminJobForm.department, maxLength: contentLimits.department },
  {
    name: 'description',
    label: adminJobForm.description,
    multiline: true,
    className: 'sm:col-span-2',
    maxLength: contentLimits.description,
  },
  {
    name: 'requirements',
    label: adminJobForm.requirements,
    hint: adminJobForm.requirementsHint,
    multiline: true,
    className: 'sm:col-span-2',
    maxLength: contentLimits.requirements,
  },
]

/**
 * 'Add Job': title, location, employment type, department, description, requirements; empty after saving.
 * A refusal's per-field messages show under their fields, the first of them focused.
 */
export function AddJobForm({ token, onSessionExpired, onCreated }: AddJobFormProps) {
  const { formRef, pending, errors, handleSubmit } = useAdminForm({
    save: (data) =>
      createJob(token, {
        title: formText(data, 'title'),
        location: formText(data, 'location'),
        employment_type: formText(data, 'employment_type'),
        department: formText(data, 'department'),
        description: formText(data, 'description'),
        requirements: formText(data, 'requirements'),
      }),
    created: adminJobForm.created,
    failed: adminJobForm.failed,
    onSessionExpired,
    onCreated,
  })

  return (
    <AdminFormSection
      title={adminSections.addJob}
      formRef={formRef}
      onSubmit={handleSubmit}
      pending={pending}
      submitLabel={adminJobForm.submit}
    >
      <TextFields fields={jobFields} errors={errors} />
    </AdminFormSection>
  )
}
