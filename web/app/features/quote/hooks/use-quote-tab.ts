import { defaultQuoteCategory, type QuoteCategory, quoteCategories } from '@core/quote'
import { useCallback, useEffect, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'

/** The tab a URL hash names (`#residential`, `#housing`, `#commercial`), or undefined for any other hash. */
export function categoryFromHash(hash: string): QuoteCategory | undefined {
  const name = decodeURIComponent(hash.replace(/^#/, ''))
  return (quoteCategories as readonly string[]).includes(name) ? (name as QuoteCategory) : undefined
}

/**
 * The quote page's tab: residential by default; a matching hash selects its tab on load, and
 * a later hash change switches the tab only when it names one of the three. Choosing a tab writes its hash
 * (replacing the history entry) without scrolling the page.
 */
export function useQuoteTab(): [QuoteCategory, (category: QuoteCategory) => void] {
  const location = useLocation()
  const navigate = useNavigate()
  // Starts at the default, as the prerendered HTML does (it has no hash); the effect applies the hash after
  // hydration, so the first client render matches the HTML.
  const [category, setCategory] = useState<QuoteCategory>(defaultQuoteCategory)

  useEffect(() => {
    const fromHash = categoryFromHash(location.hash)
    if (fromHash) setCategory(fromHash)
  }, [location.hash])

  const choose = useCallback(
    (next: QuoteCategory) => {
      setCategory(next)
      navigate({ hash: `#${next}` }, { replace: true, preventScrollReset: true })
    },
    [navigate],
  )

  return [category, choose]
}
