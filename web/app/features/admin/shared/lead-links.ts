/** The lead inbox's page: its filters live in the query string. */
export const leadsPath = '/admin/leads'

/** A lead's own page, a link that can be sent to a colleague. */
export function leadPath(id: string): string {
  return `${leadsPath}/${encodeURIComponent(id)}`
}

/** A lead's page, carrying the inbox view it was opened from (for its previous and next links). */
export function leadLink(id: string, query: string): string {
  return query === '' ? leadPath(id) : `${leadPath(id)}?${query}`
}
