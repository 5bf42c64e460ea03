/** The lead inbox's page: its filters live in the query string. */
export const leadsPath = '/admin/leads'

/** A lead's own page, a link that can be sent to a colleague. */
export function leadPath(id: string): string {
  return `${leadsPath}/${encodeURIComponent(id)}`
}
