import type { ReactNode } from 'react'
import { cn } from '~/lib/class-names'

export interface SectionHeadingProps {
  /** The small line above the title. */
  readonly eyebrow?: string
  readonly title: ReactNode
  readonly description?: ReactNode
  /** The heading's id, for `aria-labelledby` on the section. */
  readonly id?: string
  readonly align?: 'left' | 'center'
  /** On dark sections. */
  readonly inverse?: boolean
  /** The heading level; sections of a page are h2 (the default). */
  readonly level?: 1 | 2
  readonly className?: string
}

/** The title block that opens a section: eyebrow, heading and an optional lead paragraph. */
export function SectionHeading({
  eyebrow,
  title,
  description,
  id,
  align = 'center',
  inverse = false,
  level = 2,
  className,
}: SectionHeadingProps) {
  const Heading = level === 1 ? 'h1' : 'h2'
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center', className)}>
      {eyebrow ? (
        <p
          className={cn(
            'text-sm font-semibold tracking-widest uppercase',
            inverse ? 'text-brand-300' : 'text-brand-700',
          )}
        >
          {eyebrow}
        </p>
      ) : null}
      <Heading
        id={id}
        className={cn(
          'mt-2 text-3xl font-bold tracking-tight sm:text-4xl',
          inverse ? 'text-white' : 'text-ink',
        )}
      >
        {title}
      </Heading>
      {description ? (
        <p className={cn('mt-4 text-lg', inverse ? 'text-slate-300' : 'text-muted')}>{description}</p>
      ) : null}
    </div>
  )
}
