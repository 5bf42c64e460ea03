import { adminRouteCall } from '~/features/admin/session/admin-client'
import type { ApiRequest } from '~/lib/api/client'

/**
 * POST /api/admin/jobs, POST /api/admin/resources, their PUTs and DELETEs (a refusal → AdminRequestError
 * with the server's message and per-field messages).
 */

export async function createJob(job: ApiRequest<'admin-create-job'>): Promise<void> {
  await adminRouteCall('admin-create-job', {
    body: job,
    failure: 'The job was not saved.',
  })
}

export async function createResource(resource: ApiRequest<'admin-create-resource'>): Promise<void> {
  await adminRouteCall('admin-create-resource', {
    body: resource,
    failure: 'The resource was not saved.',
  })
}

export type ContentKindPath = 'jobs' | 'resources'

const deleteRoutes = { jobs: 'admin-delete-job', resources: 'admin-delete-resource' } as const

export async function deleteContent(kind: ContentKindPath, id: string): Promise<void> {
  await adminRouteCall(deleteRoutes[kind], { params: { id }, failure: 'It was not deleted.' })
}

const updateRoutes = { jobs: 'admin-update-job', resources: 'admin-update-resource' } as const

/** The whole item a PUT sends: every editable field, as on create, with its state, featured flag and order. */
export type ContentUpdate<Kind extends ContentKindPath> = ApiRequest<(typeof updateRoutes)[Kind]>

const updateFailures: Readonly<Record<ContentKindPath, string>> = {
  jobs: 'The job was not saved.',
  resources: 'The resource was not saved.',
}

/**
 * PUT /api/admin/<jobs|resources>/{id}: replaces the item's editable fields; answers the stored item (or
 * null when the reply has no JSON object).
 */
export async function updateContent<Kind extends ContentKindPath>(
  kind: Kind,
  id: string,
  item: ContentUpdate<Kind>,
): Promise<Record<string, unknown> | null> {
  const route: (typeof updateRoutes)[ContentKindPath] = updateRoutes[kind]
  const response = await adminRouteCall(route, {
    params: { id },
    body: item,
    failure: updateFailures[kind],
  })
  const body: unknown = await response.json().catch(() => null)
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null
}
