import { contentLimits } from '@core/content'
import { type ChangeEvent, type FormEvent, useId, useState } from 'react'
import { Button } from '~/components/button'
import { TextAreaField, TextField } from '~/components/form-field'
import { adminResourceForm, adminSections } from '~/content/admin'
import { createResource } from '~/lib/api/admin-content'
import { AdminSessionExpiredError } from '~/lib/api/admin-request'
import { uploadResourceFile } from '~/lib/api/admin-upload'
import { notify } from '~/lib/notify'
import { AdminSection } from './admin-section'

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

const text = (data: FormData, name: string) => String(data.get(name) ?? '')

/**
 * 'Add Resource': title, type (hints whitepaper, pdf, link), file URL, description, and a file upload that
 * fills the file URL. Create is disabled while a file uploads; the form is empty again after saving.
 */
export function AddResourceForm({ token, onSessionExpired, onCreated }: AddResourceFormProps) {
  const [pending, setPending] = useState(false)
  const [fileUrl, setFileUrl] = useState('')
  const [upload, setUpload] = useState<UploadState>('idle')
  const hintsId = useId()
  const fileId = useId()

  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0]
    if (!file) return
    setUpload('uploading')
    try {
      const url = await uploadResourceFile(token, file)
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

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending || upload === 'uploading') return
    const form = event.currentTarget
    const data = new FormData(form)
    setPending(true)
    try {
      await createResource(token, {
        title: text(data, 'title'),
        resource_type: text(data, 'resource_type'),
        file_url: fileUrl.trim(),
        description: text(data, 'description'),
      })
      form.reset()
      setFileUrl('')
      setUpload('idle')
      notify.success(adminResourceForm.created)
      onCreated()
    } catch (error) {
      if (error instanceof AdminSessionExpiredError) onSessionExpired()
      else notify.error(adminResourceForm.failed, error instanceof Error ? error.message : undefined)
    } finally {
      setPending(false)
    }
  }

  return (
    <AdminSection title={adminSections.addResource}>
      <form
        onSubmit={handleSubmit}
        aria-label={adminSections.addResource}
        className="grid gap-4 sm:grid-cols-2"
      >
        <TextField label={adminResourceForm.title} name="title" required maxLength={contentLimits.title} />
        <TextField
          label={adminResourceForm.type}
          name="resource_type"
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
          hint={adminResourceForm.fileUrlHint}
          className="sm:col-span-2"
          value={fileUrl}
          onChange={(event) => setFileUrl(event.currentTarget.value)}
          maxLength={contentLimits.file_url}
        />
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <label htmlFor={fileId} className="text-sm font-medium text-ink">
            {adminResourceForm.file}
          </label>
          <p id={`${fileId}-hint`} className="text-xs text-muted">
            {adminResourceForm.fileHint}
          </p>
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
        </div>
        <TextAreaField
          label={adminResourceForm.description}
          name="description"
          className="sm:col-span-2"
          maxLength={contentLimits.description}
        />
        <div className="sm:col-span-2">
          <Button type="submit" disabled={pending || upload === 'uploading'} aria-busy={pending || undefined}>
            {adminResourceForm.submit}
          </Button>
        </div>
      </form>
    </AdminSection>
  )
}
