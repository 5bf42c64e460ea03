import { Link } from 'react-router'
import { company } from '~/content/company'
import { LogoMark } from './logo'
import { NewsletterForm } from './newsletter-form'

/** The site footer: who we are and how to reach us. Link columns, newsletter and badges come later. */
export function SiteFooter() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-white">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6">
        <div className="flex flex-col gap-3">
          <Link to="/" className="flex w-fit items-center gap-2 rounded-md">
            <LogoMark className="size-7" />
            <span className="font-bold text-ink">{company.name}</span>
          </Link>
          <p className="max-w-sm text-sm text-muted">{company.tagline}</p>
          <div className="mt-2 max-w-sm">
            <NewsletterForm />
          </div>
        </div>
        <address className="flex flex-col gap-2 text-sm not-italic text-muted sm:items-end sm:text-right">
          <a className="w-fit rounded hover:text-brand-800" href={`tel:${company.phone.dial}`}>
            {company.phone.display}
          </a>
          <a className="w-fit rounded hover:text-brand-800" href={`mailto:${company.email}`}>
            {company.email}
          </a>
          <span>
            <span className="block">
              {company.address.street}, {company.address.locality}
            </span>
            <span className="block">
              {company.address.city}, {company.address.state} {company.address.postalCode},{' '}
              {company.address.country}
            </span>
          </span>
        </address>
      </div>
      <div className="border-t border-slate-100">
        <p className="mx-auto max-w-6xl px-4 py-4 text-xs text-slate-500 sm:px-6">
          © {company.copyrightYear} {company.name}. All rights reserved.
        </p>
      </div>
    </footer>
  )
}
