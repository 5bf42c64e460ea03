import { AboutHero } from '~/components/about/about-hero'
import { StaticSection } from '~/components/static-section'
import { Card } from '~/components/ui/card'
import { Carousel } from '~/components/ui/carousel'
import { Icon } from '~/components/ui/icon'
import { IconCard } from '~/components/ui/icon-card'
import { PageSection } from '~/components/ui/page-section'
import { certifications, coreValues, visionMission } from '~/content/about'
import { sitePage } from '~/content/pages'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/about'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/about'))

/**
 * About: rotating hero, vision and mission, six core values, certifications carousel. Vision, mission and
 * values are a static island (never hydrated); the hero and the carousel hydrate.
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

      <PageSection
        headingId="certifications-heading"
        eyebrow={certifications.eyebrow}
        title={certifications.heading}
        description={certifications.description}
        className="overflow-hidden"
      >
        {/* Each slide is 424 px (a 384 px card and a 40 px gap), so previous/next move by 424 px. */}
        <Carousel
          className="mt-12"
          label="Certifications"
          showDots={false}
          slideClassName="w-[85%] pr-4 sm:w-[424px] sm:pr-10"
          slides={certifications.items.map((item) => (
            <Card key={item.name} className="flex h-full flex-col p-6 sm:w-96">
              <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-sun-100 text-sun-700">
                <Icon name="award" className="size-6" />
              </span>
              <h3 className="mt-4 text-lg font-bold text-ink">{item.name}</h3>
              <p className="text-sm font-medium text-brand-700">{item.issuer}</p>
              <p className="mt-3 text-sm leading-relaxed text-muted">{item.text}</p>
            </Card>
          ))}
        />
      </PageSection>
    </>
  )
}
