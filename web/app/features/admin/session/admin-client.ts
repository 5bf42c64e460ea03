import type { Page } from '@core/api-types'
import {
  type ApiPathParams,
  type ApiQuery,
  apiMethod,
  apiPath,
  type HttpMethod,
  type RouteId,
} from '~/lib/api/client'
import { type FieldErrors, fieldErrorsOf, readErrorMessage } from '~/lib/api/read-error'
import { currentSession, expireSession } from './session-store'

/**
 * The one way the workspace calls the admin API. Every call carries the session cookie (the browser adds
 * it; scripts never see the token) and the CSRF header the API requires of a change made with it; a 401
 * signs the browser out with the expiry message (session-store.ts) and rejects
 * with AdminSessionExpiredError, which the pages need not handle; a refusal rejects with AdminRequestError,
 * the server's `error` and `fields`; a cancelled call rejects with its signal's reason.
 */

/** The admin's token is missing, expired or refused (HTTP 401): the workspace has gone back to its login form. */
export class AdminSessionExpiredError extends Error {
  constructor() {
    super('The admin session has expired.')
    this.name = 'AdminSessionExpiredError'
  }
}

/** An admin call failed: `message` is the server's `error` text or the caller's fallback. */
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

/**
 * Headers of every admin call: JSON, and `X-Requested-With`, without which the API refuses a change
 * authenticated by the session cookie (functions/lib/auth/session-cookie.ts): a page of another site cannot
 * send it without a CORS preflight the API never grants.
 */
export const adminHeaders: Readonly<Record<string, string>> = {
  'Content-Type': 'application/json',
  Accept: 'application/json',
  'X-Requested-With': 'fetch',
}

export interface AdminFetchOptions {
  readonly body?: unknown
  readonly signal?: AbortSignal | undefined
}

/**
 * Sends one admin call with the session cookie and answers its Response, whatever its status but 401 (the
 * session then ends). A network failure rejects as fetch does (with the abort reason when cancelled).
 */
export async function adminFetch(
  path: string,
  method: HttpMethod,
  { body, signal }: AdminFetchOptions = {},
): Promise<Response> {
  const sessionId = currentSession()?.id ?? null
  const response = await fetch(path, {
    method,
    headers: adminHeaders,
    credentials: 'same-origin',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal ? { signal } : {}),
  })
  if (response.status === 401) {
    expireSession(sessionId)
    throw new AdminSessionExpiredError()
  }
  return response
}

export interface AdminCallOptions extends AdminFetchOptions {
  /** The message when the server gives no `error` text (or cannot be reached). */
  readonly failure: string
}

/**
 * Sends one admin call and answers the successful Response. A 401 rejects with AdminSessionExpiredError;
 * any other failure rejects with AdminRequestError (status 0 for a network error).
 */
export async function adminCall(
  path: string,
  method: HttpMethod,
  { failure, ...options }: AdminCallOptions,
): Promise<Response> {
  let response: Response
  try {
    response = await adminFetch(path, method, options)
  } catch (error) {
    if (error instanceof AdminSessionExpiredError || options.signal?.aborted) throw error
    throw new AdminRequestError(failure, 0)
  }
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

/** A call's JSON body; a body that is not JSON rejects with AdminRequestError(`failure`). */
export async function adminJson<T>(response: Response, failure: string): Promise<T> {
  try {
    return (await response.json()) as T
  } catch {
    throw new AdminRequestError(failure, response.status)
  }
}

/** The parameters of a route's path, when it has any (`{ id }` for /api/admin/leads/{id}). */
type RouteParams<Id extends RouteId> = [keyof ApiPathParams<Id>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: ApiPathParams<Id> }

/** A call of one route: adminCall's options, the path's parameters and the query. */
export type AdminRouteOptions<Id extends RouteId> = AdminCallOptions &
  RouteParams<Id> & { readonly query?: ApiQuery | undefined }

/**
 * One call of the route `id` (its method; its path with `params` where it has any, and `query`) through
 * adminCall: the successful Response.
 */
export function adminRouteCall<Id extends RouteId>(
  id: Id,
  { params, query, ...options }: AdminRouteOptions<Id>,
): Promise<Response> {
  const path = (apiPath as (route: RouteId, values?: object, query?: ApiQuery) => string)(id, params, query)
  return adminCall(path, apiMethod(id), options)
}

/**
 * One call of the route `id` answered as its JSON: adminRouteCall then adminJson, `failure` for both. The
 * JSON's type `T` is inferred from where the answer goes (the caller's declared return type or variable).
 */
export async function adminRouteJson<T, Id extends RouteId = RouteId>(
  id: Id,
  options: AdminRouteOptions<Id>,
): Promise<T> {
  return adminJson<T>(await adminRouteCall(id, options), options.failure)
}

/**
 * What `read` answers, or `failed` when it fails: a page shows that with a retry. The session ending (a 401,
 * AdminSessionExpiredError) and a cancelled call (`signal` aborted) still reject, as the router expects.
 */
export async function readOrFailed<T>(
  read: () => Promise<T>,
  signal: AbortSignal | undefined,
  failed: T,
): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if (error instanceof AdminSessionExpiredError || signal?.aborted) throw error
    return failed
  }
}

export interface AdminRequestOptions {
  readonly signal?: AbortSignal | undefined
  /** The `nextCursor` of the previous page, to read the next one. */
  readonly cursor?: string | undefined
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

/** The admin lists, by route id. */
export type AdminListRoute =
  | 'admin-list-contacts'
  | 'admin-list-quotes'
  | 'admin-list-jobs'
  | 'admin-list-resources'
  | 'admin-list-newsletter'

/**
 * GET an admin list (`{ items, nextCursor? }`). A 401 rejects with AdminSessionExpiredError; any other
 * failure (status, network, body) resolves to an empty list. An aborted request rejects with the abort
 * reason so the caller can tell it from an empty list.
 */
export async function getAdminList<T>(
  route: AdminListRoute,
  { signal, cursor }: AdminRequestOptions,
): Promise<Page<T>> {
  return readOrFailed(
    async () =>
      toPage<T>(await (await adminRouteCall(route, { query: { cursor }, signal, failure: '' })).json()),
    signal,
    { items: [] },
  )
}
