import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { company } from '~/content/company'
import { contactLink, quoteLink } from '~/content/navigation'
import { cn } from '~/lib/class-names'
import { buttonVariants } from './button'
import { DesktopNavigation } from './desktop-navigation'
import { LogoMark } from './logo'
import { MobileNavigation, mobileQuery } from './mobile-navigation'
import { StaticSection } from './static-section'

/** Whether the screen is wide enough for the desktop navigation (Tailwind's `lg`); never on the server. */
function wideScreen(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.(mobileQuery).matches === false
}

/**
 * Whether the header's links and desktop navigation are rendered by React rather than kept as prerendered
 * markup. On a phone they are hidden but the logo, and nothing of them runs: the first load keeps their
 * markup without hydrating it. They go live, for good, when the screen is wide (at once, or when it widens:
 * the dropdowns need their code) and at the first client navigation, since the header stays mounted and
 * the markup read at the first load marks that page's entry as the current one.
 */
function useLiveNavigation(): boolean {
  const { key } = useLocation()
  const [firstKey] = useState(key)
  const [live, setLive] = useState(wideScreen)
  if (!live && key !== firstKey) setLive(true)
  useEffect(() => {
    if (live || typeof window.matchMedia !== 'function') return
    const query = window.matchMedia(mobileQuery)
    const change = () => {
      if (!query.matches) setLive(true)
    }
    query.addEventListener('change', change)
    return () => query.removeEventListener('change', change)
  }, [live])
  return live
}

/**
 * The site header: sticky 4rem bar with dropdowns on large screens; below lg a fixed 4rem bar
 * with the menu toggle and drawer (a spacer keeps the page below it).
 */
export function SiteHeader() {
  const { pathname } = useLocation()
  const live = useLiveNavigation()
  return (
    <>
      <header className="print:hidden fixed inset-x-0 top-0 z-40 h-16 border-b border-slate-200/80 bg-white/90 backdrop-blur-md lg:sticky">
        <div className="page-x flex h-16 items-center justify-between gap-4">
          <StaticSection name="site-header" live={live}>
            <Link
              to="/"
              className="flex min-w-0 items-center gap-2 rounded-md"
              aria-label={`${company.name}, home`}
            >
              <LogoMark className="size-8 shrink-0" />
              <span className="truncate text-lg font-bold tracking-tight text-ink">{company.name}</span>
            </Link>
            <DesktopNavigation pathname={pathname} />
            <div className="hidden items-center gap-2 lg:flex">
              <Link
                to={quoteLink.to}
                aria-current={pathname === quoteLink.to ? 'page' : undefined}
                className={buttonVariants({ variant: 'outline', className: 'whitespace-nowrap' })}
              >
                {quoteLink.label}
              </Link>
              <Link
                to={contactLink.to}
                aria-current={pathname === contactLink.to ? 'page' : undefined}
                className={buttonVariants({
                  className: cn('whitespace-nowrap', pathname === contactLink.to && 'ring-2 ring-brand-200'),
                })}
              >
                {contactLink.label}
              </Link>
            </div>
          </StaticSection>
          <MobileNavigation />
        </div>
      </header>
      <div aria-hidden="true" className="h-16 shrink-0 lg:hidden" />
    </>
  )
}
