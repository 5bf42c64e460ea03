import { addressLines } from '@core/company'
import { Link } from 'react-router'
import { LabelledList } from '~/components/ui/labelled-list'
import { company, socialLinks } from '~/content/company'
import { footerBadges, footerColumns } from '~/content/navigation'
import { NewsletterForm } from '~/features/lead-forms/components/newsletter-form'
import { LogoMark } from './logo'
import { StaticSection } from './static-section'
import { TrustFacts } from './trust-facts'
import { ShellIcon } from './ui/shell-icons'

const socialMarks: Record<string, string> = {
  LinkedIn: 'in',
  X: 'X',
  Facebook: 'f',
  Instagram: 'IG',
  YouTube: 'YT',
}

/** The newsletter box (email input and Subscribe button), on the footer's dark background. */
function NewsletterBox() {
  return (
    <div className="rounded-card border border-white/10 bg-white/5 p-5">
      <NewsletterForm tone="dark" />
    </div>
  )
}

/**
 * The site footer: about, link columns, contact details, the company's registrations (when it has them),
 * newsletter, badges, social links, copyright. Only
 * the newsletter form runs: the rest is the same on every page (no current-page marks), so it stays the
 * prerendered markup, never hydrated, even as the footer stays mounted across client navigations.
 */
export function SiteFooter() {
  const social = socialLinks()
  return (
    <footer className="print:hidden mt-auto bg-night text-slate-300">
      <div className="page-x grid gap-10 py-14 lg:grid-cols-12">
        <StaticSection name="site-footer-links">
          <div className="flex flex-col gap-4 lg:col-span-4">
            <Link to="/" className="flex w-fit items-center gap-2 rounded-md">
              <LogoMark className="size-8" />
              <span className="text-lg font-bold text-white">{company.name}</span>
            </Link>
            <p className="max-w-sm text-sm leading-relaxed">{company.tagline}</p>
            <address className="flex flex-col gap-2 text-sm not-italic">
              <a
                className="inline-flex w-fit items-center gap-2 hover:text-white"
                href={`tel:${company.phone.dial}`}
              >
                <ShellIcon name="phone" className="size-4 text-brand-400" />
                {company.phone.display}
              </a>
              <a
                className="inline-flex w-fit items-center gap-2 hover:text-white"
                href={`mailto:${company.email}`}
              >
                <ShellIcon name="mail" className="size-4 text-brand-400" />
                {company.email}
              </a>
              <span className="inline-flex gap-2">
                <ShellIcon name="pin" className="mt-0.5 size-4 text-brand-400" />
                <span>{addressLines().join(', ')}</span>
              </span>
            </address>
            <TrustFacts className="text-slate-300 [&_dd]:text-white" />
            {social.length > 0 ? (
              <LabelledList label="Social media" className="mt-1 flex gap-2">
                {social.map((link) => (
                  <li key={link.label}>
                    <a
                      href={link.url}
                      rel="noopener noreferrer"
                      target="_blank"
                      className="inline-flex size-9 items-center justify-center rounded-full border border-white/15 text-xs font-bold text-white hover:border-brand-400 hover:bg-brand-500/20"
                    >
                      <span aria-hidden="true">{socialMarks[link.label] ?? link.label.slice(0, 2)}</span>
                      <span className="sr-only">{`${company.name} on ${link.label}`}</span>
                    </a>
                  </li>
                ))}
              </LabelledList>
            ) : null}
          </div>
          <div className="grid gap-8 sm:grid-cols-3 lg:col-span-5">
            {footerColumns.map((column) => (
              <nav key={column.heading} aria-label={column.heading}>
                <h2 className="text-sm font-semibold tracking-wide text-white">{column.heading}</h2>
                <ul className="mt-3 flex flex-col gap-2 text-sm">
                  {column.links.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className="hover:text-white">
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </nav>
            ))}
          </div>
        </StaticSection>
        <div className="flex flex-col gap-5 lg:col-span-3">
          <NewsletterBox />
          <StaticSection name="site-footer-badges">
            <LabelledList label="Certifications" className="flex flex-wrap gap-2">
              {footerBadges.map((badge) => (
                <li
                  key={badge}
                  className="inline-flex items-center gap-1.5 rounded-full border border-white/15 px-3 py-1 text-xs font-medium text-slate-200"
                >
                  <ShellIcon name="shield" className="size-3.5 text-brand-400" />
                  {badge}
                </li>
              ))}
            </LabelledList>
          </StaticSection>
        </div>
      </div>
      <StaticSection name="site-footer-copyright">
        <div className="border-t border-white/10">
          <p className="page-x py-5 text-xs text-slate-400">
            © {company.copyrightYear} {company.name}. All rights reserved.
          </p>
        </div>
      </StaticSection>
    </footer>
  )
}
