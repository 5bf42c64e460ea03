import { createJob } from '~/features/admin/content-editing/api/admin-content'
import { useAdminForm } from '~/features/admin/content-editing/use-admin-form'
import { adminJobForm, adminSections } from '~/features/admin/shared/admin-content'
import { AdminFormSection } from './admin-form-section'
import { JobFields, jobTextOf } from './job-fields'

export interface AddJobFormProps {
  /** After the job was stored (the jobs list and totals reload). */
  readonly onCreated: () => void
}

/**
 * 'Add Job': title, location, employment type, department, description, requirements; empty after saving.
 * A refusal's per-field messages show under their fields, the first of them focused.
 */
export function AddJobForm({ onCreated }: AddJobFormProps) {
  const { formRef, pending, errors, handleSubmit } = useAdminForm({
    save: (data) => createJob(jobTextOf(data)),
    created: adminJobForm.created,
    failed: adminJobForm.failed,
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
      <JobFields errors={errors} />
    </AdminFormSection>
  )
}
