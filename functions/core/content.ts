import * as z from 'zod/mini'
import { requiredText } from './field-schemas'

/** Limits of the admin 'Add Job' and 'Add Resource' forms, shared by the page (maxLength) and the API. */
export const contentLimits = {
  title: 200,
  location: 120,
  employment_type: 60,
  department: 120,
  description: 10_000,
  requirements: 10_000,
  resource_type: 60,
  file_url: 2048,
} as const

/** A job's fields by name: the admin form's labels, the API's messages and the export's column headers. */
export const jobFieldLabels = {
  title: 'Title',
  location: 'Location',
  employment_type: 'Employment type',
  department: 'Department',
  description: 'Description',
  requirements: 'Requirements',
} as const

/** A resource's fields by name: the admin form's labels, the API's messages and the export's column headers. */
export const resourceFieldLabels = {
  title: 'Title',
  resource_type: 'Type',
  file_url: 'File URL',
  description: 'Description',
} as const

/** An optional text field: trimmed, at most `max` characters, absent or empty becomes ''. */
const optionalText = (label: string, max: number, ...checks: z.core.$ZodCheck<string>[]) =>
  z._default(
    z
      .string({ error: `${label} must be text` })
      .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`), ...checks),
    '',
  )

/** Hints the resource form offers for its type; any other short text is accepted too. */
export const resourceTypeHints = ['whitepaper', 'pdf', 'link'] as const

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

/** Whether a job or resource is on the public pages (`published`) or only in the admin (`draft`). */
export const publicationStates = ['published', 'draft'] as const
export type PublicationState = (typeof publicationStates)[number]
export const publicationLabels: Readonly<Record<PublicationState, string>> = {
  published: 'Published',
  draft: 'Draft',
}

/** The highest place a featured item may be given (1 is first). */
export const maxContentOrder = 999

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

/** How long browsers and CloudFront may keep the public job and resource lists, in seconds. */
export const publicListMaxAgeSeconds = 60

/** What the public lists need of an item to place it. */
export interface Placed {
  readonly featured?: unknown
  readonly order?: unknown
  readonly createdAt: string
}

/** Whether an item shows on the public pages: published, or stored before drafts existed. */
export function isPublished(item: Readonly<Record<string, unknown>>): boolean {
  return item.state === undefined || item.state === 'published'
}

/**
 * The order of the public lists: featured items first, by their place (1 first, then those without one),
 * then everything newest first.
 */
export function comparePlacement(a: Placed, b: Placed): number {
  const featured = Number(b.featured === true) - Number(a.featured === true)
  if (featured !== 0) return featured
  const place = (item: Placed) => (typeof item.order === 'number' ? item.order : Number.POSITIVE_INFINITY)
  const order = place(a) - place(b)
  if (order !== 0 && !Number.isNaN(order)) return order
  return a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0
}
