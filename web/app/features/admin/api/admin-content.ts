import { type ApiRequest, apiMethod, apiPath } from '~/lib/api/client'
import { adminCall } from './admin-request'

/** POST /api/admin/jobs, POST /api/admin/resources and their DELETEs (401 → AdminSessionExpiredError). */

export async function createJob(token: string | null, job: ApiRequest<'admin-create-job'>): Promise<void> {
  await adminCall(apiPath('admin-create-job'), apiMethod('admin-create-job'), {
    token,
    body: job,
    failure: 'The job was not saved.',
  })
}

export async function createResource(
  token: string | null,
  resource: ApiRequest<'admin-create-resource'>,
): Promise<void> {
  await adminCall(apiPath('admin-create-resource'), apiMethod('admin-create-resource'), {
    token,
    body: resource,
    failure: 'The resource was not saved.',
  })
}

export type ContentKindPath = 'jobs' | 'resources'

const deleteRoutes = { jobs: 'admin-delete-job', resources: 'admin-delete-resource' } as const

export async function deleteContent(token: string | null, kind: ContentKindPath, id: string): Promise<void> {
  const route = deleteRoutes[kind]
  await adminCall(apiPath(route, { id }), apiMethod(route), {
    token,
    failure: 'It was not deleted.',
  })
}
