import { publicContentList } from '../lib/list-handlers'

/** GET /api/resources: the published resources, newest first, as a JSON array (resources page). */
export const handler = publicContentList('list-resources', 'RESOURCE')
