import { serverList } from '@core/listing'
import { apiPath } from './client'

/** The public lists the resources and careers pages load once. */
export const publicListPaths = { resources: apiPath('list-resources'), jobs: apiPath('list-jobs') } as const

/**
 * GET a public list (/api/resources, /api/jobs) and normalise it. Resolves to the items when the server
 * answered a non-empty JSON array, and to `null` for anything else — an error status, a body that is not an
 * array, an empty array, a network failure — so the page keeps its built-in samples without a word.
 */
export async function fetchPublicList<T>(
  path: string,
  normalise: (item: unknown, position: number) => T,
  signal?: AbortSignal,
): Promise<T[] | null> {
  try {
    const response = await fetch(path, { headers: { Accept: 'application/json' }, signal: signal ?? null })
    if (!response.ok) return null
    return serverList(await response.json(), normalise)
  } catch {
    return null
  }
}
