import type { LeadStats } from '@core/pipeline'

/** A reply of GET /api/admin/lead-stats: 12 weeks, every status, this month and the segments. */
export const leadStats: LeadStats = {
  weeks: Array.from({ length: 12 }, (_, index) => ({
    start: new Date(Date.UTC(2026, 8, 7 + index * 7)).toISOString().slice(0, 10),
    quote: index,
    contact: index === 11 ? 2 : 0,
  })),
  pipeline: [
    { status: 'new', count: 4, valueInr: 410000 },
    { status: 'contacted', count: 2, valueInr: 205000 },
    { status: 'site-visit', count: 0, valueInr: 0 },
    { status: 'proposal', count: 1, valueInr: 327000 },
    { status: 'won', count: 3, valueInr: 900000 },
    { status: 'lost', count: 1, valueInr: 144000 },
  ],
  month: { month: '2026-11', won: 3, lost: 1, winRate: 0.75 },
  segments: [
    { segment: 'residential', count: 5 },
    { segment: 'housing', count: 2 },
    { segment: 'commercial', count: 1 },
  ],
  followUpsDue: 2,
  retention: { due: 4, overdue: 1 },
}
