import { LiveDashboard } from '~/components/solutions/live-dashboard'
import { PageHero } from '~/components/solutions/page-hero'
import { PlatformTabs } from '~/components/solutions/platform-tabs'
import { StaticSection } from '~/components/static-section'
import { IconCard } from '~/components/ui/icon-card'
import { PageSection } from '~/components/ui/page-section'
import { sitePage } from '~/content/public-pages'
import { digitalPage } from '~/content/solutions/digital'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/digital-solutions'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/digital-solutions'))

/**
 * /digital-solutions: live dashboard hero, platform tabs, six advanced features. The features are a static
 * island (never hydrated); the hero's dashboard and the tabs hydrate.
 */
export default function DigitalSolutionsPage() {
  return (
    <>
      <PageHero
        eyebrow={digitalPage.eyebrow}
        title={digitalPage.title}
        intro={digitalPage.intro}
        actions={digitalPage.actions}
        aside={<LiveDashboard title={digitalPage.dashboardTitle} />}
      />
      <PageSection
        id="platforms"
        headingId="platforms-heading"
        eyebrow="Platforms"
        title={digitalPage.platformsHeading}
      >
        <PlatformTabs platforms={digitalPage.platforms} />
      </PageSection>
      <StaticSection name="digital-features">
        <PageSection
          id="advanced-features"
          headingId="features-heading"
          eyebrow="Features"
          title={digitalPage.featuresHeading}
          className="scroll-mt-16 bg-slate-50"
        >
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {digitalPage.features.map((feature) => (
              <IconCard key={feature.title} icon={feature.icon} title={feature.title} text={feature.text} />
            ))}
          </ul>
        </PageSection>
      </StaticSection>
    </>
  )
}
