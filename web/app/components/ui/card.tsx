import type { HTMLAttributes } from 'react'
import { cn } from '~/lib/class-names'

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element to render: a plain box, a list item or an article. */
  readonly as?: 'div' | 'li' | 'article' | 'section'
  /** `raised` lifts a little on hover, for cards that lead somewhere. */
  readonly tone?: 'plain' | 'raised' | 'tinted'
}

const tones = {
  plain: 'border border-slate-200 bg-white shadow-card',
  raised: 'border border-slate-200 bg-white shadow-card transition-shadow hover:shadow-lift',
  tinted: 'border border-brand-100 bg-brand-50/60',
} as const

/** A rounded surface for grouped content. Padding is the caller's (`p-6` is the usual). */
export function Card({ as: Element = 'div', tone = 'plain', className, ...props }: CardProps) {
  return <Element className={cn('rounded-card', tones[tone], className)} {...props} />
}
