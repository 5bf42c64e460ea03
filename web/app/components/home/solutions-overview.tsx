import { Link } from 'react-router'
import { buttonVariants } from '~/components/button'
import { Card } from '~/components/ui/card'
import { CheckList } from '~/components/ui/check-list'
import { Icon } from '~/components/ui/icon'
import { Illustration } from '~/components/ui/illustration'
import { PageSection } from '~/components/ui/page-section'
import { solutionsOverview } from '~/content/home-sections'

/** The solutions overview (anchor id `solutions`): three offers and the consultation banner. */
export function SolutionsOverview() {
  return (
    <PageSection
      id="solutions"
      headingId="solutions-heading"
      eyebrow={solutionsOverview.eyebrow}
      title={solutionsOverview.heading}
      description={solutionsOverview.description}
    >
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {solutionsOverview.offers.map((offer) => (
          <Card as="li" tone="raised" key={offer.title} className="flex flex-col overflow-hidden">
            <Illustration
              src={offer.image.src}
              alt={offer.image.alt}
              className="aspect-[16/10] h-auto w-full object-cover"
            />
            <div className="flex flex-1 flex-col p-6">
              <span className="-mt-12 mb-4 inline-flex size-12 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-lg ring-4 ring-white">
                <Icon name={offer.icon} className="size-6" />
              </span>
              <h3 className="text-xl font-bold text-ink">{offer.title}</h3>
              <p className="mt-2 text-muted">{offer.description}</p>
              <CheckList items={offer.features} className="mt-4 flex flex-col gap-2 text-sm text-ink" />
              <Link
                to={offer.to}
                className={buttonVariants({ variant: 'outline', className: 'mt-6 self-start' })}
              >
                {solutionsOverview.learnMore}
                {/* Says where the link goes to screen readers and search engines alike. */}
                <span className="sr-only"> about {offer.title}</span>
                <Icon name="arrowRight" className="size-4" />
              </Link>
            </div>
          </Card>
        ))}
      </ul>
      <div className="mt-12 flex flex-col items-start justify-between gap-6 rounded-card bg-gradient-to-r from-brand-700 to-brand-600 p-8 text-white shadow-lift md:flex-row md:items-center md:p-10">
        <div className="max-w-2xl">
          <h3 className="text-2xl font-bold">{solutionsOverview.banner.heading}</h3>
          <p className="mt-2 text-brand-50">{solutionsOverview.banner.text}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Link
            to={solutionsOverview.banner.primary.to}
            className={buttonVariants({ variant: 'accent', size: 'lg' })}
          >
            <Icon name="calendar" className="size-4" />
            {solutionsOverview.banner.primary.label}
          </Link>
          <Link
            to={solutionsOverview.banner.secondary.to}
            className={buttonVariants({ variant: 'inverse-outline', size: 'lg' })}
          >
            <Icon name="download" className="size-4" />
            {solutionsOverview.banner.secondary.label}
          </Link>
        </div>
      </div>
    </PageSection>
  )
}
