import { PageHero } from '~/components/solutions/page-hero'
import { SectorCards } from '~/components/solutions/sector-cards'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icon'
import { SectionHeading } from '~/components/ui/section-heading'
import { StatTile } from '~/components/ui/stat-tile'
import { buttonActions } from '~/content/actions'
import { sitePage } from '~/content/pages'
import { sectorsPage } from '~/content/solutions'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/sectors'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/sectors'))

/** /sectors: six sector cards, impact stats, four value cards. */
export default function SectorsPage() {
  return (
    <>
      <PageHero
        eyebrow={sectorsPage.eyebrow}
        title={sectorsPage.title}
        intro={sectorsPage.intro}
        actions={[
          { label: 'Book Consultation', to: buttonActions['Book Consultation'] },
          { label: 'View Case Studies', to: buttonActions['View Case Studies'], variant: 'outline' },
        ]}
        aside="/images/factory-solar.svg"
      />
      <section aria-labelledby="sectors-heading" className="section-y">
        <div className="page-x">
          <SectionHeading id="sectors-heading" eyebrow="Sectors" title={sectorsPage.sectorsHeading} />
          <SectorCards sectors={sectorsPage.sectors} caseStudyLink={sectorsPage.caseStudyLink} />
        </div>
      </section>
      <section aria-labelledby="impact-heading" className="section-y bg-slate-50">
        <div className="page-x">
          <SectionHeading id="impact-heading" eyebrow="Impact" title={sectorsPage.impactHeading} />
          <dl className="mx-auto mt-10 grid max-w-3xl gap-4 sm:grid-cols-3">
            {sectorsPage.impact.map((stat) => (
              <StatTile key={stat.label} value={stat.value} label={stat.label} className="text-center" />
            ))}
          </dl>
        </div>
      </section>
      <section aria-labelledby="values-heading" className="section-y">
        <div className="page-x">
          <SectionHeading id="values-heading" eyebrow="Our promise" title={sectorsPage.valuesHeading} />
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {sectorsPage.values.map((value) => (
              <Card as="li" key={value.title} className="p-6">
                {value.icon ? (
                  <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <Icon name={value.icon} />
                  </span>
                ) : null}
                <h3 className="mt-4 text-lg font-semibold text-ink">{value.title}</h3>
                <p className="mt-2 text-sm text-muted">{value.text}</p>
              </Card>
            ))}
          </ul>
        </div>
      </section>
    </>
  )
}
