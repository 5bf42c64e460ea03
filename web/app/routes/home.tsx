import { FloatingWidgets } from '~/components/floating-widgets'
import { FinalCallToAction } from '~/components/home/final-call-to-action'
import { HomeHero } from '~/components/home/home-hero'
import { ImpactCounters } from '~/components/home/impact-counters'
import { SolutionsOverview } from '~/components/home/solutions-overview'
import { SuccessStories } from '~/components/home/success-stories'
import { WhyChooseUs } from '~/components/home/why-choose-us'
import { StaticSection } from '~/components/static-section'
import { homePage } from '~/content/home'
import { sitePage } from '~/content/pages'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = () => pageMeta({ ...sitePage('/'), keywords: homePage.keywords })

/**
 * Home: hero, impact counters, solutions, why choose us, success stories, final call to action. The
 * sections with nothing to run are static islands (never hydrated); the hero, the counters, the stories'
 * carousel and the floating widgets hydrate.
 */
export default function HomePage() {
  return (
    <>
      <HomeHero />
      <ImpactCounters />
      <StaticSection name="home-solutions">
        <SolutionsOverview />
        <WhyChooseUs />
      </StaticSection>
      <SuccessStories />
      <StaticSection name="home-final-call">
        <FinalCallToAction />
      </StaticSection>
      <FloatingWidgets />
    </>
  )
}
