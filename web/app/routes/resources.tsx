import { type CategoryFilter, filterResources, normaliseResource } from '@core/listing'
import { useEffect, useId, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '~/components/button'
import { Card } from '~/components/ui/card'
import { Icon } from '~/components/ui/icon'
import { PageSection } from '~/components/ui/page-section'
import { sitePage } from '~/content/public-pages'
import { ResourceCard } from '~/features/resources/components/resource-card'
import {
  categoryChips,
  defaultResourceAuthor,
  popularCategories,
  resourcesPage,
  resourcesPageSize,
  sampleResources,
} from '~/features/resources/content'
import { cn } from '~/lib/class-names'
import { useServerList } from '~/lib/hooks/use-server-list'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/resources'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/resources'))

const normalise = (item: unknown, position: number) =>
  normaliseResource(item, position, { author: defaultResourceAuthor })

const knownCategory = (value: string | null): CategoryFilter =>
  categoryChips.some((chip) => chip.value === value) ? (value as CategoryFilter) : 'all'

/**
 * /resources: search, category chips with their fixed counts, popular categories, the
 * masonry list (eight samples until GET /api/resources answers a non-empty array, or an empty one once the
 * company has published its own) and Load More Resources, which shows the next loaded items and then the
 * server's next page; disabled, with a line saying so, once everything is shown.
 * The category is in the URL (`?category=case-studies`), so other pages can link to a filtered list.
 */
