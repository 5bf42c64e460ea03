import type { LeadSummary } from '@core/pipeline'
import { useEffect, useState } from 'react'
import { fetchInbox, type InboxFilters } from '~/features/admin/shared/api/admin-leads'

export interface LeadNeighbours {
  readonly previous?: LeadSummary
  readonly next?: LeadSummary
}

/** How many inbox pages are read looking for the lead before giving up on previous/next. */
const maxPages = 8

/**
 * The leads before and after `id` in the inbox view the page was opened from (the same filters, in the
 * view's order: newest first, or oldest first for the waiting and due views): the view's pages are read until the lead is found, and one more when it is the last of a page.
 * Nothing when the lead is not in the view (or the view cannot be read).
 */
export function useLeadNeighbours(id: string, filters: InboxFilters, query: string): LeadNeighbours {
  const [neighbours, setNeighbours] = useState<LeadNeighbours>({})
  // biome-ignore lint/correctness/useExhaustiveDependencies: `query` stands for the filters.
  useEffect(() => {
    const controller = new AbortController()
    setNeighbours({})
    async function find(): Promise<LeadNeighbours> {
      const seen: LeadSummary[] = []
      let cursor: string | undefined
      for (let page = 0; page < maxPages; page += 1) {
        const reply = await fetchInbox(filters, { signal: controller.signal, cursor })
        seen.push(...reply.items)
        cursor = reply.nextCursor
        const index = seen.findIndex((lead) => lead.id === id)
        if (index !== -1 && (index < seen.length - 1 || !cursor)) {
          return { previous: seen[index - 1], next: seen[index + 1] }
        }
        if (!cursor) return {}
      }
      return {}
    }
    find().then(
      (found) => {
        if (!controller.signal.aborted) setNeighbours(found)
      },
      () => undefined,
    )
    return () => controller.abort()
  }, [id, query])
  return neighbours
}
