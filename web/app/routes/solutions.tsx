import { Link } from 'react-router'
import { FloatingWidgets } from '~/components/floating-widgets'
import { PageHero } from '~/components/solutions/page-hero'
import { StaticSection } from '~/components/static-section'
import { Card } from '~/components/ui/card'
import { CheckList } from '~/components/ui/check-list'
import { FigureList } from '~/components/ui/figure-list'
import { IconBadge } from '~/components/ui/icon-badge'
import { Illustration } from '~/components/ui/illustration'
import { ShellIcon } from '~/components/ui/shell-icons'
import { actionButton } from '~/content/actions'
import { sitePage } from '~/content/public-pages'
import { projectsAndSavings } from '~/content/solutions'
import { solutionsOverview } from '~/content/solutions/overview'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/solutions'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/solutions'))

/**
 * /solutions: four category cards with figures, features and a case-study line, a static island (never
 * hydrated); the hero and the floating widgets hydrate.
 */
export default function SolutionsPage() {
  return (
    <>
      <PageHero
        eyebrow={solutionsOverview.eyebrow}
        title={solutionsOverview.title}
        intro={solutionsOverview.intro}
        actions={[
          actionButton('Request a Quote'),
          { ...actionButton('Schedule Consultation'), variant: 'outline' },
        ]}
        aside="/images/city-grid.svg"
      />
      <StaticSection name="solutions-categories">
        <section aria-labelledby="categories-heading" className="section-y">
          <div className="page-x">
            <h2 id="categories-heading" className="sr-only">
              Solution categories
            </h2>
            <ul className="grid gap-6 md:grid-cols-2">
              {solutionsOverview.categories.map((category) => (
                <Card as="li" tone="raised" key={category.title} className="flex flex-col overflow-hidden">
                  <Illustration src={category.image} className="h-44 w-full bg-brand-50 object-cover" />
                  <div className="flex flex-1 flex-col p-6">
                    <div className="flex items-center gap-3">
                      <IconBadge name={category.icon} />
                      <h3 className="text-xl font-bold text-ink">{category.title}</h3>
                    </div>
                    <p className="mt-3 text-muted">{category.text}</p>
                    <FigureList
                      figures={projectsAndSavings(category)}
                      className="mt-4 grid grid-cols-2 gap-3"
                      itemClassName="rounded-xl bg-slate-50 p-3"
                      labelClassName="text-xs text-muted"
                      valueClassName="text-2xl font-bold text-brand-700"
                    />
                    <CheckList
                      items={category.features}
                      className="mt-4 grid gap-2 text-sm text-slate-700 sm:grid-cols-2"
                    />
                    <p className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
                      {category.caseStudy}
                    </p>
                    <Link
                      to={category.to}
                      className="mt-auto inline-flex items-center gap-1 pt-5 font-semibold text-brand-700 hover:text-brand-900"
                    >
                      Explore {category.title} <ShellIcon name="arrowRight" className="size-4" />
                    </Link>
                  </div>
                </Card>
              ))}
            </ul>
          </div>
        </section>
      </StaticSection>
      <FloatingWidgets />
    </>
  )
}
