import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { ShellIcon } from './ui/shell-icons'

const loadMenu = () => import('./mobile-menu')
const MobileMenu = lazy(loadMenu)

/** Below this width (Tailwind's `lg`) the header shows the menu toggle instead of the desktop navigation. */
export const mobileQuery = '(max-width: 1023.98px)'

/**
 * The mobile navigation (< lg): a menu/close toggle and its drawer (mobile-menu.tsx). The drawer's code is
 * not part of the page's first load: it is fetched when the browser is idle on a narrow screen, or when the
 * toggle is touched, and shown as soon as it is there. Every navigation closes the menu.
 */
export function MobileNavigation() {
  const location = useLocation()
  const [open, setOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const close = useRef(() => setOpen(false)).current

  // Every navigation (even to the same path, e.g. a hash) closes the menu.
  useEffect(() => {
    void location.key
    close()
  }, [location.key, close])

  useEffect(() => {
    if (!window.matchMedia?.(mobileQuery).matches) return
    const preload = () => void loadMenu().catch(() => undefined)
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(preload, 1)
      return () => clearTimeout(timer)
    }
    const idle = window.requestIdleCallback(preload, { timeout: 3000 })
    return () => window.cancelIdleCallback(idle)
  }, [])

  return (
    <div className="lg:hidden">
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={open}
        aria-controls="mobile-menu"
        aria-label={open ? 'Close menu' : 'Open menu'}
        onPointerDown={() => void loadMenu().catch(() => undefined)}
        onClick={() => (open ? close() : setOpen(true))}
        className="inline-flex size-11 items-center justify-center rounded-xl text-ink hover:bg-slate-100"
      >
        <ShellIcon name={open ? 'close' : 'menu'} className="size-6" />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MobileMenu close={close} toggleRef={toggleRef} />
        </Suspense>
      ) : null}
    </div>
  )
}
