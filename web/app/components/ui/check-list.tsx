import { ShellIcon } from '~/components/ui/shell-icons'

export interface CheckListProps {
  readonly items: readonly string[]
  /** The list's spacing, layout and text style. */
  readonly className?: string
  /** `brand` for lists on white, `deep` for lists on tinted cards. */
  readonly tone?: 'brand' | 'deep'
}

const checkTones = {
  brand: 'mt-0.5 size-4 text-brand-600',
  deep: 'mt-0.5 size-4 text-brand-700',
} as const

/** Features, results or benefits, each line after a check mark. */
export function CheckList({ items, className, tone = 'brand' }: CheckListProps) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-2">
          <ShellIcon name="check" className={checkTones[tone]} />
          {item}
        </li>
      ))}
    </ul>
  )
}
