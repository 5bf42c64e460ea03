import { Card } from '~/components/ui/card'
import { Carousel } from '~/components/ui/carousel'
import { Icon } from '~/components/ui/icon'
import { PageSection } from '~/components/ui/page-section'
import { certifications } from '~/content/about'

/** The about page's certifications carousel. */
export function Certifications() {
  return (
    <PageSection
      headingId="certifications-heading"
      eyebrow={certifications.eyebrow}
      title={certifications.heading}
      description={certifications.description}
      className="overflow-hidden"
    >
      {/* Each slide is 424 px (a 384 px card and a 40 px gap), so previous/next move by 424 px. */}
      <Carousel
        className="mt-12"
        label="Certifications"
        showDots={false}
        slideClassName="w-[85%] pr-4 sm:w-[424px] sm:pr-10"
        slides={certifications.items.map((item) => (
          <Card key={item.name} className="flex h-full flex-col p-6 sm:w-96">
            <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-sun-100 text-sun-700">
              <Icon name="award" className="size-6" />
            </span>
            <h3 className="mt-4 text-lg font-bold text-ink">{item.name}</h3>
            <p className="text-sm font-medium text-brand-700">{item.issuer}</p>
            <p className="mt-3 text-sm leading-relaxed text-muted">{item.text}</p>
          </Card>
        ))}
      />
    </PageSection>
  )
}
