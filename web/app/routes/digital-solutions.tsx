import { LiveDashboard } from '~/components/solutions/live-dashboard'
import { PageHero } from '~/components/solutions/page-hero'
import { PlatformTabs } from '~/components/solutions/platform-tabs'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icon'
import { SectionHeading } from '~/components/ui/section-heading'
import { sitePage } from '~/content/pages'
import { digitalPage } from '~/content/solutions'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/digital-solutions'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/digital-solutions'))

/** /digital-solutions: live dashboard hero, platform tabs, six advanced features. */
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
      <section id="platforms" aria-labelledby="platforms-heading" className="section-y">
        <div className="page-x">
          <SectionHeading id="platforms-heading" eyebrow="Platforms" title={digitalPage.platformsHeading} />
          <PlatformTabs platforms={digitalPage.platforms} />
        </div>
      </section>
      <section
        id="advanced-features"
        aria-labelledby="features-heading"
        className="section-y scroll-mt-16 bg-slate-50"
      >
        <div className="page-x">
          <SectionHeading id="features-heading" eyebrow="Features" title={digitalPage.featuresHeading} />
          <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {digitalPage.features.map((feature) => (
              <Card as="li" key={feature.title} className="p-6">
                {feature.icon ? (
                  <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                    <Icon name={feature.icon} />
                  </span>
                ) : null}
                <h3 className="mt-4 text-lg font-semibold text-ink">{feature.title}</h3>
                <p className="mt-2 text-sm text-muted">{feature.text}</p>
              </Card>
            ))}
          </ul>
        </div>
      </section>
    </>
  )
}
