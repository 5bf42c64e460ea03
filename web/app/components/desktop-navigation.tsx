import { type FocusEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { isNavigationActive, mainNavigation, type NavigationItem } from '~/content/navigation'
import { cn } from '~/lib/class-names'
import { ShellIcon } from './ui/shell-icons'

const topLinkClasses = (active: boolean) =>
  cn(
    'inline-flex h-10 items-center rounded-lg px-3 text-[0.9375rem] font-medium transition-colors',
    active ? 'text-brand-800' : 'text-slate-700 hover:text-brand-800',
  )

const activeBar =
  'after:absolute after:inset-x-3 after:-bottom-3 after:h-0.5 after:rounded-full after:bg-brand-600'

interface DropdownProps {
  readonly item: NavigationItem
  readonly pathname: string
  readonly open: boolean
  readonly onOpen: () => void
  readonly onClose: () => void
}

/** One top-level entry with a dropdown: hover opens it, leaving closes it; the toggle opens it by keyboard. */
function Dropdown({ item, pathname, open, onOpen, onClose }: DropdownProps) {
  const menuId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  // The entry whose second column is shown (Solar); none when the dropdown opens.
  const [expanded, setExpanded] = useState<string | null>(null)
  const active = isNavigationActive(item, pathname)

  useEffect(() => {
    if (!open) setExpanded(null)
  }, [open])

  function handleKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    if (event.key === 'Escape' && open) {
      event.stopPropagation()
      onClose()
      toggleRef.current?.focus()
    }
  }

  function handleBlur(event: FocusEvent<HTMLLIElement>) {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onClose()
  }

  const expandedItem = item.children?.find((child) => child.label === expanded)
  const toggleLabel = item.to === undefined ? undefined : `${item.label} menu`

  return (
    <li
      className="relative"
      data-active={active || undefined}
      onMouseEnter={onOpen}
      onMouseLeave={onClose}
      onKeyDown={handleKeyDown}
      onBlur={handleBlur}
    >
      <div className={cn('relative flex items-center', active && activeBar)}>
        {item.to !== undefined ? (
          <Link
            to={item.to}
            className={cn(topLinkClasses(active), 'pr-1')}
            aria-current={pathname === item.to ? 'page' : undefined}
          >
            {item.label}
          </Link>
        ) : null}
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={toggleLabel}
          // Services has no page: its label is the toggle, and clicking it only opens the menu.
          // A mouse click (detail > 0) comes after the hover that already opened it: it keeps it open.
          // Enter and Space (detail 0) toggle it.
          onClick={(event) => (open && event.detail === 0 ? onClose() : onOpen())}
          className={cn(
            item.to === undefined ? topLinkClasses(active) : 'inline-flex h-10 items-center rounded-lg px-1',
            'gap-1 text-slate-500 hover:text-brand-800',
            item.to === undefined && (active ? 'text-brand-800' : 'text-slate-700'),
          )}
        >
          {item.to === undefined ? item.label : null}
          <ShellIcon name="chevronDown" className={cn('size-4 transition-transform', open && 'rotate-180')} />
        </button>
      </div>
      <div id={menuId} hidden={!open} className="absolute top-full left-0 z-50 pt-3">
        <div className="flex overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-lift">
          <ul className="w-72 p-2">
            {item.children?.map((child) => {
              const childActive = isNavigationActive(child, pathname)
              const isExpanded = expanded === child.label
              return (
                <li key={child.label} className="flex items-stretch gap-1">
                  <Link
                    to={child.to ?? '/'}
                    aria-current={pathname === child.to ? 'page' : undefined}
                    className={cn(
                      'flex min-w-0 flex-1 flex-col rounded-xl px-3 py-2.5 transition-colors',
                      childActive ? 'bg-brand-50 text-brand-800' : 'text-ink hover:bg-slate-50',
                    )}
                  >
                    <span className="text-sm font-semibold">{child.label}</span>
                    {child.description ? (
                      <span className="text-xs text-muted">{child.description}</span>
                    ) : null}
                  </Link>
                  {child.children ? (
                    <button
                      type="button"
                      aria-expanded={isExpanded}
                      aria-label={`${child.label} options`}
                      onClick={(event) => setExpanded(isExpanded && event.detail === 0 ? null : child.label)}
                      onMouseEnter={() => setExpanded(child.label)}
                      className={cn(
                        'inline-flex w-9 items-center justify-center rounded-xl text-slate-500 hover:bg-slate-50 hover:text-brand-800',
                        isExpanded && 'bg-brand-50 text-brand-800',
                      )}
                    >
                      <ShellIcon name="chevronRight" className="size-4" />
                    </button>
                  ) : null}
                </li>
              )
            })}
          </ul>
          {expandedItem?.children ? (
            <ul className="w-64 border-l border-slate-100 bg-slate-50/70 p-2" aria-label={expandedItem.label}>
              {expandedItem.children.map((grandchild) => (
                <li key={grandchild.label}>
                  <Link
                    to={grandchild.to ?? '/'}
                    aria-current={pathname === grandchild.to ? 'page' : undefined}
                    className={cn(
                      'flex flex-col rounded-xl px-3 py-2.5 transition-colors',
                      pathname === grandchild.to ? 'bg-brand-50 text-brand-800' : 'text-ink hover:bg-white',
                    )}
                  >
                    <span className="text-sm font-semibold">{grandchild.label}</span>
                    {grandchild.description ? (
                      <span className="text-xs text-muted">{grandchild.description}</span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </li>
  )
}

/** The desktop navigation (≥ lg): top entries with hover dropdowns. At most one dropdown is open. */
export function DesktopNavigation({ pathname }: { readonly pathname: string }) {
  const [openMenu, setOpenMenu] = useState<string | null>(null)

  useEffect(() => {
    void pathname
    setOpenMenu(null)
  }, [pathname])

  return (
    <nav aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {mainNavigation.map((item) =>
          item.children ? (
            <Dropdown
              key={item.label}
              item={item}
              pathname={pathname}
              open={openMenu === item.label}
              onOpen={() => setOpenMenu(item.label)}
              onClose={() => setOpenMenu((current) => (current === item.label ? null : current))}
            />
          ) : (
            <li
              key={item.label}
              data-active={isNavigationActive(item, pathname) || undefined}
              className={cn('relative', isNavigationActive(item, pathname) && activeBar)}
            >
              <Link
                to={item.to ?? '/'}
                className={topLinkClasses(isNavigationActive(item, pathname))}
                aria-current={isNavigationActive(item, pathname) ? 'page' : undefined}
              >
                {item.label}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  )
}
