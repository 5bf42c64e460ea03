import { addressLines } from '@core/company'
import { Link } from 'react-router'
import { buttonVariants } from '~/components/button'
import { ShellIcon } from '~/components/ui/shell-icons'
import { company } from '~/content/company'
import { finalCallToAction } from '~/content/home-sections'

/** The final call to action, anchor id `contact` (so /#contact lands here). */
export function FinalCallToAction() {
  return (
    <section id="contact" aria-labelledby="cta-heading" className="section-y">
      <div className="page-x">
        <div className="relative overflow-hidden rounded-[2rem] bg-gradient-to-br from-brand-700 via-brand-600 to-brand-500 px-6 py-12 text-white shadow-lift sm:px-12 lg:py-16">
          <div
            aria-hidden="true"
            className="absolute -top-20 -right-20 size-72 rounded-full bg-sun-300/30 blur-2xl"
          />
          <div className="relative grid gap-10 lg:grid-cols-5 lg:items-center">
            <div className="lg:col-span-3">
              <h2 id="cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
                {finalCallToAction.heading}
              </h2>
              <p className="mt-4 max-w-xl text-lg text-brand-50">{finalCallToAction.text}</p>
              <div className="mt-8 flex flex-wrap gap-3">
                <Link
                  to={finalCallToAction.primary.to}
                  className={buttonVariants({ variant: 'accent', size: 'lg' })}
                >
                  {finalCallToAction.primary.label}
                </Link>
                <Link
                  to={finalCallToAction.secondary.to}
                  className={buttonVariants({ variant: 'inverse-outline', size: 'lg' })}
                >
                  {finalCallToAction.secondary.label}
                </Link>
              </div>
              <p className="mt-6 text-sm font-medium text-brand-50">{finalCallToAction.line}</p>
            </div>
            <address className="flex flex-col gap-4 rounded-card bg-white/10 p-6 not-italic backdrop-blur lg:col-span-2">
              <a href={`tel:${company.phone.dial}`} className="flex items-center gap-3 hover:underline">
                <ShellIcon name="phone" className="text-sun-300" />
                {company.phone.display}
              </a>
              <a
                href={`mailto:${company.email}`}
                className="flex items-center gap-3 break-all hover:underline"
              >
                <ShellIcon name="mail" className="text-sun-300" />
                {company.email}
              </a>
              <span className="flex gap-3">
                <ShellIcon name="pin" className="mt-0.5 text-sun-300" />
                <span>{addressLines().join(', ')}</span>
              </span>
            </address>
          </div>
        </div>
      </div>
    </section>
  )
}
