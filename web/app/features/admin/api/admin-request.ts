import type { Page } from '@core/api-types'
import { apiPath, type HttpMethod } from '~/lib/api/client'
import { readErrorMessage } from '~/lib/api/read-error'
import { type FieldErrors, fieldErrorsOf } from '~/lib/field-errors'

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
  /** The `nextCursor` of the previous page, to read the next one. */
  readonly cursor?: string | undefined
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
 * failure (status, network, body) resolves to an empty list. An aborted request
 * rejects with the abort reason so the caller can tell it from an empty list.
 */
export async function getAdminList<T>(
  route: AdminListRoute,
  { token, signal, cursor }: AdminRequestOptions,
): Promise<Page<T>> {
  const url = apiPath(route, undefined, { cursor })
  let response: Response
  try {
    response = await fetch(url, { method: 'GET', headers: adminHeaders(token), signal })
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

/** The admin lists, by route id. */
export type AdminListRoute =
  | 'admin-list-contacts'
  | 'admin-list-quotes'
  | 'admin-list-jobs'
  | 'admin-list-resources'
  | 'admin-list-newsletter'

/** An admin call other than a list failed: `message` is the server's `error` text or the caller's fallback. */
export class AdminRequestError extends Error {
  constructor(
    message: string,
    /** The HTTP status, or 0 when the request did not reach the server. */
    readonly status: number,
    /** The server's per-field messages of a refused input (400 `{ error, fields }`), by field name. */
    readonly fields: FieldErrors = {},
  ) {
    super(message)
    this.name = 'AdminRequestError'
  }
}

export interface AdminCallOptions {
  readonly token: string | null
  readonly body?: unknown
  /** The message when the server gives no `error` text (or cannot be reached). */
  readonly failure: string
  /** Cancels the call: it then rejects with the abort reason, not an AdminRequestError. */
  readonly signal?: AbortSignal | undefined
}

/**
 * Sends one admin call and answers the successful Response. A 401 rejects with AdminSessionExpiredError;
 * any other failure rejects with AdminRequestError (status 0 for a network error).
 */
export async function adminCall(
  path: string,
  method: HttpMethod,
  { token, body, failure, signal }: AdminCallOptions,
): Promise<Response> {
  let response: Response
  try {
    response = await fetch(path, {
      method,
      headers: adminHeaders(token),
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(signal ? { signal } : {}),
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new AdminRequestError(failure, 0)
  }
  if (response.status === 401) throw new AdminSessionExpiredError()
  if (!response.ok) {
    const fields = fieldErrorsOf(
      await response
        .clone()
        .json()
        .catch(() => null),
    )
    throw new AdminRequestError((await readErrorMessage(response)) ?? failure, response.status, fields)
  }
  return response
}
