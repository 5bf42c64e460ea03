import type { ReactNode } from 'react'
import { SectionHeading } from '~/components/ui/section-heading'
import { cn } from '~/lib/class-names'

export interface PageSectionProps {
  /** The section's anchor, for links to it (`#open-positions`). */
  readonly id?: string
  /** The heading's id; the section is labelled by its heading. */
  readonly headingId: string
  readonly eyebrow?: string
  readonly title: ReactNode
  readonly description?: ReactNode
  /** Added to the section's vertical spacing: a background, a scroll margin. */
  readonly className?: string
  /** Added to the content column's page margins: a narrower column. */
  readonly innerClassName?: string
  /** What follows the heading. */
  readonly children: ReactNode
}

/** A section of a page: the content column, opened by a centred heading that names the section. */
export function PageSection({
  id,
  headingId,
  eyebrow,
  title,
  description,
  className,
  innerClassName,
  children,
}: PageSectionProps) {
  return (
    <section id={id} aria-labelledby={headingId} className={cn('section-y', className)}>
      <div className={cn('page-x', innerClassName)}>
        <SectionHeading id={headingId} eyebrow={eyebrow} title={title} description={description} />
        {children}
      </div>
    </section>
  )
}
