import { Icon, type IconName } from '~/components/ui/icon'
import { cn } from '~/lib/class-names'

const tones = {
  /** On white cards. */
  light: 'bg-brand-50 text-brand-700',
  /** On tinted cards. */
  white: 'bg-white text-brand-700',
  /** On dark sections. */
  dark: 'bg-brand-500/20 text-brand-300',
} as const

export type IconBadgeTone = keyof typeof tones

/** A card's icon in a rounded square. */
export function IconBadge({
  name,
  tone = 'light',
}: {
  readonly name: IconName
  readonly tone?: IconBadgeTone | undefined
}) {
  return (
    <span className={cn('inline-flex size-11 items-center justify-center rounded-xl', tones[tone])}>
      <Icon name={name} />
    </span>
  )
}
