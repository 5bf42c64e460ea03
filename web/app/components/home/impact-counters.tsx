import { useRef } from 'react'
import { Link } from 'react-router'
import { buttonVariants } from '~/components/button'
import { PageSection } from '~/components/ui/page-section'
import { StatTile } from '~/components/ui/stat-tile'
import { type CounterFigure, impactCounters } from '~/content/home'
import { useCountUp } from '~/lib/hooks/use-count-up'
import { useInViewOnce } from '~/lib/hooks/use-in-view'

function Counter({ figure, start }: { readonly figure: CounterFigure; readonly start: boolean }) {
  const number = useCountUp<HTMLSpanElement>(figure.value, start)
  return (
    <StatTile
      value={
        <span ref={number} className="inline-block min-w-[5ch]">
          {figure.value}
          {figure.suffix}
        </span>
      }
      label={figure.label}
      className="items-center text-center sm:p-7"
    />
  )
}

/** The impact counters: they count up over 2 s, once, when the section first comes into view. */
export function ImpactCounters() {
  const ref = useRef<HTMLDListElement>(null)
  const inView = useInViewOnce(ref)
  return (
    <PageSection
      headingId="impact-heading"
      eyebrow={impactCounters.eyebrow}
      title={impactCounters.heading}
      className="bg-brand-50/60"
    >
      <dl ref={ref} className="mt-10 grid grid-cols-2 gap-4 lg:grid-cols-4 lg:gap-6">
        {impactCounters.figures.map((figure) => (
          <Counter key={figure.label} figure={figure} start={inView} />
        ))}
      </dl>
      <div className="mt-10 flex justify-center">
        <Link to={impactCounters.button.to} className={buttonVariants({ size: 'lg' })}>
          {impactCounters.button.label}
        </Link>
      </div>
    </PageSection>
  )
}
