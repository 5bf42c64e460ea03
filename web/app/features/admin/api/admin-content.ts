import type { JobInput, ResourceInput } from '@core/content'
import { adminCall } from './admin-request'

/** POST /api/admin/jobs, POST /api/admin/resources and their DELETEs (401 → AdminSessionExpiredError). */

export async function createJob(token: string | null, job: JobInput): Promise<void> {
  await adminCall('/api/admin/jobs', { method: 'POST', token, body: job, failure: 'The job was not saved.' })
}

export async function createResource(token: string | null, resource: ResourceInput): Promise<void> {
  await adminCall('/api/admin/resources', {
    method: 'POST',
    token,
    body: resource,
    failure: 'The resource was not saved.',
  })
}

export type ContentKindPath = 'jobs' | 'resources'

export async function deleteContent(token: string | null, kind: ContentKindPath, id: string): Promise<void> {
  await adminCall(`/api/admin/${kind}/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    token,
    failure: 'It was not deleted.',
  })
}
