import type { ReactNode } from 'react'
import { Card, type CardProps } from '~/components/ui/card'
import type { IconName } from '~/components/ui/icon'
import { IconBadge, type IconBadgeTone } from '~/components/ui/icon-badge'
import { cn } from '~/lib/class-names'

export interface IconCardProps {
  readonly icon?: IconName | undefined
  readonly title: string
  readonly text?: string | undefined
  readonly tone?: CardProps['tone']
  readonly badgeTone?: IconBadgeTone
  /** A looser line height for the text, for the longer ones. */
  readonly relaxed?: boolean
  /** Added to the card's padding (a column layout for a card with a link at its foot). */
  readonly className?: string
  /** What follows the text: a list, a link. */
  readonly children?: ReactNode
}

/** A list item card: an icon, a title and a short text (values, features, benefits). */
export function IconCard({
  icon,
  title,
  text,
  tone,
  badgeTone,
  relaxed = false,
  className,
  children,
}: IconCardProps) {
  return (
    <Card as="li" tone={tone} className={cn(className, 'p-6')}>
      {icon ? <IconBadge name={icon} tone={badgeTone} /> : null}
      <h3 className="mt-4 text-lg font-semibold text-ink">{title}</h3>
      {text ? <p className={cn('mt-2 text-sm', relaxed && 'leading-relaxed', 'text-muted')}>{text}</p> : null}
      {children}
    </Card>
  )
}
