import { contentLimits } from '@core/content'
import { type ChangeEvent, useId, useState } from 'react'
import { FieldShell, TextAreaField, TextField } from '~/components/form-field'
import { createResource } from '~/features/admin/api/admin-content'
import { AdminSessionExpiredError } from '~/features/admin/api/admin-request'
import { type UploadProgress, uploadResourceFile } from '~/features/admin/api/admin-upload'
import { adminResourceForm, adminSections } from '~/features/admin/content/admin'
import { useAdminForm } from '~/features/admin/hooks/use-admin-form'
import { formText } from '~/lib/hooks/use-lead-submit'
import { notify } from '~/lib/notify'
import { AdminFormSection } from './admin-form-section'

export interface AddResourceFormProps {
  readonly token: string | null
  readonly onSessionExpired: () => void
  /** After the resource was stored (the resources list and totals reload). */
  readonly onCreated: () => void
}

/** The upload goes idle, then uploading, then uploaded when a URL came back, otherwise no file. */
export type UploadState = 'idle' | 'uploading' | 'uploaded' | 'none'

const uploadLabels: Readonly<Record<UploadState, string>> = {
  idle: adminResourceForm.noFile,
  uploading: adminResourceForm.uploading,
  uploaded: adminResourceForm.uploaded,
  none: adminResourceForm.noFile,
}

/**
 * 'Add Resource': title, type (hints whitepaper, pdf, link), file URL, description, and a file upload that
 * fills the file URL, with a progress bar while it uploads. Create is disabled while a file uploads; the form
 * is empty again after saving. A refusal's per-field messages show under their fields, the first focused.
 */
export function AddResourceForm({ token, onSessionExpired, onCreated }: AddResourceFormProps) {
  const [fileUrl, setFileUrl] = useState('')
  const [upload, setUpload] = useState<UploadState>('idle')
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  const hintsId = useId()
  const fileId = useId()

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0]
    if (!file) return
    setUpload('uploading')
    setProgress(null)
    try {
      const url = await uploadResourceFile(token, file, setProgress)
      if (url) setFileUrl(url)
      setUpload(url ? 'uploaded' : 'none')
    } catch (error) {
      setUpload('none')
      if (error instanceof AdminSessionExpiredError) {
        onSessionExpired()
        return
      }
      console.error('Resource upload failed', error)
      notify.error('The file was not uploaded.', error instanceof Error ? error.message : undefined)
    }
  }

  const { formRef, pending, errors, handleSubmit } = useAdminForm({
    save: (data) =>
      createResource(token, {
        title: formText(data, 'title'),
        resource_type: formText(data, 'resource_type'),
        file_url: fileUrl.trim(),
        description: formText(data, 'description'),
      }),
    created: adminResourceForm.created,
    failed: adminResourceForm.failed,
    onSessionExpired,
    onCreated: () => {
      setFileUrl('')
      setUpload('idle')
      onCreated()
    },
    ready: upload !== 'uploading',
  })

  return (
    <AdminFormSection
      title={adminSections.addResource}
      formRef={formRef}
      onSubmit={handleSubmit}
      pending={pending}
      blocked={upload === 'uploading'}
      submitLabel={adminResourceForm.submit}
    >
      <TextField
        label={adminResourceForm.title}
        name="title"
        error={errors.title}
        required
        maxLength={contentLimits.title}
      />
      <TextField
        label={adminResourceForm.type}
        name="resource_type"
        error={errors.resource_type}
        list={hintsId}
        hint={adminResourceForm.typeHint}
        maxLength={contentLimits.resource_type}
      />
      <datalist id={hintsId}>
        {adminResourceForm.typeHints.map((hint) => (
          <option key={hint} value={hint} />
        ))}
      </datalist>
      <TextField
        label={adminResourceForm.fileUrl}
        name="file_url"
        error={errors.file_url}
        hint={adminResourceForm.fileUrlHint}
        className="sm:col-span-2"
        value={fileUrl}
        onChange={(event) => setFileUrl(event.currentTarget.value)}
        maxLength={contentLimits.file_url}
      />
      <FieldShell
        id={fileId}
        label={adminResourceForm.file}
        hint={adminResourceForm.fileHint}
        className="sm:col-span-2"
      >
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
          <input
            id={fileId}
            type="file"
            name="file"
            aria-describedby={`${fileId}-hint ${fileId}-status`}
            onChange={handleFile}
            className="block w-full text-sm text-ink file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100 sm:w-auto"
          />
          <p id={`${fileId}-status`} role="status" className="text-sm font-medium text-muted">
            {uploadLabels[upload]}
          </p>
        </div>
        {upload === 'uploading' ? (
          <div className="flex items-center gap-3">
            <label htmlFor={`${fileId}-progress`} className="text-sm text-muted">
              {adminResourceForm.progress}
            </label>
            {/* Without a value the bar is indeterminate: the small uploads send no progress events. */}
            <progress
              id={`${fileId}-progress`}
              max={progress?.total || undefined}
              value={progress?.loaded}
              className="h-2 w-full max-w-xs accent-brand-600"
            />
          </div>
        ) : null}
      </FieldShell>
      <TextAreaField
        label={adminResourceForm.description}
        name="description"
        error={errors.description}
        className="sm:col-span-2"
        maxLength={contentLimits.description}
      />
    </AdminFormSection>
  )
}
