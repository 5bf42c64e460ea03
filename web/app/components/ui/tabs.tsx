import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'
import { cn } from '~/lib/class-names'

export interface TabItem<Id extends string> {
  readonly id: Id
  readonly label: ReactNode
  readonly content: ReactNode
}

export interface TabListProps<Id extends string> {
  readonly items: readonly Pick<TabItem<Id>, 'id' | 'label'>[]
  /** The selected tab's id (controlled, so a page can also set it from the URL hash). */
  readonly value: Id
  readonly onChange: (id: Id) => void
  /** Names the tab list for screen readers. */
  readonly label: string
  /** The id of a tab's button, which its panel names in aria-labelledby. */
  readonly tabId: (id: Id) => string
  /** The id of the panel the tabs control. */
  readonly panelId: string
  /** `inline`: tabs as wide as their labels; `fill`: the tabs share the list's width equally. */
  readonly variant?: 'inline' | 'fill'
}

const tabListVariants = {
  inline: {
    list: 'inline-flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1',
    tab: 'rounded-lg px-4 py-2 text-sm font-semibold transition-colors',
    idle: 'text-slate-600 hover:text-ink',
  },
  fill: {
    list: 'grid auto-cols-fr grid-flow-col gap-1 rounded-xl border border-slate-200 bg-slate-100 p-1',
    tab: 'min-h-10 rounded-lg px-2 py-2 text-sm font-semibold transition-colors sm:text-base',
    idle: 'text-muted hover:bg-white/60 hover:text-ink',
  },
} as const

/**
 * A tab list with the ARIA tabs pattern: arrow keys (wrapping), Home and End move between tabs and select
 * them; only the selected tab is in the Tab order. The caller renders the panel (or use `Tabs`).
 */
export function TabList<Id extends string>({
  items,
  value,
  onChange,
  label,
  tabId,
  panelId,
  variant = 'inline',
}: TabListProps<Id>) {
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([])
  const styles = tabListVariants[variant]
  const selectedIndex = Math.max(
    0,
    items.findIndex((item) => item.id === value),
  )

  function select(index: number) {
    const wrapped = (index + items.length) % items.length
    const item = items[wrapped]
    if (!item) return
    onChange(item.id)
    tabRefs.current[wrapped]?.focus()
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

  return (
    <div role="tablist" aria-label={label} onKeyDown={handleKeyDown} className={styles.list}>
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
            id={tabId(item.id)}
            aria-selected={isSelected}
            aria-controls={panelId}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onChange(item.id)}
            className={cn(styles.tab, isSelected ? 'bg-white text-brand-800 shadow-sm' : styles.idle)}
          >
            {item.label}
          </button>
        )
      })}
    </div>
  )
}

export interface TabsProps<Id extends string> {
  readonly items: readonly TabItem<Id>[]
  readonly value: Id
  readonly onChange: (id: Id) => void
  /** Names the tab list for screen readers. */
  readonly label: string
  readonly className?: string
}

/** A tab list with its one panel, which shows the selected item's content. */
export function Tabs<Id extends string>({ items, value, onChange, label, className }: TabsProps<Id>) {
  const baseId = useId()
  const tabId = (id: Id) => `${baseId}-tab-${id}`
  const selected = items.find((item) => item.id === value) ?? items[0]
  return (
    <div className={className}>
      <TabList
        items={items}
        value={value}
        onChange={onChange}
        label={label}
        tabId={tabId}
        panelId={`${baseId}-panel`}
      />
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={selected ? tabId(selected.id) : undefined}
        className="mt-6"
      >
        {selected?.content}
      </div>
    </div>
  )
}
