import { Link, useLocation } from 'react-router'
import { company } from '~/content/company'
import { contactLink, quoteLink } from '~/content/navigation'
import { cn } from '~/lib/class-names'
import { buttonVariants } from './button'
import { DesktopNavigation } from './desktop-navigation'
import { LogoMark } from './logo'
import { MobileNavigation } from './mobile-navigation'

/**
 * The site header: sticky 4rem bar with dropdowns on large screens; below lg a fixed 4rem bar
 * with the menu toggle and drawer (a spacer keeps the page below it).
 */
export function SiteHeader() {
  const { pathname } = useLocation()
  return (
    <>
      <header className="print:hidden fixed inset-x-0 top-0 z-40 h-16 border-b border-slate-200/80 bg-white/90 backdrop-blur-md lg:sticky">
        <div className="page-x flex h-16 items-center justify-between gap-4">
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
          <MobileNavigation />
        </div>
      </header>
      <div aria-hidden="true" className="h-16 shrink-0 lg:hidden" />
    </>
  )
}
