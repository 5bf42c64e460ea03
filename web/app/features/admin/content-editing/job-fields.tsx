import { contentLimits, type Job, type JobInput } from '@core/jobs-and-resources'
import { type TextFieldSpec, TextFields } from '~/components/form-field'
import { adminJobForm } from '~/features/admin/shared/admin-content'
import type { FieldErrors } from '~/lib/field-errors'
import { formText } from '~/lib/hooks/use-lead-submit'

type JobTextName = Exclude<keyof JobInput, 'state' | 'featured' | 'order'>

/** A job's text fields in order, each limited as the API limits it; only the title is required. */
const jobFields: readonly TextFieldSpec<JobTextName>[] = [
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

/** The text of a job's fields as the form holds them. */
export type JobText = Pick<Job, JobTextName>

/** A job's text fields from the form's data (the body of Add Job, and the text part of an edit). */
export function jobTextOf(data: FormData): JobText {
  return {
    title: formText(data, 'title'),
    location: formText(data, 'location'),
    employment_type: formText(data, 'employment_type'),
    department: formText(data, 'department'),
    description: formText(data, 'description'),
    requirements: formText(data, 'requirements'),
  }
}

/**
 * The job form's text fields (Add Job and the edit form share them), prefilled with `job` when editing, each
 * showing the server's message about its value.
 */
export function JobFields({
  errors,
  job,
}: {
  readonly errors: FieldErrors
  readonly job?: Partial<JobText>
}) {
  const fields = job
    ? jobFields.map((field) => ({ ...field, defaultValue: String(job[field.name] ?? '') }))
    : jobFields
  return <TextFields fields={fields} errors={errors} />
}
