/**
 * How the public resources and careers pages read the items of GET /api/resources and GET /api/jobs (each
 * item "as shown in the listing"), and how the resources page searches them. The server answers what the
 * admin stored (title, resource_type, file_url, description, createdAt ...); older or hand-made items may use
 * the other names the spec lists (excerpt, category, type, read_time, created_at ...). Every rule is here once.
 */

/** The categories of the resources page's chips, besides 'all'. */
export const resourceCategories = ['guides', 'case-studies', 'whitepapers', 'videos', 'tools'] as const
export type ResourceCategory = (typeof resourceCategories)[number]

/** The card heights of the masonry list; items from the server are always 'medium'. */
export type CardHeight = 'tall' | 'medium' | 'short'

/** A resource as the listing shows it. */
export interface ListedResource {
  readonly id: string
  readonly title: string
  readonly excerpt: string
  /** One of resourceCategories for known values; any other category text is kept, lower-cased. */
  readonly category: string
  /** The type badge, e.g. 'Guide', 'Whitepaper'. */
  readonly type: string
  readonly readTime: string
  /** As sent (an ISO date or a display date); empty when absent. */
  readonly date: string
  readonly author: string
  /** An image URL of our own (`/...`) or https; empty when absent or unsafe. */
  readonly image: string
  readonly tags: readonly string[]
  readonly featured: boolean
  readonly views: number
  readonly height: CardHeight
  /** The file the card opens: an upload of ours (`/files/...`) or an http(s) URL; empty when none. */
  readonly fileUrl: string
}

/** A job as the careers page lists it. */
export interface ListedJob {
  readonly id: string
  readonly title: string
  readonly department: string
  readonly location: string
  /** Full-time, Part-time, Contract ... (spec: from employment_type or type). */
  readonly type: string
  readonly experience: string
  readonly salary: string
  readonly featured: boolean
  readonly description: string
  readonly requirements: readonly string[]
  readonly benefits: readonly string[]
}

type Fields = Readonly<Record<string, unknown>>

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The first of `values` that is non-empty text (trimmed) or a finite number (as text); else ''. */
export function firstText(...values: readonly unknown[]): string {
  for (const value of values) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim()
    if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  }
  return ''
}

/**
 * A list from an array (its non-empty text entries) or from text split at `separator` (trimmed, empty parts
 * dropped); anything else is an empty list. Tags split at commas, requirements and benefits at new lines.
 */
export function textList(value: unknown, separator: RegExp): string[] {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(separator) : []
  return parts.map((part) => firstText(part)).filter((part) => part !== '')
}

/** 'whitepaper' → 'Whitepaper', 'case-study' → 'Case study'. */
export const capitalise = (text: string): string =>
  text === '' ? '' : `${text.charAt(0).toUpperCase()}${text.slice(1).replaceAll(/[-_]+/g, ' ')}`

/** Singular and other spellings of the chip categories, so 'whitepaper' items show under 'whitepapers'. */
const categoryAliases: Readonly<Record<string, ResourceCategory>> = {
  guide: 'guides',
  'case-study': 'case-studies',
  'case study': 'case-studies',
  'case studies': 'case-studies',
  casestudy: 'case-studies',
  whitepaper: 'whitepapers',
  'white-paper': 'whitepapers',
  'white paper': 'whitepapers',
  video: 'videos',
  tool: 'tools',
}

/** A category text as the chips know it: lower-cased, known singulars mapped to their chip. */
export function resourceCategory(text: string): string {
  const lower = text.trim().toLowerCase()
  return (resourceCategories as readonly string[]).includes(lower) ? lower : (categoryAliases[lower] ?? lower)
}

/**
 * A link the site may render: a path of our own or an http(s) URL, else ''. Browsers read a backslash as a
 * slash and drop tabs and new lines inside a URL, so `/\evil.com`, `\\evil.com` and `/<tab>/evil.com` would
 * all lead to another host: no backslash (plain or `%5C`), whitespace or control character is accepted
 * anywhere, and a path may not start with a second slash (plain or `%2F`).
 */
