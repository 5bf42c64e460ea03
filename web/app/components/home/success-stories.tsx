import { Link } from 'react-router'
import { buttonVariants } from '~/components/button'
import { Carousel } from '~/components/ui/carousel'
import { CheckList } from '~/components/ui/check-list'
import { FigureList } from '~/components/ui/figure-list'
import { Illustration } from '~/components/ui/illustration'
import { PageSection } from '~/components/ui/page-section'
import { type CaseStudy, successStories } from '~/content/home-sections'

/** The case studies advance every 5 s. */
export const caseStudyIntervalMs = 5000

function CaseStudyCard({ study }: { readonly study: CaseStudy }) {
  return (
    <article className="grid overflow-hidden rounded-card border border-slate-200 bg-white shadow-card md:grid-cols-2">
      <Illustration
        src={study.image.src}
        alt={study.image.alt}
        className="h-full max-h-72 w-full object-cover md:max-h-none"
      />
      <div className="flex flex-col p-6 sm:p-8">
        <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
          <span className="rounded-full bg-brand-50 px-3 py-1 text-brand-800">{study.clientType}</span>
          <span className="rounded-full bg-slate-100 px-3 py-1 text-slate-700">{study.sector}</span>
        </div>
        <FigureList
          figures={[
            {
              label: 'Savings',
              value: study.savings,
              valueClassName: 'text-3xl font-extrabold text-brand-700',
            },
            { label: 'Capacity', value: study.capacity, valueClassName: 'text-3xl font-extrabold text-ink' },
          ]}
          className="mt-5 flex gap-8"
          labelClassName="text-sm text-muted"
        />
        <h3 className="sr-only">{`${study.clientType}, ${study.capacity}`}</h3>
        <p className="mt-4 text-muted">{study.description}</p>
        <CheckList items={study.results} className="mt-4 flex flex-col gap-2 text-sm" />
        <Link
          to={successStories.button.to}
          className={buttonVariants({ variant: 'outline', className: 'mt-6 self-start' })}
        >
          {successStories.button.label}
        </Link>
      </div>
    </article>
  )
}

/** A client's wordmark tile, drawn from its name (no third-party logo images). */
function LogoTile({ name }: { readonly name: string }) {
  const initials = name
    .split(' ')
    .map((word) => word[0])
    .join('')
    .slice(0, 2)
  return (
    <li className="flex h-20 items-center justify-center gap-2 rounded-2xl border border-slate-200 bg-white px-3 text-slate-500 grayscale transition hover:text-brand-800 hover:grayscale-0">
      <span
        aria-hidden="true"
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-xs font-extrabold text-brand-800"
      >
        {initials}
      </span>
      <span className="text-sm leading-tight font-semibold">{name}</span>
    </li>
  )
}

/** Success stories: the three case studies in an auto-advancing carousel, then the client logo tiles. */
export function SuccessStories() {
  return (
    <PageSection
      headingId="stories-heading"
      eyebrow={successStories.eyebrow}
      title={successStories.heading}
      description={successStories.description}
      className="bg-slate-50"
    >
      <Carousel
        className="mt-12"
        label="Success stories"
        autoplayMs={caseStudyIntervalMs}
        loop
        slideClassName="basis-full px-1"
        slides={successStories.cases.map((study) => <CaseStudyCard key={study.clientType} study={study} />)}
      />
      <h3 className="mt-16 text-center text-sm font-semibold tracking-widest text-muted uppercase">
        {successStories.logosHeading}
      </h3>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {successStories.logos.map((name) => (
          <LogoTile key={name} name={name} />
        ))}
      </ul>
    </PageSection>
  )
}
