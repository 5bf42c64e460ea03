import { Link } from 'react-router'
import { TrustFacts } from '~/components/trust-facts'
import { subsidyGuideLink } from '~/content/navigation'
import { sitePage } from '~/content/public-pages'
import { SolarCalculator } from '~/features/solar-calculator/components/solar-calculator'
import { calculatorPageCopy } from '~/features/solar-calculator/page-content'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/solar-calculator'

const page = sitePage('/solar-calculator')

export const meta: Route.MetaFunction = () => pageMeta(page)

export default function SolarCalculatorPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14 print:p-0">
      <header className="max-w-2xl print:hidden">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
          {calculatorPageCopy.eyebrow}
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {calculatorPageCopy.heading}
        </h1>
        <p className="mt-3 text-lg text-muted">{calculatorPageCopy.intro}</p>
        <p className="mt-3">
          <Link
            to={subsidyGuideLink.to}
            className="font-semibold text-brand-800 underline underline-offset-4"
          >
            {subsidyGuideLink.label}
          </Link>
        </p>
        <TrustFacts className="mt-3 text-muted [&_dd]:text-ink" />
      </header>
      <div className="mt-8 print:mt-0">
        <SolarCalculator />
      </div>
    </div>
  )
}
