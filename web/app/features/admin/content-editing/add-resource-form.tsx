import { createResource } from '~/features/admin/content-editing/api/admin-content'
import { useAdminForm } from '~/features/admin/content-editing/use-admin-form'
import { adminResourceForm, adminSections } from '~/features/admin/shared/admin-content'
import { AdminFormSection } from './admin-form-section'
import { ResourceFields, resourceTextOf, useResourceUpload } from './resource-fields'

export interface AddResourceFormProps {
  /** After the resource was stored (the resources list and totals reload). */
  readonly onCreated: () => void
}

/**
 * 'Add Resource': title, type (hints whitepaper, pdf, link), file URL, description, and a file upload that
 * fills the file URL, with a progress bar while it uploads. Create is disabled while a file uploads; the form
 * is empty again after saving. A refusal's per-field messages show under their fields, the first focused.
 */
export function AddResourceForm({ onCreated }: AddResourceFormProps) {
  const file = useResourceUpload()
  const { formRef, pending, errors, handleSubmit } = useAdminForm({
    save: (data) => createResource(resourceTextOf(data, file.fileUrl)),
    created: adminResourceForm.created,
    failed: adminResourceForm.failed,
    onCreated: () => {
      file.reset()
      onCreated()
    },
    ready: file.upload !== 'uploading',
  })

  return (
    <AdminFormSection
      title={adminSections.addResource}
      formRef={formRef}
      onSubmit={handleSubmit}
      pending={pending}
      blocked={file.upload === 'uploading'}
      submitLabel={adminResourceForm.submit}
    >
      <ResourceFields errors={errors} file={file} />
    </AdminFormSection>
  )
}
