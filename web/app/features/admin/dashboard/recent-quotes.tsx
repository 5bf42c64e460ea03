import { type QuoteCategory, quoteCategoryLabels } from '@core/quote'
import { quoteFieldLabels } from '@core/quote-fields'
import { adminLists, adminSections } from '~/features/admin/shared/admin-content'
import type { AdminQuote } from '~/features/admin/shared/api/admin-lists'
import { leadPath } from '~/features/admin/shared/lead-links'
import type { AdminListState } from '~/features/admin/shared/use-admin-list'
import { LeadFacts, quoteFacts } from './lead-facts'
import { SubmissionList } from './submission-list'

function categoryLabel(category: unknown): string {
  if (typeof category !== 'string') return ''
  return Object.hasOwn(quoteCategoryLabels, category)
    ? quoteCategoryLabels[category as QuoteCategory]
    : category
}

/** The bill range as stored (`billRange`, or `bill_range` of the spec's admin view). */
function billRangeOf(quote: AdminQuote): string {
  const value = quote.billRange ?? quote.bill_range
  return typeof value === 'string' ? value : ''
}

/**
 * The most recent quote requests, as name, category and bill range (spec: Admin, Submissions), with the
 * date, WhatsApp number, estimate and status under them; the name opens the lead's page.
 */
export function RecentQuotes({ list }: { readonly list: AdminListState<AdminQuote> }) {
  return (
    <SubmissionList
      title={adminSections.recentQuotes}
      kind="Quote"
      list={list}
      emptyText={adminLists.noQuotes}
      fieldLabels={quoteFieldLabels}
      primary={(quote) => quote.name || adminLists.unnamed}
      link={(quote) => leadPath(quote.id)}
      details={(quote) => <LeadFacts facts={quoteFacts(quote)} />}
      secondary={(quote) =>
        [categoryLabel(quote.category), billRangeOf(quote)].filter((part) => part !== '').join(' · ')
      }
    />
  )
}
