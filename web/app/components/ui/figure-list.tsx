import type { ReactNode } from 'react'
import { cn } from '~/lib/class-names'

export interface Figure {
  readonly label: string
  /** The figure, e.g. '120+' or '40%'. */
  readonly value: ReactNode
  /** The value's style, when it differs from the list's. */
  readonly valueClassName?: string
}

export interface FigureListProps {
  readonly figures: readonly Figure[]
  /** The list's layout. */
  readonly className?: string
  /** Each figure's box, beside the stacking the list gives it. */
  readonly itemClassName?: string
  readonly labelClassName?: string
  readonly valueClassName?: string
}

/**
 * Figures with their labels as a description list: the label is the term and the figure its description,
 * and each box shows the figure above its label.
 */
export function FigureList({
  figures,
  className,
  itemClassName,
  labelClassName,
  valueClassName,
}: FigureListProps) {
  return (
    <dl className={className}>
      {figures.map((figure) => (
        <div key={figure.label} className={cn('flex flex-col-reverse', itemClassName)}>
          <dt className={labelClassName}>{figure.label}</dt>
          <dd className={figure.valueClassName ?? valueClassName}>{figure.value}</dd>
        </div>
      ))}
    </dl>
  )
}
