import { islandPart, LazyIsland } from '~/components/lazy-island'
import { sitePage } from '~/content/public-pages'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/privacy-request'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/privacy/request'))

/** The steps: their code loads after the page has painted (a lazy island), so the first load stays small. */
export const requestStepsPart = islandPart('privacy-request-steps', () =>
  import('~/features/privacy/request-steps').then((module) => module.RequestSteps),
)

/** /privacy/request: ask for a summary of one's data, a correction, erasure or a nomination (the rights desk). */
export default function PrivacyRequestPage() {
  return (
    <section className="page-x max-w-xl py-10 text-slate-700 sm:py-14" aria-labelledby="request-heading">
      <h1 id="request-heading" className="text-3xl font-bold tracking-tight text-ink">
        Ask about your data
      </h1>
      <p className="mt-3">
        Ask for a summary of the data we hold about you and whom we shared it with, have it corrected or
        erased, or nominate someone to act for you. We check it is you with a code sent to your e-mail.
      </p>
      <LazyIsland part={requestStepsPart} />
    </section>
  )
}
