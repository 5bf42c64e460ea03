import { isPublished, type PublicationState } from '@core/jobs-and-resources'
import { type FormEvent, type ReactNode, type RefObject, useRef, useState } from 'react'
import { Button } from '~/components/button'
import {
  type ContentKindPath,
  type ContentUpdate,
  updateContent,
} from '~/features/admin/content-editing/api/admin-content'
import { JobFields, jobTextOf } from '~/features/admin/content-editing/job-fields'
import { PublicationFields, publicationOf } from '~/features/admin/content-editing/publication-fields'
import {
  ResourceFields,
  resourceTextOf,
  useResourceUpload,
} from '~/features/admin/content-editing/resource-fields'
import { useAdminForm } from '~/features/admin/content-editing/use-admin-form'
import { adminContentEditing } from '~/features/admin/shared/admin-content'
import { AdminSection } from '~/features/admin/shared/admin-section'
import type { AdminJob, AdminResource } from '~/features/admin/shared/api/admin-lists'
import type { FieldErrors } from '~/lib/field-errors'

interface EditFrameProps {
  readonly title: string
  readonly formRef: RefObject<HTMLFormElement | null>
  readonly onSubmit: (event: FormEvent<HTMLFormElement>) => void
  readonly pending: boolean
  /** Which button sent the save under way: it shows busy. */
  readonly sending: PublicationState | null
  /** The buttons are disabled for another reason (a file still uploading). */
  readonly blocked?: boolean
  /** The item's state now: its button comes first, the one Enter presses. */
  readonly current: PublicationState
  readonly onChoose: (state: PublicationState) => void
  readonly onCancel: () => void
  readonly children: ReactNode
}

/** An edit form's card: its fields in a grid, then Save as draft, Publish and Cancel. */
function EditFrame({
  title,
  formRef,
  onSubmit,
  pending,
  sending,
  blocked = false,
  current,
  onChoose,
  onCancel,
  children,
}: EditFrameProps) {
  const choices: readonly { state: PublicationState; label: string; variant: 'outline' | 'primary' }[] = [
    { state: 'draft', label: adminContentEditing.saveDraft, variant: 'outline' },
    { state: 'published', label: adminContentEditing.publish, variant: 'primary' },
  ]
  // Enter in a field presses the first submit button: it keeps the item's state, so Enter never publishes
  // a draft or takes a published item off the site.
  const buttons = [...choices].sort((a, b) => Number(b.state === current) - Number(a.state === current))
  return (
    <AdminSection title={title}>
      <form ref={formRef} onSubmit={onSubmit} aria-label={title} className="grid gap-4 sm:grid-cols-2">
        {children}
        <div className="flex flex-wrap gap-2 sm:col-span-2">
          {buttons.map(({ state, label, variant }) => (
            <Button
              key={state}
              type="submit"
              variant={variant}
              disabled={pending || blocked}
              aria-busy={(pending && sending === state) || undefined}
              onClick={() => onChoose(state)}
            >
              {label}
            </Button>
          ))}
          <Button variant="ghost" onClick={onCancel} disabled={pending}>
            {adminContentEditing.cancel}
          </Button>
        </div>
      </form>
    </AdminSection>
  )
}

/** What every edit form shares: the state its button chose, the PUT of the whole item, the outcome. */
function useEditSave<Kind extends ContentKindPath, T extends { readonly id: string }>({
  kind,
  noun,
  item,
  onSaved,
  body,
  ready,
}: {
  readonly kind: Kind
  readonly noun: string
  readonly item: T
  readonly onSaved: (saved: T) => void
  readonly body: (data: FormData, state: PublicationState) => ContentUpdate<Kind>
  readonly ready?: boolean
}) {
  const chosen = useRef<PublicationState>('published')
  const [sending, setSending] = useState<PublicationState | null>(null)
  const saved = useRef<T>(item)
  const form = useAdminForm({
    save: async (data) => {
      const state = chosen.current
      setSending(state)
      const update = body(data, state)
      const stored = await updateContent(kind, item.id, update)
      saved.current = { ...item, ...update, ...(stored ?? {}) } as T
    },
    created: () =>
      chosen.current === 'draft' ? adminContentEditing.savedDraft(noun) : adminContentEditing.published(noun),
    failed: adminContentEditing.failed(noun),
    onCreated: () => onSaved(saved.current),
    resetAfterSave: false,
    ...(ready === undefined ? {} : { ready }),
  })
  const choose = (state: PublicationState) => {
    chosen.current = state
  }
  // What the frame needs of the save: its form, its submit, whether one is under way and which button sent it.
  const frame = {
    formRef: form.formRef,
    onSubmit: form.handleSubmit,
    pending: form.pending,
    sending,
    onChoose: choose,
  } satisfies Partial<EditFrameProps>
  return { errors: form.errors, frame }
}

export interface EditContentFormProps<T> {
  readonly item: T
  /** After the PUT succeeded, with the item as stored. */
  readonly onSaved: (saved: T) => void
  readonly onCancel: () => void
}

/** An item's state; one stored before drafts existed is published. */
const stateOf = (item: { readonly state?: unknown }): PublicationState =>
  isPublished({ state: item.state }) ? 'published' : 'draft'

const orderOf = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined)

/**
 * Edit a job: the Add Job fields prefilled, Featured and Order; Save as draft or Publish PUTs the whole job.
 * A refusal's per-field messages show beside their fields (the first focused) with a toast of the server's
 * message; any other failure (409, 500, network) is a toast and the form keeps what was typed.
 */
export function EditJobForm({ item, onSaved, onCancel }: EditContentFormProps<AdminJob>) {
  const { errors, frame } = useEditSave({
    kind: 'jobs',
    noun: 'job',
    item,
    onSaved,
    body: (data, state) => ({ ...jobTextOf(data), ...publicationOf(data, state) }),
  })
  return (
    <EditFrame
      title={adminContentEditing.editTitle('job', item.title)}
      {...frame}
      current={stateOf(item)}
      onCancel={onCancel}
    >
      <JobFields errors={errors} job={item} />
      <Publication errors={errors} item={item} />
    </EditFrame>
  )
}

/** Edit a resource: the Add Resource fields (with the upload) prefilled, Featured and Order; as EditJobForm. */
export function EditResourceForm({ item, onSaved, onCancel }: EditContentFormProps<AdminResource>) {
  const file = useResourceUpload(item.file_url ?? '')
  const { errors, frame } = useEditSave({
    kind: 'resources',
    noun: 'resource',
    item,
    onSaved,
    body: (data, state) => ({ ...resourceTextOf(data, file.fileUrl), ...publicationOf(data, state) }),
    ready: file.upload !== 'uploading',
  })
  return (
    <EditFrame
      title={adminContentEditing.editTitle('resource', item.title)}
      {...frame}
      blocked={file.upload === 'uploading'}
      current={stateOf(item)}
      onCancel={onCancel}
    >
      <ResourceFields errors={errors} file={file} resource={item} />
      <Publication errors={errors} item={item} />
    </EditFrame>
  )
}

function Publication({
  errors,
  item,
}: {
  readonly errors: FieldErrors
  readonly item: { readonly featured?: unknown; readonly order?: unknown }
}) {
  return <PublicationFields errors={errors} featured={item.featured === true} order={orderOf(item.order)} />
}
