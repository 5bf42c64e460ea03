import { Link } from 'react-router'
import { StaticSection } from '~/components/static-section'
import { Card } from '~/components/ui/card'
import { CheckList } from '~/components/ui/check-list'
import { IconCard } from '~/components/ui/icon-card'
import { PageSection } from '~/components/ui/page-section'
import { ShellIcon } from '~/components/ui/shell-icons'
import type { InfoItem, InfoPage, InfoSection } from '~/content/solutions'
import { cn } from '~/lib/class-names'
import { PageHero } from './page-hero'
import { PageLinkButton } from './page-link'

function ItemCard({ item }: { item: InfoItem }) {
  return (
    <IconCard
      icon={item.icon}
      title={item.title}
      text={item.text}
      tone={item.to ? 'raised' : 'plain'}
      relaxed
      className="flex flex-col"
    >
      {item.features ? (
        <CheckList items={item.features} className="mt-4 space-y-2 text-sm text-slate-700" />
      ) : null}
      {item.to ? (
        <Link
          to={item.to}
          className="mt-auto inline-flex items-center gap-1 pt-5 text-sm font-semibold text-brand-700 hover:text-brand-900"
        >
          Learn More <span className="sr-only">about {item.title}</span>
          <ShellIcon name="arrowRight" className="size-4" />
        </Link>
      ) : null}
    </IconCard>
  )
}

/** One section of an info page: cards, a checklist or numbered steps. */
export function InfoSectionView({ section, shaded }: { section: InfoSection; shaded: boolean }) {
  const headingId = `${section.id}-heading`
  return (
    <PageSection
      id={section.id}
      headingId={headingId}
      eyebrow={section.eyebrow}
      title={section.heading}
      description={section.description}
      className={cn('scroll-mt-20', shaded && 'bg-slate-50')}
    >
      {section.kind === 'cards' ? (
        <ul
          className={cn(
            'mt-12 grid gap-5 sm:grid-cols-2',
            section.items.length % 3 === 0 || section.items.length === 5
              ? 'lg:grid-cols-3'
              : 'lg:grid-cols-4',
            section.items.length === 2 && 'lg:grid-cols-2',
          )}
        >
          {section.items.map((item) => (
            <ItemCard key={item.title} item={item} />
          ))}
        </ul>
      ) : section.kind === 'steps' ? (
        <ol className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {section.items.map((item, index) => (
            <Card as="li" key={item.title} className="p-6">
              <span className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 font-bold text-white">
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-ink">{item.title}</h3>
              {item.text ? <p className="mt-2 text-sm text-muted">{item.text}</p> : null}
            </Card>
          ))}
        </ol>
      ) : (
        <ul className="mx-auto mt-10 grid max-w-3xl gap-3">
          {section.items.map((item) => (
            <Card as="li" tone="tinted" key={item.title} className="flex gap-3 p-4">
              <ShellIcon name="check" className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <span className="font-medium text-ink">{item.title}</span>
            </Card>
          ))}
        </ul>
      )}
    </PageSection>
  )
}

/**
 * A whole solutions/services page from its content: hero, sections, closing call to action. The sections
 * are a static island (never hydrated); the hero and the closing links (in-page scrolling) hydrate.
 */
export function InfoPageView({ page }: { page: InfoPage }) {
  return (
    <>
      <PageHero
        back={page.back}
        eyebrow={page.eyebrow}
        title={page.title}
        intro={page.intro}
        actions={page.actions}
        stats={page.stats}
        aside={page.image}
      />
      <StaticSection name={`info-sections-${page.title}`}>
        {page.sections.map((section, index) => (
          <InfoSectionView key={section.id} section={section} shaded={index % 2 === 1} />
        ))}
      </StaticSection>
      {page.closing ? (
        <section aria-labelledby="closing-heading" className="section-y bg-brand-800 text-white">
          <div className="page-x text-center">
            <h2 id="closing-heading" className="text-3xl font-bold">
              {page.closing.heading}
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-white">{page.closing.text}</p>
            <div className="mt-8 flex flex-wrap justify-center gap-3">
              {page.closing.actions.map((link) => (
                <PageLinkButton key={link.label} link={link} inverse />
              ))}
            </div>
          </div>
        </section>
      ) : null}
    </>
  )
}
