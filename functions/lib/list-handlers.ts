import { adminPageSize } from '@core/admin'
import {
  comparePlacement,
  hasBeenPublished,
  isPublished,
  publicListMaxAgeSeconds,
} from '@core/jobs-and-resources'
import { publicListHeaders } from '@core/listing'
import { validate } from '@core/validation'
import type * as z from 'zod/mini'
import type { RouteId } from '../routes'
import { adminHandler } from './admin-http'
import { auditAdminAction } from './audit-http'
import {
  type ContentKind,
  deleteContent,
  listContent,
  saveContent,
  updateContent,
} from './db/jobs-and-resources'
import { type LeadKind, listLeads, maxPageSize } from './db/leads'
import { BadRequestError } from './errors'
import { httpHandler, json } from './http'

/**
 * Builders of the handlers that differ only in the kind they work on: admin lists of leads and content,
 * admin create and delete of jobs and resources, and the public lists. Each route file is one call.
 */

/** The page size of an admin list: `?limit=` between 1 and 100, else the dashboard's 10. */
export function pageLimit(raw: string | undefined): number {
  if (raw === undefined || raw === '') return adminPageSize
  const limit = Number(raw)
  if (!Number.isInteger(limit) || limit < 1 || limit > maxPageSize) {
    throw new BadRequestError(`limit must be a whole number from 1 to ${maxPageSize}.`)
  }
  return limit
}

/** GET /api/admin/<leads>?cursor=&limit=: newest first, `{ items, nextCursor }`. */
export function adminLeadList(routeId: RouteId, kind: LeadKind) {
  return adminHandler(routeId, async ({ query }) =>
    json(200, await listLeads(kind, { limit: pageLimit(query.limit), cursor: query.cursor })),
  )
}

/** GET /api/admin/<jobs|resources>?cursor=&limit=: newest first, `{ items, nextCursor }`. */
export function adminContentList(routeId: RouteId, kind: ContentKind) {
  return adminHandler(routeId, async ({ query }) =>
    json(200, await listContent(kind, { limit: pageLimit(query.limit), cursor: query.cursor })),
  )
}

/**
 * POST /api/admin/<jobs|resources>: validate against `schema`, run `check` on the valid value (it throws to
 * refuse it), store, record it in the audit trail, answer 201 with the stored item.
 */
export function adminContentCreate<S extends z.ZodMiniType<object>>(
  routeId: RouteId,
  kind: ContentKind,
  schema: S,
  check?: (value: z.infer<S>) => Promise<void>,
) {
  return adminHandler(routeId, async (request) => {
    const result = validate(schema, request.body)
    if (!result.ok) throw new BadRequestError('Check the highlighted fields.', result.fields)
    await check?.(result.value)
    const fields = placedFields(result.value as { order?: number | null })
    // The first publication is kept on the item, so that unpublishing it never brings the samples back.
    const item = await saveContent(
      kind,
      isPublished(fields) ? { ...fields, firstPublishedAt: new Date().toISOString() } : fields,
    )
    const title = 'title' in item && typeof item.title === 'string' ? ` "${item.title}"` : ''
    await auditAdminAction(request, 'content-create', `${kind.toLowerCase()} ${item.id}${title}`)
    return json(201, item)
  })
}

/** A job or resource as stored: an order of null means none (the field is removed). */
function placedFields<T extends { order?: number | null | undefined }>(
  value: T,
): Omit<T, 'order'> & { order?: number } {
  const { order, ...rest } = value
  return order === null || order === undefined ? rest : { ...rest, order }
}

/**
 * PUT /api/admin/<jobs|resources>/{id}: validate the whole item against `schema` (as on create), run `check`,
 * replace the editable fields (a draft leaves the public list, a published item joins it), record it in the
 * audit trail, answer 200 with the stored item; 404 when there is no such item.
 */
export function adminContentUpdate<S extends z.ZodMiniType<{ order?: number | null | undefined }>>(
  routeId: RouteId,
  kind: ContentKind,
  schema: S,
  check?: (value: z.infer<S>) => Promise<void>,
) {
  return adminHandler(routeId, async (request) => {
    const id = request.pathParameters.id ?? ''
    const result = validate(schema, request.body)
    if (!result.ok) throw new BadRequestError('Check the highlighted fields.', result.fields)
    await check?.(result.value)
    const { order, ...rest } = result.value as { order?: number | null }
    // Every editable field is given: an order left out or null is removed.
    const item = await updateContent(
      kind,
      id,
      { ...rest, order: order ?? undefined },
      new Date(),
      isPublished(rest),
    )
    const title = 'title' in item && typeof item.title === 'string' ? ` "${item.title}"` : ''
    const state = 'state' in item && item.state === 'draft' ? 'draft' : 'published'
    await auditAdminAction(request, 'content-update', `${kind.toLowerCase()} ${id}${title}`, state)
    return json(200, item)
  })
}

/**
 * DELETE /api/admin/<jobs|resources>/{id}: 204, or 404 when there is no such item. `cleanUp` gets the deleted
 * item (e.g. to remove the file it named); it must not throw, since the item is gone already.
 */
export function adminContentDelete(
  routeId: RouteId,
  kind: ContentKind,
  cleanUp?: (deleted: Record<string, unknown>, requestId: string) => Promise<void>,
) {
  return adminHandler(routeId, async (request) => {
    const id = request.pathParameters.id ?? ''
    const deleted = await deleteContent(kind, id)
    await auditAdminAction(request, 'content-delete', `${kind.toLowerCase()} ${id}`)
    await cleanUp?.(deleted, request.requestId)
    return { statusCode: 204, headers: { 'cache-control': 'no-store' } }
  })
}

/**
 * GET /api/<jobs|resources>?cursor=: a JSON array of the published items among the next 100 stored (the
 * newest first), featured first (by their place), then newest first, as the public pages expect, with
 * `created_at` beside `createdAt` for the spec's listing. Drafts are never answered. Two headers say what the
 * array cannot (core/listing.ts publicListHeaders): the cursor of the next 100 when there are more, and
 * whether the company has published an item of its own (then the page shows an empty list as empty, not
 * its samples). Cached briefly by browsers and CloudFront, per cursor.
 */
export function publicContentList(routeId: RouteId, kind: ContentKind) {
  return httpHandler(routeId, async ({ query }) => {
    const page = await listContent<Record<string, unknown>>(kind, {
      limit: maxPageSize,
      cursor: query.cursor,
    })
    const items = page.items
      .filter((item) => isPublished(item))
      .sort(comparePlacement)
      .map((item) => ({ ...item, created_at: item.createdAt }))
    // A later page exists only once the company has stored items of its own.
    const own = query.cursor !== undefined || page.items.some((item) => hasBeenPublished(item))
    return json(200, items, {
      'cache-control': `public, max-age=${publicListMaxAgeSeconds}, s-maxage=${publicListMaxAgeSeconds}`,
      ...(own ? { [publicListHeaders.published]: '1' } : {}),
      ...(page.nextCursor ? { [publicListHeaders.nextCursor]: page.nextCursor } : {}),
    })
  })
}