export function safeUrl(value: unknown): string {
  const text = firstText(value)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\s\u0000-\u001f\u007f\\]|%5c/i.test(text)) return ''
  return /^\/(?!\/|%2f)/i.test(text) || /^https?:\/\/[^/?#]+/i.test(text) ? text : ''
}

const wholeNumber = (value: unknown): number => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? Math.floor(number) : 0
}

const flag = (value: unknown): boolean => value === true || value === 'true'

export interface ResourceDefaults {
  /** Shown when an item names no author: a team-style value such as '<Company> Team'. */
  readonly author: string
}

/** One server item as a listed resource; `position` is its 0-based place in the reply (for the id). */
export function normaliseResource(
  item: unknown,
  position: number,
  defaults: ResourceDefaults,
): ListedResource {
  const fields: Fields = isRecord(item) ? item : {}
  const resourceType = firstText(fields.resource_type)
  return {
    id: firstText(fields.id) || String(position + 1),
    title: firstText(fields.title) || 'Untitled',
    excerpt: firstText(fields.description, fields.excerpt),
    category: resourceCategory(firstText(fields.category, resourceType) || 'guides'),
    type: firstText(fields.type) || capitalise(resourceType) || 'Guide',
    readTime: firstText(fields.read_time, fields.readTime),
    date: firstText(fields.date, fields.created_at, fields.createdAt),
    author: firstText(fields.author) || defaults.author,
    image: safeUrl(fields.image),
    tags: textList(fields.tags, /,/),
    featured: flag(fields.featured),
    views: wholeNumber(fields.views),
    height: 'medium',
    fileUrl: safeUrl(firstText(fields.file_url, fields.fileUrl, fields.url)),
  }
}

/** One server item as a listed job; `position` is its 0-based place in the reply. */
export function normaliseJob(item: unknown, position: number): ListedJob {
  const fields: Fields = isRecord(item) ? item : {}
  return {
    id: firstText(fields.id) || String(position + 1),
    title: firstText(fields.title) || 'Untitled',
    department: firstText(fields.department) || 'General',
    location: firstText(fields.location) || 'Remote',
    type: firstText(fields.employment_type, fields.type) || 'Full-time',
    experience: firstText(fields.experience),
    salary: firstText(fields.salary),
    featured: flag(fields.featured),
    description: firstText(fields.description),
    requirements: textList(fields.requirements, /\r?\n/),
    benefits: textList(fields.benefits, /\r?\n/),
  }
}

/**
 * The headers of GET /api/resources and /api/jobs beside their array: `published` ('1') once the company has
 * published an item of its own, `nextCursor` the `?cursor=` of the next page when there is one.
 */
export const publicListHeaders = { published: 'x-own-items', nextCursor: 'x-next-cursor' } as const

/**
 * The list a page shows after its GET: the server's items when it answered a non-empty array, or an empty
 * array once the company has `published` items of its own (then an empty list is the truth), otherwise
 * `null`, meaning "keep the built-in samples" (errors, non-OK and empty replies are ignored).
 */
export function serverList<T>(
  reply: unknown,
  normalise: (item: unknown, position: number) => T,
  published = false,
): T[] | null {
  return Array.isArray(reply) && (reply.length > 0 || published)
    ? reply.map((item, position) => normalise(item, position))
    : null
}

/** The resources page's filter: 'all' or one category. */
export type CategoryFilter = 'all' | string

/**
 * A case-insensitive substring match of the search text on the title, the excerpt or any tag, combined
 * with equality on the category ('all' matches every category). Blank search text matches everything.
 */
export function filterResources<T extends Pick<ListedResource, 'title' | 'excerpt' | 'tags' | 'category'>>(
  resources: readonly T[],
  search: string,
  category: CategoryFilter,
): T[] {
  const needle = search.trim().toLowerCase()
  return resources.filter(
    (resource) =>
      (category === 'all' || resource.category === category) &&
      (needle === '' ||
        resource.title.toLowerCase().includes(needle) ||
        resource.excerpt.toLowerCase().includes(needle) ||
        resource.tags.some((tag) => tag.toLowerCase().includes(needle))),
  )
}

/** At most this many tags on a resource card. */
export const maxCardTags = 3
