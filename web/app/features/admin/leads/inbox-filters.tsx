import type { StaffUser } from '@core/api-types'
import {
  inboxFilterNames,
  inboxKindLabels,
  inboxKinds,
  leadSegmentLabels,
  leadSegments,
  leadStatuses,
  leadStatusLabels,
  pipelineLimits,
} from '@core/pipeline'
import { type FormEvent, useId } from 'react'
import { Button } from '~/components/button'
import { SelectField, TextField } from '~/components/form-field'
import type { InboxFilters } from '~/features/admin/api/admin-leads'
import { inboxCopy } from '~/features/admin/content/leads'
import type { FieldErrors } from '~/lib/field-errors'
import { AssigneeField } from './assignee-field'

const optionsOf = <T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>) =>
  values.map((value) => ({ value, label: labels[value] }))

export interface InboxFiltersFormProps {
  /** The filters of the URL: the fields start from them. */
  readonly filters: InboxFilters
  readonly users: readonly StaffUser[] | null
  /** The server's messages by filter name, shown beside each field. */
  readonly errors: FieldErrors
  /** The new filters (Apply), or none (Clear). */
  readonly onChange: (filters: InboxFilters) => void
}

/**
 * The inbox's filters: kind, status, segment (the core's lists), assignee, date range and search. The parent
 * keys this form on the URL's query, so going back in the browser shows the filters of that view.
 */
export function InboxFiltersForm({ filters, users, errors, onChange }: InboxFiltersFormProps) {
  const headingId = useId()
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const next: InboxFilters = {}
    for (const name of inboxFilterNames) next[name] = String(data.get(name) ?? '')
    onChange(next)
  }
  return (
    <form
      onSubmit={submit}
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="text-base font-semibold text-ink">
        {inboxCopy.filters}
      </h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          className="sm:col-span-2"
          label={inboxCopy.search}
          name="q"
          type="search"
          defaultValue={filters.q ?? ''}
          maxLength={pipelineLimits.search}
          hint={inboxCopy.searchHint}
          error={errors.q}
        />
        <SelectField
          label={inboxCopy.kind}
          name="kind"
          defaultValue={filters.kind ?? ''}
          placeholder={inboxCopy.any}
          options={optionsOf(inboxKinds, inboxKindLabels)}
          error={errors.kind}
        />
        <SelectField
          label={inboxCopy.status}
          name="status"
          defaultValue={filters.status ?? ''}
          placeholder={inboxCopy.any}
          options={optionsOf(leadStatuses, leadStatusLabels)}
          error={errors.status}
        />
        <SelectField
          label={inboxCopy.segment}
          name="segment"
          defaultValue={filters.segment ?? ''}
          placeholder={inboxCopy.any}
          options={optionsOf(leadSegments, leadSegmentLabels)}
          error={errors.segment}
        />
        <AssigneeField
          name="assignee"
          label={inboxCopy.assignee}
          users={users}
          defaultValue={filters.assignee ?? ''}
          placeholder={inboxCopy.any}
          error={errors.assignee}
        />
        <TextField
          label={inboxCopy.from}
          name="from"
          type="date"
          defaultValue={filters.from ?? ''}
          error={errors.from}
        />
        <TextField
          label={inboxCopy.to}
          name="to"
          type="date"
          defaultValue={filters.to ?? ''}
          error={errors.to}
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button type="submit">{inboxCopy.apply}</Button>
        <Button type="button" variant="outline" onClick={() => onChange({})}>
          {inboxCopy.clear}
        </Button>
      </div>
    </form>
  )
}
