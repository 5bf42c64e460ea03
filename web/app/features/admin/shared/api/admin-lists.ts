import type { AnalyticsTotals, Page, StoredLead } from '@core/api-types'
import type { Job, Resource } from '@core/jobs-and-resources'
import type { NewsletterSignup } from '@core/newsletter'
import type { QuoteRequest } from '@core/quote'
import {
  type AdminRequestOptions,
  adminRouteCall,
  getAdminList,
  readOrFailed,
} from '~/features/admin/session/admin-client'

/**
 * The admin lists other than contacts (./admin-contacts.ts): each a GET of `{ items,
 * nextCursor }`, newest first. A failed load resolves to an empty list.
 */

/** A quote request as stored: what the form sent, with the server's id and time (older rows may differ). */
export type AdminQuote = Partial<QuoteRequest> & StoredLead & Record<string, unknown>
export type AdminJob = Job & StoredLead
export type AdminResource = Resource & StoredLead
export type AdminNewsletterSignup = NewsletterSignup & Partial<StoredLead> & Record<string, unknown>

export function fetchAdminQuotes(options: AdminRequestOptions): Promise<Page<AdminQuote>> {
  return getAdminList<AdminQuote>('admin-list-quotes', options)
}

export function fetchAdminJobs(options: AdminRequestOptions): Promise<Page<AdminJob>> {
  return getAdminList<AdminJob>('admin-list-jobs', options)
}

export function fetchAdminResources(options: AdminRequestOptions): Promise<Page<AdminResource>> {
  return getAdminList<AdminResource>('admin-list-resources', options)
}

export function fetchAdminNewsletter(options: AdminRequestOptions): Promise<Page<AdminNewsletterSignup>> {
  return getAdminList<AdminNewsletterSignup>('admin-list-newsletter', options)
}

const totalKeys = ['quotes', 'contacts', 'newsletter', 'jobs', 'resources'] as const

/** GET /api/admin/analytics: the totals, or null when they could not be loaded (the tiles then stay hidden). */
export async function fetchAdminAnalytics({ signal }: AdminRequestOptions): Promise<AnalyticsTotals | null> {
  const response = await readOrFailed(
    () => adminRouteCall('admin-analytics', { signal, failure: '' }),
    signal,
    null,
  )
  if (!response) return null
  const body: unknown = await response.json().catch(() => null)
  if (!body || typeof body !== 'object') return null
  const values = body as Record<string, unknown>
  const totals: Record<string, number> = {}
  for (const key of totalKeys) {
    const value = values[key]
    totals[key] = typeof value === 'number' && Number.isFinite(value) ? value : 0
  }
  return totals as unknown as AnalyticsTotals
}
