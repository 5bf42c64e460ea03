import { type RefObject, useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { Link, useLocation } from 'react-router'
import { company } from '~/content/company'
import { isNavigationActive, mainNavigation, type NavigationItem, quoteLink } from '~/content/navigation'
import { cn } from '~/lib/class-names'
import { buttonVariants } from './button'
import { ShellIcon } from './ui/shell-icons'

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** Locks the page's scrolling while the drawer is shown (the drawer scrolls on its own). */
function useScrollLock() {
  useEffect(() => {
    const root = document.documentElement
    const previous = { overflow: root.style.overflow, bodyOverflow: document.body.style.overflow }
    root.style.overflow = 'hidden'
    document.body.style.overflow = 'hidden'
    return () => {
      root.style.overflow = previous.overflow
      document.body.style.overflow = previous.bodyOverflow
    }
  }, [])
}

/** Keeps Tab and Shift+Tab inside the toggle and the drawer while it is shown; Escape closes. */
function useFocusTrap(
  drawerRef: RefObject<HTMLElement | null>,
  toggleRef: RefObject<HTMLElement | null>,
  close: () => void,
) {
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        close()
        toggleRef.current?.focus()
        return
      }
      if (event.key !== 'Tab' || !drawerRef.current || !toggleRef.current) return
      const focusables = [
        toggleRef.current,
        ...drawerRef.current.querySelectorAll<HTMLElement>(focusableSelector),
      ]
      const first = focusables[0]
      const last = focusables[focusables.length - 1]
      const current = document.activeElement
      if (event.shiftKey && (current === first || !focusables.includes(current as HTMLElement))) {
        event.preventDefault()
        last?.focus()
      } else if (!event.shiftKey && (current === last || !focusables.includes(current as HTMLElement))) {
        event.preventDefault()
        first?.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [drawerRef, toggleRef, close])
}

const rowClasses = (active: boolean) =>
  cn(
    'flex min-h-12 w-full items-center justify-between gap-2 rounded-xl px-3 text-left text-base font-semibold transition-colors',
    active ? 'bg-brand-50 text-brand-800' : 'text-ink hover:bg-slate-50',
  )

/**
 * The mobile navigation's drawer, loaded when the menu is first wanted (mobile-navigation.tsx): a right-hand
 * drawer over a dimmed backdrop, in a portal (the header's backdrop blur would make it the containing block
 * of these fixed layers). One group open at a time; an entry with children (Solar) opens a sub-level view
 * with Back. The page does not scroll while it is open; Tab stays inside it and the toggle; Escape closes.
 */
