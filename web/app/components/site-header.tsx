import { Link, NavLink } from 'react-router'
import { company } from '~/content/company'
import { contactLink, headerLinks } from '~/content/navigation'
import { cn } from '~/lib/class-names'
import { buttonVariants } from './button'
import { LogoMark } from './logo'

// Below 390px the text links give way to the company name; the logo still links home. The full navigation
// (dropdowns, mobile drawer) comes with the shell issue.
function navLinkClasses({ isActive }: { readonly isActive: boolean }): string {
  return cn(
    'rounded-md px-2 py-2 text-sm font-medium transition-colors max-[389px]:hidden sm:px-3',
    isActive ? 'text-brand-800 bg-brand-50' : 'text-slate-700 hover:text-brand-800 hover:bg-slate-100',
  )
}

/** The site header: the logo linking home and the main links. */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-1 px-4 sm:gap-4 sm:px-6">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-1.5 rounded-md sm:gap-2"
          aria-label={`${company.name}, home`}
        >
          <LogoMark className="size-7 shrink-0 sm:size-8" />
          <span className="truncate text-[0.9375rem] font-bold tracking-tight text-ink sm:text-lg">
            {company.name}
          </span>
        </Link>
        <nav aria-label="Main" className="flex shrink-0 items-center gap-0.5 sm:gap-2">
          {headerLinks.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.end ?? false} className={navLinkClasses}>
              {link.label}
            </NavLink>
          ))}
          <NavLink
            to={contactLink.to}
            className={({ isActive }) =>
              buttonVariants({
                size: 'sm',
                className: cn('whitespace-nowrap sm:h-10 sm:px-4', isActive && 'ring-2 ring-brand-200'),
              })
            }
          >
            {contactLink.label}
          </NavLink>
        </nav>
      </div>
    </header>
  )
}
