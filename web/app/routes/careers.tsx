import { normaliseJob } from '@core/listing'
import { PageHero } from '~/components/solutions/page-hero'
import { PageLinkButton } from '~/components/solutions/page-link'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icon'
import { SectionHeading } from '~/components/ui/section-heading'
import { sitePage } from '~/content/pages'
import { PositionList } from '~/features/careers/components/position-list'
import {
  benefitGroups,
  careersPage,
  careerValues,
  cultureGallery,
  sampleJobs,
} from '~/features/careers/content'
import { publicListPaths } from '~/lib/api/public-list'
import { useServerList } from '~/lib/hooks/use-server-list'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/careers'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/careers'))

/**
 * /careers: hero figures, four values, the open positions (six samples until GET /api/jobs
 * answers a non-empty array; one row open at a time), benefit groups and a culture gallery.
 */
export default function CareersPage() {
  const jobs = useServerList(publicListPaths.jobs, sampleJobs, normaliseJob)
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

      <section aria-labelledby="values-heading" className="section-y">
        <div className="page-x">
          <SectionHeading id="values-heading" eyebrow="Our values" title={careersPage.valuesHeading} />
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {careerValues.map((value) => (
              <Card as="li" key={value.title} className="p-6">
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon name={value.icon} />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-ink">{value.title}</h3>
                <p className="mt-2 text-sm text-muted">{value.text}</p>
              </Card>
            ))}
          </ul>
        </div>
      </section>

      <section
        id="open-positions"
        aria-labelledby="positions-heading"
        className="section-y scroll-mt-16 bg-slate-50"
      >
        <div className="page-x max-w-4xl">
          <SectionHeading
            id="positions-heading"
            eyebrow="Join us"
            title={careersPage.positionsHeading}
            description={careersPage.positionsIntro}
          />
          <PositionList jobs={jobs} />
          <div className="mt-8 text-center">
            <PageLinkButton link={{ ...careersPage.speculative, variant: 'outline' }} />
          </div>
        </div>
      </section>

      <section aria-labelledby="benefits-heading" className="section-y">
        <div className="page-x">
          <SectionHeading id="benefits-heading" eyebrow="Benefits" title={careersPage.benefitsHeading} />
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {benefitGroups.map((group) => (
              <Card as="li" key={group.title} tone="tinted" className="p-6">
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-white text-brand-700">
                  <Icon name={group.icon} />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-ink">{group.title}</h3>
                <ul className="mt-3 space-y-1.5 text-sm text-slate-700">
                  {group.items.map((item) => (
                    <li key={item} className="flex gap-2">
                      <Icon name="check" className="mt-0.5 size-4 text-brand-700" />
                      <span>{item}</span>
                    </li>
                  ))}
                </ul>
              </Card>
            ))}
          </ul>
        </div>
      </section>

      <section id="culture" aria-labelledby="culture-heading" className="section-y scroll-mt-16 bg-slate-50">
        <div className="page-x">
          <SectionHeading id="culture-heading" eyebrow="Culture" title={careersPage.cultureHeading} />
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
        </div>
      </section>
    </>
  )
}
