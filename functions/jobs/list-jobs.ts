import { publicContentList } from '../lib/list-handlers'

/** GET /api/jobs: the published jobs, newest first, as a JSON array (careers page). */
export const handler = publicContentList('list-jobs', 'JOB')
