import { PageHero } from '~/components/solutions/page-hero'
import { SectorCards } from '~/components/solutions/sector-cards'
import { StaticSection } from '~/components/static-section'
import { IconCard } from '~/components/ui/icon-card'
import { PageSection } from '~/components/ui/page-section'
import { StatTile } from '~/components/ui/stat-tile'
import { actionButton } from '~/content/actions'
import { sitePage } from '~/content/public-pages'
import { sectorsPage } from '~/content/solutions/sectors'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/sectors'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/sectors'))

/**
 * /sectors: six sector cards (hydrated: hovering one highlights its case study), impact stats and four value
 * cards (a static island).
 */
export default function SectorsPage() {
  return (
    <>
      <PageHero
        eyebrow={sectorsPage.eyebrow}
        title={sectorsPage.title}
        intro={sectorsPage.intro}
        actions={[
          actionButton('Book Consultation'),
          { ...actionButton('View Case Studies'), variant: 'outline' },
        ]}
        aside="/images/factory-solar.svg"
      />
      <PageSection headingId="sectors-heading" eyebrow="Sectors" title={sectorsPage.sectorsHeading}>
        <SectorCards sectors={sectorsPage.sectors} caseStudyLink={sectorsPage.caseStudyLink} />
      </PageSection>
      <StaticSection name="sectors-impact-values">
        <PageSection
          headingId="impact-heading"
          eyebrow="Impact"
          title={sectorsPage.impactHeading}
          className="bg-slate-50"
        >
          <dl className="mx-auto mt-10 grid max-w-3xl gap-4 sm:grid-cols-3">
            {sectorsPage.impact.map((stat) => (
              <StatTile key={stat.label} value={stat.value} label={stat.label} className="text-center" />
            ))}
          </dl>
        </PageSection>
        <PageSection headingId="values-heading" eyebrow="Our promise" title={sectorsPage.valuesHeading}>
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {sectorsPage.values.map((value) => (
              <IconCard key={value.title} icon={value.icon} title={value.title} text={value.text} />
            ))}
          </ul>
        </PageSection>
      </StaticSection>
    </>
  )
}
