import { type QuoteCategory, quoteCategoryLabels, quoteFieldLabels } from '@core/quote'
import type { AdminQuote } from '~/features/admin/api/admin-lists'
import { adminLists, adminSections } from '~/features/admin/content/admin'
import type { AdminListState } from '~/features/admin/hooks/use-admin-list'
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

/** The most recent quote requests, as name, category and bill range (spec: Admin, Submissions). */
export function RecentQuotes({ list }: { readonly list: AdminListState<AdminQuote> }) {
  return (
    <SubmissionList
      title={adminSections.recentQuotes}
      kind="Quote"
      list={list}
      emptyText={adminLists.noQuotes}
      fieldLabels={quoteFieldLabels}
      primary={(quote) => quote.name ?? ''}
      secondary={(quote) =>
        [categoryLabel(quote.category), billRangeOf(quote)].filter((part) => part !== '').join(' · ')
      }
    />
  )
}
