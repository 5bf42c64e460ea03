import { jobSchema } from '@core/jobs-and-resources-schema'
import { adminContentUpdate } from '../lib/list-handlers'

/**
 * PUT /api/admin/jobs/{id}: the whole job as on create, with `state` (published or draft), `featured` and
 * `order` → 200 with the stored job; 404 when there is none.
 */
export const handler = adminContentUpdate('admin-update-job', 'JOB', jobSchema)
