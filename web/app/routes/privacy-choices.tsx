import { islandPart, LazyIsland } from '~/components/lazy-island'
import { sitePage } from '~/content/public-pages'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/privacy-choices'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/privacy/choices'))

/** The steps: their code loads after the page has painted (a lazy island), so the first load stays small. */
export const choicesStepsPart = islandPart('privacy-choices-steps', () =>
  import('~/features/privacy/choices-steps').then((module) => module.ChoicesSteps),
)

/** /privacy/choices: see each consent given and withdraw it (features/privacy/choices-steps.tsx). */
export default function PrivacyChoicesPage() {
  return (
    <section className="page-x max-w-xl py-10 text-slate-700 sm:py-14" aria-labelledby="choices-heading">
      <h1 id="choices-heading" className="text-3xl font-bold tracking-tight text-ink">
        Your privacy choices
      </h1>
      <p className="mt-3">
        See what you agreed to and withdraw any of it. Withdrawing stops updates, offers and newsletters; we
        still answer a request you sent us.
      </p>
      <LazyIsland part={choicesStepsPart} />
    </section>
  )
}
