import { AboutHero } from '~/components/about/about-hero'
import { islandPart, LazyIsland } from '~/components/lazy-island'
import { StaticSection } from '~/components/static-section'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icon'
import { IconCard } from '~/components/ui/icon-card'
import { PageSection } from '~/components/ui/page-section'
import { coreValues, visionMission } from '~/content/about'
import { sitePage } from '~/content/public-pages'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/about'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/about'))

/** The certifications' carousel, below the values: a lazy island, hydrated as it nears the viewport. */
export const certificationsPart = islandPart('about-certifications', () =>
  import('~/components/about/certifications').then((module) => module.Certifications),
)

/**
 * About: rotating hero, vision and mission, six core values, certifications carousel. Vision, mission and
 * values are a static island (never hydrated); the hero hydrates, the carousel once it nears the viewport.
 */
export default function AboutPage() {
  return (
    <>
      <AboutHero />

      <StaticSection name="about-values">
        <section aria-label="Vision and mission" className="section-y">
          <div className="page-x grid gap-6 md:grid-cols-2">
            {visionMission.map((card) => (
              <Card key={card.title} tone="tinted" className="p-8 sm:p-10">
                <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-brand-600 text-white">
                  <Icon name={card.icon} className="size-6" />
                </span>
                <h2 className="mt-5 text-2xl font-bold text-ink">{card.title}</h2>
                <p className="mt-3 text-lg leading-relaxed text-muted">{card.text}</p>
              </Card>
            ))}
          </div>
        </section>

        <PageSection
          headingId="values-heading"
          eyebrow={coreValues.eyebrow}
          title={coreValues.heading}
          className="bg-slate-50"
        >
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {coreValues.values.map((value) => (
              <IconCard
                key={value.title}
                icon={value.icon}
                title={value.title}
                text={value.text}
                tone="raised"
                relaxed
              />
            ))}
          </ul>
        </PageSection>
      </StaticSection>

      <LazyIsland part={certificationsPart} />
    </>
  )
}
