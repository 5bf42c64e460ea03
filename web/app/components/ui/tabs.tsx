import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'
import { cn } from '~/lib/class-names'

export interface TabItem<Id extends string> {
  readonly id: Id
  readonly label: ReactNode
  readonly content: ReactNode
}

export interface TabsProps<Id extends string> {
  readonly items: readonly TabItem<Id>[]
  /** The selected tab's id (controlled, so a page can also set it from the URL hash). */
  readonly value: Id
  readonly onChange: (id: Id) => void
  /** Names the tab list for screen readers. */
  readonly label: string
  readonly className?: string
}

/**
 * Tabs with the ARIA tabs pattern: arrow keys, Home and End move between tabs and select them; only the
 * selected tab is in the Tab order.
 */
export function Tabs<Id extends string>({ items, value, onChange, label, className }: TabsProps<Id>) {
  const baseId = useId()
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([])
  const selectedIndex = Math.max(
    0,
    items.findIndex((item) => item.id === value),
  )

  function select(index: number) {
    const item = items[(index + items.length) % items.length]
    if (!item) return
    onChange(item.id)
    tabRefs.current[(index + items.length) % items.length]?.focus()
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowRight: selectedIndex + 1,
      ArrowLeft: selectedIndex - 1,
      Home: 0,
      End: items.length - 1,
    }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    select(target)
  }

  const selected = items[selectedIndex]
  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={handleKeyDown}
        className="inline-flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1"
      >
        {items.map((item, index) => {
          const isSelected = index === selectedIndex
          return (
            <button
              key={item.id}
              ref={(element) => {
                tabRefs.current[index] = element
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel`}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onChange(item.id)}
              className={cn(
                'rounded-lg px-4 py-2 text-sm font-semibold transition-colors',
                isSelected ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-ink',
              )}
            >
              {item.label}
            </button>
          )
        })}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={selected ? `${baseId}-tab-${selected.id}` : undefined}
        className="mt-6"
      >
        {selected?.content}
      </div>
    </div>
  )
}
