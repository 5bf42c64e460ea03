import { normaliseJob } from '@core/listing'
import { PageHero } from '~/components/solutions/page-hero'
import { PageLinkButton } from '~/components/solutions/page-link'
import { StaticSection } from '~/components/static-section'
import { CheckList } from '~/components/ui/check-list'
import { IconCard } from '~/components/ui/icon-card'
import { PageSection } from '~/components/ui/page-section'
import { sitePage } from '~/content/public-pages'
import { PositionList } from '~/features/careers/components/position-list'
import {
  benefitGroups,
  careersPage,
  careerValues,
  cultureGallery,
  sampleJobs,
} from '~/features/careers/content'
import { useServerList } from '~/lib/hooks/use-server-list'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/careers'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/careers'))

/**
 * /careers: hero figures, four values, the open positions (six samples until GET /api/jobs
 * answers a non-empty array, or an empty one once the company has published jobs of its own; one row open
 * at a time), benefit groups and a culture gallery. The values,
 * benefits and gallery have nothing to run: static islands, never hydrated.
 */
export default function CareersPage() {
  const jobs = useServerList('jobs', sampleJobs, normaliseJob).items
  return (
    <>
      <PageHero
        eyebrow={careersPage.eyebrow}
        title={careersPage.title}
        intro={careersPage.intro}
        stats={careersPage.stats}
        actions={careersPage.actions}
        aside="/images/city-grid.svg"
      />

      <StaticSection name="careers-values">
        <PageSection headingId="values-heading" eyebrow="Our values" title={careersPage.valuesHeading}>
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {careerValues.map((value) => (
              <IconCard key={value.title} icon={value.icon} title={value.title} text={value.text} />
            ))}
          </ul>
        </PageSection>
      </StaticSection>

      <PageSection
        id="open-positions"
        headingId="positions-heading"
        eyebrow="Join us"
        title={careersPage.positionsHeading}
        description={careersPage.positionsIntro}
        className="scroll-mt-16 bg-slate-50"
        innerClassName="max-w-4xl"
      >
        <PositionList jobs={jobs} />
        <div className="mt-8 text-center">
          <PageLinkButton link={{ ...careersPage.speculative, variant: 'outline' }} />
        </div>
      </PageSection>

      <StaticSection name="careers-benefits-culture">
        <PageSection headingId="benefits-heading" eyebrow="Benefits" title={careersPage.benefitsHeading}>
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {benefitGroups.map((group) => (
              <IconCard
                key={group.title}
                icon={group.icon}
                title={group.title}
                tone="tinted"
                badgeTone="white"
              >
                <CheckList
                  items={group.items}
                  tone="deep"
                  className="mt-3 space-y-1.5 text-sm text-slate-700"
                />
              </IconCard>
            ))}
          </ul>
        </PageSection>

        <PageSection
          id="culture"
          headingId="culture-heading"
          eyebrow="Culture"
          title={careersPage.cultureHeading}
          className="scroll-mt-16 bg-slate-50"
        >
          <ul className="mt-12 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3">
            {cultureGallery.map((photo) => (
              <li key={photo.caption}>
                <figure className="overflow-hidden rounded-card border border-slate-200 bg-white shadow-card">
                  <img
                    src={photo.image}
                    alt=""
                    width={400}
                    height={300}
                    loading="lazy"
                    className="aspect-[4/3] w-full bg-brand-50 object-cover"
                  />
                  <figcaption className="p-3 text-sm text-slate-700 sm:p-4">{photo.caption}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </PageSection>
      </StaticSection>
    </>
  )
}
