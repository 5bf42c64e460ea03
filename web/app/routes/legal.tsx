import { Link, useLocation } from 'react-router'
import { buttonVariants } from '~/components/button'
import { StaticSection } from '~/components/static-section'
import { Icon } from '~/components/ui/icon'
import { isLegalPath, legalPage, legalTitles } from '~/content/legal'
import { sitePage } from '~/content/public-pages'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/legal'

export const meta: Route.MetaFunction = ({ location }) =>
  pageMeta(sitePage(location.pathname.replace(/\/$/, '')))

/** /terms, /cookies and /compliance: 'under development' placeholders, each a static island. */
export default function LegalPage() {
  const path = useLocation().pathname.replace(/\/$/, '')
  const title = isLegalPath(path) ? legalTitles[path] : sitePage(path).title
  return (
    <StaticSection name={`legal-${path}`}>
      <section aria-labelledby="page-title" className="section-y">
        <div className="page-x max-w-2xl text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
            <Icon name="scale" className="size-7" />
          </span>
          <p className="mt-6 text-sm font-semibold tracking-widest text-brand-700 uppercase">
            {legalPage.eyebrow}
          </p>
          <h1 id="page-title" className="mt-2 text-4xl font-bold tracking-tight text-ink sm:text-5xl">
            {title}
          </h1>
          <p className="mt-6 text-lg font-semibold text-ink">{legalPage.underDevelopment}</p>
          <p className="mt-3 text-muted">{legalPage.text}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to={legalPage.home.to} className={buttonVariants({ size: 'lg' })}>
              {legalPage.home.label}
            </Link>
            <Link to={legalPage.contact.to} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
              {legalPage.contact.label}
            </Link>
          </div>
        </div>
      </section>
    </StaticSection>
  )
}
