import type { Page } from '@core/api-types'

/** The admin's token is missing, expired or refused (HTTP 401): the dashboard returns to its login form. */
export class AdminSessionExpiredError extends Error {
  constructor() {
    super('The admin session has expired.')
    this.name = 'AdminSessionExpiredError'
  }
}

export interface AdminRequestOptions {
  readonly token: string | null
  readonly signal?: AbortSignal | undefined
}

/** Headers of every admin call: JSON, and the bearer token when one is held. */
export function adminHeaders(token: string | null): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  }
}

function toPage<T>(body: unknown): Page<T> {
  if (Array.isArray(body)) return { items: body as T[] }
  if (body && typeof body === 'object' && 'items' in body && Array.isArray(body.items)) {
    const nextCursor =
      'nextCursor' in body && typeof body.nextCursor === 'string' ? body.nextCursor : undefined
    return nextCursor ? { items: body.items as T[], nextCursor } : { items: body.items as T[] }
  }
  return { items: [] }
}

/**
 * GET an admin list (`{ items, nextCursor? }`). A 401 rejects with AdminSessionExpiredError; any other
 * failure (status, network, body) resolves to an empty list, as the spec asks (§8). An aborted request
 * rejects with the abort reason so the caller can tell it from an empty list.
 */
export async function getAdminList<T>(
  path: string,
  { token, signal }: AdminRequestOptions,
): Promise<Page<T>> {
  let response: Response
  try {
    response = await fetch(path, { method: 'GET', headers: adminHeaders(token), signal })
  } catch (error) {
    if (signal?.aborted) throw error
    return { items: [] }
  }
  if (response.status === 401) throw new AdminSessionExpiredError()
  if (!response.ok) return { items: [] }
  try {
    return toPage<T>(await response.json())
  } catch {
    return { items: [] }
  }
}
