import type { StaffUser } from '@core/api-types'
import {
  followUpDueFilters,
  inboxFilterNames,
  inboxKindLabels,
  inboxKinds,
  leadSegmentLabels,
  leadSegments,
  myLeadsFilter,
  unassignedFilter,
} from '@core/inbox-search'
import { leadStatuses, leadStatusLabels, pipelineLimits } from '@core/pipeline-rules'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '~/components/button'
import { SelectField, TextField } from '~/components/form-field'
import { inboxCopy } from '~/features/admin/leads/content'
import type { InboxFilters } from '~/features/admin/shared/api/admin-leads'
import { cn } from '~/lib/class-names'
import type { FieldErrors } from '~/lib/field-errors'
import { AssigneeField } from './assignee-field'

const optionsOf = <T extends string>(values: readonly T[], labels: Readonly<Record<T, string>>) =>
  values.map((value) => ({ value, label: labels[value] }))

/** The filters chosen from a list of the core's, in the order they are drawn. */
const choiceFilters = [
  { name: 'kind', options: optionsOf(inboxKinds, inboxKindLabels) },
  { name: 'status', options: optionsOf(leadStatuses, leadStatusLabels) },
  { name: 'segment', options: optionsOf(leadSegments, leadSegmentLabels) },
] as const

/** The filters of the day's views, drawn after the assignee: follow-ups due, and leads waiting for a call. */
const workFilters = [
  { name: 'due', options: optionsOf(followUpDueFilters, inboxCopy.dueLabels) },
  { name: 'waiting', options: optionsOf(['1'] as const, inboxCopy.waitingLabels) },
] as const

/** The assignee filter's choices before the colleagues: the signed-in user, and nobody. */
const assigneeWords = [
  { value: myLeadsFilter, label: inboxCopy.me },
  { value: unassignedFilter, label: inboxCopy.nobody },
]

/** The date range's two ends. */
const dateFilters = ['from', 'to'] as const

/** Every filter but the search: what a phone folds under More filters. */
const foldedFilterNames = inboxFilterNames.filter((name) => name !== 'q')

/** The filters the view links above set: a view chosen there leaves the phone's filters folded. */
const viewFilterNames: readonly string[] = ['assignee', 'due', 'waiting']

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
 * The inbox's filters: kind, status, segment (the core's lists), assignee (me, nobody or a colleague),
 * follow-ups due, waiting for a first contact, date range and search. The parent
 * keys this form on the URL's query, so going back in the browser shows the filters of that view.
 */
export function InboxFiltersForm({ filters, users, errors, onChange }: InboxFiltersFormProps) {
  const headingId = useId()
  const moreId = useId()
  // The filters besides the search, set in the URL or refused by the server: a phone shows them unfolded.
  const active = foldedFilterNames.filter((name) => (filters[name] ?? '') !== '').length
  const refused = foldedFilterNames.some((name) => errors[name] !== undefined)
  const [unfolded, setUnfolded] = useState(
    foldedFilterNames.some((name) => !viewFilterNames.includes(name) && (filters[name] ?? '') !== ''),
  )
  const showMore = unfolded || refused
  // A filter chosen from a list (any value, or one of its options).
  const choiceField = ({ name, options }: (typeof choiceFilters | typeof workFilters)[number]) => (
    <SelectField
      key={name}
      label={inboxCopy[name]}
      name={name}
      defaultValue={filters[name] ?? ''}
      placeholder={inboxCopy.any}
      options={options}
      error={errors[name]}
    />
  )
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
        <Button
          type="button"
          variant="outline"
          className="sm:hidden"
          aria-expanded={showMore}
          aria-controls={moreId}
          onClick={() => setUnfolded(!showMore)}
        >
          {inboxCopy.moreFilters(active)}
        </Button>
        {/* Part of the grid from a small tablet up; on a phone folded until asked for. */}
        <div id={moreId} className={cn(showMore ? 'contents' : 'hidden', 'sm:contents')}>
          {choiceFilters.map(choiceField)}
          <AssigneeField
            name="assignee"
            label={inboxCopy.assignee}
            users={users}
            defaultValue={filters.assignee ?? ''}
            placeholder={inboxCopy.any}
            leading={assigneeWords}
            error={errors.assignee}
          />
          {workFilters.map(choiceField)}
          <TextField
            label={inboxCopy.source}
            name="source"
            hint={inboxCopy.sourceHint}
            defaultValue={filters.source ?? ''}
            error={errors.source}
          />
          {dateFilters.map((name) => (
            <TextField
              key={name}
              label={inboxCopy[name]}
              name={name}
              type="date"
              defaultValue={filters[name] ?? ''}
              error={errors[name]}
            />
          ))}
        </div>
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
