import { publicListHeaders, serverList } from '@core/listing'
import { apiPath } from './client'

/** The public lists the resources and careers pages load. */
export const publicListPaths = { resources: apiPath('list-resources'), jobs: apiPath('list-jobs') } as const

/** A public list by name. */
export type PublicList = keyof typeof publicListPaths

/** One page of a public list: its items, and the cursor of the next page when the server has one. */
export interface PublicListPage<T> {
  readonly items: T[]
  readonly nextCursor?: string
}

/**
 * GET a public list (/api/resources, /api/jobs), or its page after `cursor`, and normalise it. Resolves to
 * the page when the server answered a non-empty JSON array, or an empty one once the company has published
 * items of its own (core/listing.ts serverList); to `null` for anything else — an error status, a body that
 * is not an array, an empty array before any publication, a network failure — so the page keeps what it
 * shows (the built-in samples) without a word.
 */
export async function fetchPublicList<T>(
  path: string,
  normalise: (item: unknown, position: number) => T,
  signal?: AbortSignal,
  cursor?: string,
): Promise<PublicListPage<T> | null> {
  try {
    const url = cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path
    const response = await fetch(url, { headers: { Accept: 'application/json' }, signal: signal ?? null })
    if (!response.ok) return null
    const published = response.headers.get(publicListHeaders.published) === '1'
    const items = serverList(await response.json(), normalise, published)
    if (!items) return null
    const nextCursor = response.headers.get(publicListHeaders.nextCursor)
    return nextCursor ? { items, nextCursor } : { items }
  } catch {
    return null
  }
}
