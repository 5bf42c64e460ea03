import { type QuoteCategory, quoteCategories, quoteCategoryLabels } from '@core/quote'
import { type KeyboardEvent, useRef } from 'react'
import { cn } from '~/lib/class-names'

export interface QuoteTabsProps {
  readonly value: QuoteCategory
  readonly onChange: (category: QuoteCategory) => void
  /** Accessible name of the tab list. */
  readonly label: string
  /** Id of the panel the tabs control. */
  readonly panelId: string
}

/** The id of a tab button, for the panel's aria-labelledby. */
export const quoteTabId = (category: QuoteCategory) => `quote-tab-${category}`

/**
 * Residential, Housing Society, Commercial: a tab list (WAI-ARIA tabs pattern) with arrow, Home and End
 * keys; only the selected tab is in the tab order.
 */
export function QuoteTabs({ value, onChange, label, panelId }: QuoteTabsProps) {
  const buttons = useRef<Partial<Record<QuoteCategory, HTMLButtonElement | null>>>({})

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = quoteCategories.indexOf(value)
    const last = quoteCategories.length - 1
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    const next = quoteCategories[target] as QuoteCategory
    onChange(next)
    buttons.current[next]?.focus()
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="grid grid-cols-3 gap-1 rounded-xl border border-slate-200 bg-slate-100 p-1"
    >
      {quoteCategories.map((category) => {
        const selected = category === value
        return (
          <button
            key={category}
            ref={(element) => {
              buttons.current[category] = element
            }}
            id={quoteTabId(category)}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(category)}
            className={cn(
              'min-h-10 rounded-lg px-2 py-2 text-sm font-semibold transition-colors sm:text-base',
              selected ? 'bg-white text-brand-800 shadow-sm' : 'text-muted hover:bg-white/60 hover:text-ink',
            )}
          >
            {quoteCategoryLabels[category]}
          </button>
        )
      })}
    </div>
  )
}
