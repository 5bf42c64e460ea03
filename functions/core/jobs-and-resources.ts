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

/** Hints the resource form offers for its type; any other short text is accepted too. */
export const resourceTypeHints = ['whitepaper', 'pdf', 'link'] as const

/** Whether a job or resource is on the public pages (`published`) or only in the admin (`draft`). */
export const publicationStates = ['published', 'draft'] as const
export type PublicationState = (typeof publicationStates)[number]
export const publicationLabels: Readonly<Record<PublicationState, string>> = {
  published: 'Published',
  draft: 'Draft',
}

/** The highest place a featured item may be given (1 is first). */
export const maxContentOrder = 999

export type { Job, JobInput, Resource, ResourceInput } from './jobs-and-resources-schema'

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
 * Whether the company has shown an item of its own on the public page: one is published now, or was once
 * (`firstPublishedAt`, stamped the first time it is saved published). Until then the page shows its built-in
 * samples; after that never again, so unpublishing the last job leaves an empty list rather than invented ones.
 */
export function hasBeenPublished(item: Readonly<Record<string, unknown>>): boolean {
  return isPublished(item) || typeof item.firstPublishedAt === 'string'
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
