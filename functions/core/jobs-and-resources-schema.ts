import * as z from 'zod/mini'
import { requiredText } from './field-schemas'
import {
  contentLimits,
  jobFieldLabels,
  maxContentOrder,
  publicationStates,
  resourceFieldLabels,
} from './jobs-and-resources'

/**
 * The job and resource schemas, apart from the limits, labels and list rules in jobs-and-resources.ts: the public lists
 * (list-jobs, list-resources) and the pages import those, and only the routes that validate an item load zod.
 */

/** An optional text field: trimmed, at most `max` characters, absent or empty becomes ''. */
const optionalText = (label: string, max: number, ...checks: z.core.$ZodCheck<string>[]) =>
  z._default(
    z
      .string({ error: `${label} must be text` })
      .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`), ...checks),
    '',
  )

/**
 * A resource's file URL: empty, a path of our own uploads (`/files/...`), or an absolute http(s) URL. Never a
 * `javascript:` or `data:` URL, since the site renders it as a link.
 */
const fileUrl = optionalText(
  resourceFieldLabels.file_url,
  contentLimits.file_url,
  z.refine<string>(
    (value: string) => value === '' || /^\/files\/\S+$/.test(value) || /^https?:\/\/[^\s/]+\S*$/i.test(value),
    'File URL must be an uploaded file (/files/...) or an http(s) address',
  ),
)

/**
 * How an item is shown: published or a draft (created published unless the form says otherwise, as items
 * were before drafts existed), featured (listed first on its public page), and its place among the featured
 * (1 first; items without one follow, newest first).
 */
const publication = {
  state: z._default(z.enum(publicationStates, { error: 'Choose published or draft' }), 'published'),
  featured: z._default(z.boolean({ error: 'Featured is yes or no' }), false),
  order: z.optional(
    z.nullable(
      z
        .number({ error: `Order is a whole number from 1 to ${maxContentOrder}` })
        .check(
          z.int(`Order is a whole number from 1 to ${maxContentOrder}`),
          z.minimum(1, `Order is a whole number from 1 to ${maxContentOrder}`),
          z.maximum(maxContentOrder, `Order is a whole number from 1 to ${maxContentOrder}`),
        ),
    ),
  ),
}

/** The body of POST /api/admin/jobs: the title is required, the rest may be empty. */
export const jobSchema = z.object({
  title: requiredText(jobFieldLabels.title, contentLimits.title),
  location: optionalText(jobFieldLabels.location, contentLimits.location),
  employment_type: optionalText(jobFieldLabels.employment_type, contentLimits.employment_type),
  department: optionalText(jobFieldLabels.department, contentLimits.department),
  description: optionalText(jobFieldLabels.description, contentLimits.description),
  requirements: optionalText(jobFieldLabels.requirements, contentLimits.requirements),
  ...publication,
})

/** The body of POST /api/admin/resources: the title is required, the rest may be empty. */
export const resourceSchema = z.object({
  title: requiredText(resourceFieldLabels.title, contentLimits.title),
  resource_type: optionalText(resourceFieldLabels.resource_type, contentLimits.resource_type),
  file_url: fileUrl,
  description: optionalText(resourceFieldLabels.description, contentLimits.description),
  ...publication,
})

export type JobInput = z.input<typeof jobSchema>
export type Job = z.output<typeof jobSchema>
export type ResourceInput = z.input<typeof resourceSchema>
export type Resource = z.output<typeof resourceSchema>
