import { contentLimits, type Resource } from '@core/jobs-and-resources'
import { type ChangeEvent, useId, useState } from 'react'
import { FieldShell, TextAreaField, TextField } from '~/components/form-field'
import { type UploadProgress, uploadResourceFile } from '~/features/admin/content-editing/api/admin-upload'
import { AdminSessionExpiredError } from '~/features/admin/session/admin-client'
import { adminResourceForm } from '~/features/admin/shared/admin-content'
import type { FieldErrors } from '~/lib/field-errors'
import { formText } from '~/lib/hooks/use-lead-submit'
import { notify } from '~/lib/toast'

/** The upload goes idle, then uploading, then uploaded when a URL came back, otherwise no file. */
export type UploadState = 'idle' | 'uploading' | 'uploaded' | 'none'

const uploadLabels: Readonly<Record<UploadState, string>> = {
  idle: adminResourceForm.noFile,
  uploading: adminResourceForm.uploading,
  uploaded: adminResourceForm.uploaded,
  none: adminResourceForm.noFile,
}

/** The text of a resource's fields as the form holds them. */
export type ResourceText = Pick<Resource, 'title' | 'resource_type' | 'file_url' | 'description'>

/** The file URL field and the upload that fills it, shared by the Add and edit forms of a resource. */
export interface ResourceUpload {
  readonly fileUrl: string
  setFileUrl(url: string): void
  readonly upload: UploadState
  readonly progress: UploadProgress | null
  handleFile(event: ChangeEvent<HTMLInputElement>): Promise<void>
  /** Back to no file and an empty URL (after an Add). */
  reset(): void
}

/**
 * The state of a resource form's file: its URL (prefilled when editing), and an upload that fills it in, with
 * its progress. A failure other than a 401 (which ends the session) is a toast and "No file".
 */
export function useResourceUpload(initialUrl = ''): ResourceUpload {
  const [fileUrl, setFileUrl] = useState(initialUrl)
  const [upload, setUpload] = useState<UploadState>('idle')
  const [progress, setProgress] = useState<UploadProgress | null>(null)

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0]
    if (!file) return
    setUpload('uploading')
    setProgress(null)
    try {
      const url = await uploadResourceFile(file, setProgress)
      if (url) setFileUrl(url)
      setUpload(url ? 'uploaded' : 'none')
    } catch (error) {
      setUpload('none')
      if (error instanceof AdminSessionExpiredError) return
      console.error('Resource upload failed', error)
      notify.error('The file was not uploaded.', error instanceof Error ? error.message : undefined)
    }
  }

  return {
    fileUrl,
    setFileUrl,
    upload,
    progress,
    handleFile,
    reset: () => {
      setFileUrl('')
      setUpload('idle')
    },
  }
}

/** A resource's text fields from the form's data, with the file URL the upload state holds. */
export function resourceTextOf(data: FormData, fileUrl: string): ResourceText {
  return {
    title: formText(data, 'title'),
    resource_type: formText(data, 'resource_type'),
    file_url: fileUrl.trim(),
    description: formText(data, 'description'),
  }
}

export interface ResourceFieldsProps {
  readonly errors: FieldErrors
  readonly file: ResourceUpload
  /** The resource being edited: its fields are prefilled. */
  readonly resource?: Partial<ResourceText>
}

/**
 * The resource form's fields (Add Resource and the edit form share them): title, type (hints whitepaper, pdf,
 * link), file URL, a file upload that fills the file URL with a progress bar while it uploads, description.
 */
export function ResourceFields({ errors, file, resource }: ResourceFieldsProps) {
  const hintsId = useId()
  const fileId = useId()
  return (
    <>
      <TextField
        label={adminResourceForm.title}
        name="title"
        error={errors.title}
        required
        maxLength={contentLimits.title}
        defaultValue={resource?.title}
      />
      <TextField
        label={adminResourceForm.type}
        name="resource_type"
        error={errors.resource_type}
        list={hintsId}
        hint={adminResourceForm.typeHint}
        maxLength={contentLimits.resource_type}
        defaultValue={resource?.resource_type}
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
        value={file.fileUrl}
        onChange={(event) => file.setFileUrl(event.currentTarget.value)}
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
            onChange={file.handleFile}
            className="block w-full text-sm text-ink file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100 sm:w-auto"
          />
          <p id={`${fileId}-status`} role="status" className="text-sm font-medium text-muted">
            {uploadLabels[file.upload]}
          </p>
        </div>
        {file.upload === 'uploading' ? (
          <div className="flex items-center gap-3">
            <label htmlFor={`${fileId}-progress`} className="text-sm text-muted">
              {adminResourceForm.progress}
            </label>
            {/* Without a value the bar is indeterminate: the small uploads send no progress events. */}
            <progress
              id={`${fileId}-progress`}
              max={file.progress?.total || undefined}
              value={file.progress?.loaded}
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
        defaultValue={resource?.description}
      />
    </>
  )
}
