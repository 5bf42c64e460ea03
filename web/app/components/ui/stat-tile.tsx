import type { ReactNode } from 'react'
import { cn } from '~/lib/class-names'

export interface StatTileProps {
  /** The figure, e.g. '250 MW' or a live counter. */
  readonly value: ReactNode
  readonly label: string
  /** `light` on white, `glass` on dark or image backgrounds, `brand` on teal. */
  readonly tone?: 'light' | 'glass' | 'brand'
  readonly className?: string
}

const tones = {
  light: {
    box: 'border border-slate-200 bg-white shadow-card',
    value: 'text-brand-700',
    label: 'text-muted',
  },
  glass: {
    box: 'border border-white/15 bg-white/10 backdrop-blur',
    value: 'text-white',
    label: 'text-slate-200',
  },
  brand: { box: 'bg-brand-700', value: 'text-white', label: 'text-brand-100' },
} as const

/** A figure with its label. The figure is read before the label, as a term and its description. */
export function StatTile({ value, label, tone = 'light', className }: StatTileProps) {
  const styles = tones[tone]
  return (
    <div className={cn('flex flex-col-reverse rounded-2xl p-4 sm:p-5', styles.box, className)}>
      <dt className={cn('mt-1 text-sm font-medium', styles.label)}>{label}</dt>
      <dd className={cn('text-2xl font-bold tracking-tight tabular-nums sm:text-3xl', styles.value)}>
        {value}
      </dd>
    </div>
  )
}
