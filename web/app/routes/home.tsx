import { FloatingWidgets } from '~/components/floating-widgets'
import { HomeHero } from '~/components/home/home-hero'
import { ImpactCounters } from '~/components/home/impact-counters'
import { islandPart, LazyIsland } from '~/components/lazy-island'
import { StaticSection } from '~/components/static-section'
import { homePage } from '~/content/home'
import { sitePage } from '~/content/public-pages'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = () => pageMeta({ ...sitePage('/'), keywords: homePage.keywords })

// The sections below the counters, with their copy, are not in the page's first load. The static ones keep
// their prerendered markup on the first load, so their code loads only for a client navigation here.
const solutionsOverview = islandPart('home-solutions-overview', () =>
  import('~/components/home/solutions-overview').then((module) => module.SolutionsOverview),
)
const whyChooseUs = islandPart('home-why-choose-us', () =>
  import('~/components/home/why-choose-us').then((module) => module.WhyChooseUs),
)
const successStories = islandPart('home-success-stories', () =>
  import('~/components/home/success-stories').then((module) => module.SuccessStories),
)
const finalCallToAction = islandPart('home-final-call', () =>
  import('~/components/home/final-call-to-action').then((module) => module.FinalCallToAction),
)

/** The home page's lazily loaded sections (a test loads them before it renders the page). */
export const homeIslands = [solutionsOverview, whyChooseUs, successStories, finalCallToAction] as const

/**
 * Home: hero, impact counters, solutions, why choose us, success stories, final call to action. The
 * sections with nothing to run are static islands (never hydrated); the hero, the counters and the
 * floating widgets hydrate, the stories' carousel once it nears the viewport (a lazy island).
 */
export default function HomePage() {
  return (
    <>
      <HomeHero />
      <ImpactCounters />
      <StaticSection name="home-solutions">
        <LazyIsland part={solutionsOverview} />
        <LazyIsland part={whyChooseUs} />
      </StaticSection>
      <LazyIsland part={successStories} />
      <StaticSection name="home-final-call">
        <LazyIsland part={finalCallToAction} />
      </StaticSection>
      <FloatingWidgets />
    </>
  )
}
