import { jobSchema } from '@core/jobs-and-resources-schema'
import { adminContentCreate } from '../lib/list-handlers'

/** POST /api/admin/jobs: title, location, employment_type, department, description, requirements. */
export const handler = adminContentCreate('admin-create-job', 'JOB', jobSchema)
