import { adminLeadList } from '../lib/list-handlers'

/**
 * GET /api/admin/newsletter?cursor=…: the most recent newsletter signups first, `{ items, nextCursor }`: every
 * signup, pending, confirmed or withdrawn (`confirmedAt`, `withdrawnAt`; core/newsletter.ts newsletterStateOf,
 * which the workspace shows beside each); only confirmed ones are subscribers.
 */
export const handler = adminLeadList('admin-list-newsletter', 'NEWSLETTER')