export default function ResourcesPage() {
  const list = useServerList('resources', sampleResources, normalise)
  const resources = list.items
  const [searchParams, setSearchParams] = useSearchParams()
  // The page is prerendered without a query: the category is read after hydration.
  const [category, setCategory] = useState<CategoryFilter>('all')
  useEffect(() => setCategory(knownCategory(searchParams.get('category'))), [searchParams])
  const [search, setSearch] = useState('')
  const [shown, setShown] = useState(resourcesPageSize)
  const searchId = useId()

  const matching = filterResources(resources, search, category)
  const visible = matching.slice(0, shown)
  // More to show: loaded items beyond those on the page, or the server's next page.
  const moreLoaded = visible.length < matching.length
  const canLoadMore = moreLoaded || list.more
  const loadMore = () => {
    if (!moreLoaded) list.loadMore()
    setShown((count) => count + resourcesPageSize)
  }

  const chooseCategory = (value: CategoryFilter) => {
    setCategory(value)
    setShown(resourcesPageSize)
    setSearchParams(value === 'all' ? {} : { category: value }, { replace: true, preventScrollReset: true })
  }
  const clear = () => {
    setSearch('')
    chooseCategory('all')
  }

  return (
    <>
      <section aria-labelledby="page-title" className="relative isolate overflow-hidden bg-night text-white">
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top,rgb(14_165_163/0.45),transparent_65%)]"
        />
        <div className="page-x py-14 text-center sm:py-20">
          <p className="text-sm font-semibold tracking-widest text-brand-300 uppercase">
            {resourcesPage.eyebrow}
          </p>
          <h1 id="page-title" className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">
            {resourcesPage.title}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-300">{resourcesPage.intro}</p>
          <search className="mx-auto mt-8 block max-w-xl">
            <label htmlFor={searchId} className="sr-only">
              {resourcesPage.searchLabel}
            </label>
            <div className="relative">
              <Icon
                name="search"
                className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-slate-500"
              />
              <input
                id={searchId}
                type="search"
                value={search}
                onChange={(event) => {
                  setSearch(event.target.value)
                  setShown(resourcesPageSize)
                }}
                placeholder={resourcesPage.searchPlaceholder}
                autoComplete="off"
                className="h-14 w-full rounded-xl border border-white/20 bg-white pr-4 pl-12 text-base text-ink shadow-lg placeholder:text-slate-500 focus:outline-2 focus:outline-offset-2 focus:outline-brand-300"
              />
            </div>
          </search>
        </div>
      </section>

      <PageSection
        headingId="popular-heading"
        eyebrow="Browse"
        title={resourcesPage.popularHeading}
        className="bg-slate-50"
      >
        <ul className="mt-10 grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
          {popularCategories.map((popular) => {
            const chip = categoryChips.find((candidate) => candidate.value === popular.category)
            return (
              <Card as="li" tone="raised" key={popular.title} className="relative p-4 sm:p-6">
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon name={popular.icon} />
                </span>
                <h3 className="mt-3 text-base font-semibold text-ink sm:mt-4 sm:text-lg">
                  <button
                    type="button"
                    onClick={() => {
                      chooseCategory(popular.category)
                      document.getElementById('resource-list')?.scrollIntoView({ block: 'start' })
                    }}
                    className="text-left after:absolute after:inset-0 after:rounded-card focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-brand-700"
                  >
                    {popular.title}
                  </button>
                </h3>
                <p className="mt-2 hidden text-sm text-muted sm:block">{popular.text}</p>
                {chip ? (
                  <p className="mt-3 text-sm font-semibold text-brand-800">{chip.count} resources</p>
                ) : null}
              </Card>
            )
          })}
        </ul>
      </PageSection>

      <PageSection
        id="resource-list"
        headingId="list-heading"
        eyebrow="Library"
        title={resourcesPage.listHeading}
        className="scroll-mt-20"
      >
        <fieldset className="mt-8 flex flex-wrap justify-center gap-2">
          <legend className="sr-only">{resourcesPage.chipsLabel}</legend>
          {categoryChips.map((chip) => {
            const selected = chip.value === category
            return (
              <button
                key={chip.value}
                type="button"
                aria-pressed={selected}
                onClick={() => chooseCategory(chip.value)}
                className={cn(
                  'inline-flex h-10 items-center gap-2 rounded-full border px-4 text-sm font-semibold transition-colors',
                  selected
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 bg-white text-slate-700 hover:border-brand-600 hover:text-brand-800',
                )}
              >
                {chip.label}
                <span
                  className={cn(
                    'rounded-full px-2 py-0.5 text-xs',
                    selected ? 'bg-brand-900 text-white' : 'bg-slate-100 text-slate-700',
                  )}
                >
                  {chip.count}
                </span>
              </button>
            )
          })}
        </fieldset>

        <p aria-live="polite" className="sr-only">
          {matching.length === 1
            ? '1 resource shown'
            : `${Math.min(shown, matching.length)} of ${matching.length} resources shown`}
        </p>

        {resources.length === 0 ? (
          <p className="mx-auto mt-12 max-w-md text-center text-lg font-semibold text-ink">
            {resourcesPage.empty}
          </p>
        ) : matching.length === 0 ? (
          <div className="mx-auto mt-12 max-w-md text-center">
            <p className="text-lg font-semibold text-ink">{resourcesPage.noMatch}</p>
            <Button variant="outline" className="mt-4" onClick={clear}>
              {resourcesPage.clearFilters}
            </Button>
          </div>
        ) : (
          <div className="mt-10 columns-1 gap-6 sm:columns-2 lg:columns-3">
            {visible.map((resource) => (
              <ResourceCard key={resource.id} resource={resource} />
            ))}
          </div>
        )}

        {matching.length > 0 || list.more ? (
          <div className="mt-4 flex flex-col items-center gap-2 text-center">
            {/* Disabled rather than hidden once everything is shown, with the reason beside it. */}
            <Button
              variant="outline"
              size="lg"
              disabled={!canLoadMore || list.loading}
              aria-busy={list.loading}
              onClick={loadMore}
            >
              {resourcesPage.loadMore}
            </Button>
            {canLoadMore ? null : <p className="text-sm text-muted">{resourcesPage.endOfList}</p>}
          </div>
        ) : null}
      </PageSection>
    </>
  )
}