export default function MobileMenu({
  close,
  toggleRef,
}: {
  readonly close: () => void
  readonly toggleRef: RefObject<HTMLButtonElement | null>
}) {
  const { pathname } = useLocation()
  const [openGroup, setOpenGroup] = useState<string | null>(null)
  const [subLevel, setSubLevel] = useState<NavigationItem | null>(null)
  const drawerRef = useRef<HTMLDivElement>(null)

  useScrollLock()
  useFocusTrap(drawerRef, toggleRef, close)

  // Opening moves the focus into the drawer; the sub-level view and back do the same for their first control.
  useEffect(() => {
    void subLevel
    drawerRef.current?.querySelector<HTMLElement>(focusableSelector)?.focus()
  }, [subLevel])

  return createPortal(
    <>
      <div
        aria-hidden="true"
        data-testid="menu-backdrop"
        onClick={() => {
          close()
          toggleRef.current?.focus()
        }}
        className="fixed inset-x-0 top-16 bottom-0 z-40 animate-fade-in bg-night/50 backdrop-blur-[2px]"
      />
      <div
        ref={drawerRef}
        id="mobile-menu"
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        className="fixed top-16 right-0 bottom-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto overscroll-contain bg-white shadow-lift"
      >
        {subLevel ? (
          <nav aria-label={subLevel.label} className="flex flex-col gap-1 p-3">
            <button
              type="button"
              onClick={() => setSubLevel(null)}
              className="inline-flex min-h-11 w-fit items-center gap-1 rounded-xl px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            >
              <ShellIcon name="chevronLeft" className="size-4" />
              Back
            </button>
            <p className="px-3 pt-2 pb-1 text-xs font-semibold tracking-widest text-muted uppercase">
              {subLevel.label}
            </p>
            {subLevel.to ? (
              <Link
                to={subLevel.to}
                className={rowClasses(pathname === subLevel.to)}
                aria-current={pathname === subLevel.to ? 'page' : undefined}
              >
                All {subLevel.label}
              </Link>
            ) : null}
            {subLevel.children?.map((child) => (
              <Link
                key={child.label}
                to={child.to ?? '/'}
                className={rowClasses(pathname === child.to)}
                aria-current={pathname === child.to ? 'page' : undefined}
              >
                {child.label}
              </Link>
            ))}
          </nav>
        ) : (
          <nav aria-label="Mobile" className="flex flex-col gap-1 p-3">
            {mainNavigation.map((item) => {
              const active = isNavigationActive(item, pathname)
              if (!item.children) {
                return (
                  <Link
                    key={item.label}
                    to={item.to ?? '/'}
                    className={rowClasses(active)}
                    aria-current={active ? 'page' : undefined}
                  >
                    {item.label}
                  </Link>
                )
              }
              const expanded = openGroup === item.label
              const groupId = `mobile-group-${item.label.toLowerCase()}`
              return (
                <div key={item.label}>
                  <button
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={groupId}
                    onClick={() => setOpenGroup(expanded ? null : item.label)}
                    className={rowClasses(active)}
                  >
                    {item.label}
                    <ShellIcon
                      name="chevronDown"
                      className={cn('size-4 transition-transform', expanded && 'rotate-180')}
                    />
                  </button>
                  <ul id={groupId} hidden={!expanded} className="mt-1 ml-3 border-l border-slate-200 pl-2">
                    {item.to ? (
                      <li>
                        <Link
                          to={item.to}
                          className={cn(rowClasses(pathname === item.to), 'min-h-11 text-sm')}
                          aria-current={pathname === item.to ? 'page' : undefined}
                        >
                          All {item.label}
                        </Link>
                      </li>
                    ) : null}
                    {item.children.map((child) => (
                      <li key={child.label} className="flex items-center gap-1">
                        <Link
                          to={child.to ?? '/'}
                          className={cn(rowClasses(isNavigationActive(child, pathname)), 'min-h-11 text-sm')}
                          aria-current={pathname === child.to ? 'page' : undefined}
                        >
                          {child.label}
                        </Link>
                        {child.children ? (
                          <button
                            type="button"
                            aria-label={`Open ${child.label} menu`}
                            onClick={() => setSubLevel(child)}
                            className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-slate-600 hover:bg-slate-50 hover:text-brand-800"
                          >
                            <ShellIcon name="chevronRight" className="size-4" />
                          </button>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                </div>
              )
            })}
          </nav>
        )}

        <div className="mt-auto flex flex-col gap-3 border-t border-slate-100 p-4">
          <Link to={quoteLink.to} className={buttonVariants({ size: 'lg', className: 'w-full' })}>
            {quoteLink.label}
          </Link>
          <button
            type="button"
            onClick={() => {
              close()
              toggleRef.current?.focus()
            }}
            className={buttonVariants({ variant: 'outline', size: 'lg', className: 'w-full' })}
          >
            Schedule Call
          </button>
          <div className="rounded-2xl bg-brand-50 p-4">
            <p className="text-sm font-semibold text-ink">Need Help?</p>
            <a
              href={`tel:${company.phone.dial}`}
              className="mt-1 inline-flex items-center gap-2 text-base font-semibold text-brand-800 hover:underline"
            >
              <ShellIcon name="phone" className="size-4" />
              {company.phone.display}
            </a>
          </div>
        </div>
      </div>
    </>,
    document.body,
  )
}
