import { cn } from '~/lib/class-names'
import { Icon } from './icon'

export interface SlideControlsProps {
  /** Names what is controlled, e.g. 'Highlights'. */
  readonly label: string
  readonly count: number
  readonly index: number
  readonly onSelect: (index: number) => void
  readonly onPrevious: () => void
  readonly onNext: () => void
  /** Shown when the slides advance by themselves (not with reduced motion). */
  readonly pause?: { readonly paused: boolean; readonly onToggle: () => void }
  readonly inverse?: boolean
  readonly className?: string
}

/** Previous, dots, next and pause for slides that rotate through `useRotation` (the heroes). */
export function SlideControls({
  label,
  count,
  index,
  onSelect,
  onPrevious,
  onNext,
  pause,
  inverse = true,
  className,
}: SlideControlsProps) {
  const button = cn(
    'inline-flex size-10 items-center justify-center rounded-full border transition-colors',
    inverse
      ? 'border-white/25 text-white hover:bg-white/10'
      : 'border-slate-300 bg-white text-slate-700 hover:border-brand-600',
  )
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <button type="button" className={button} onClick={onPrevious} aria-label="Previous slide">
        <Icon name="chevronLeft" />
      </button>
      <div className="flex items-center">
        {Array.from({ length: count }, (_, dot) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide
            key={dot}
            type="button"
            onClick={() => onSelect(dot)}
            aria-label={`Go to slide ${dot + 1}`}
            aria-current={dot === index ? 'true' : undefined}
            className="inline-flex size-8 items-center justify-center"
          >
            <span
              className={cn(
                'block h-2 rounded-full transition-all',
                dot === index
                  ? cn('w-6', inverse ? 'bg-sun-400' : 'bg-brand-600')
                  : cn('w-2', inverse ? 'bg-white/40' : 'bg-slate-300'),
              )}
            />
          </button>
        ))}
      </div>
      <button type="button" className={button} onClick={onNext} aria-label="Next slide">
        <Icon name="chevronRight" />
      </button>
      {pause ? (
        <button
          type="button"
          className={button}
          onClick={pause.onToggle}
          aria-label={pause.paused ? `Play ${label}` : `Pause ${label}`}
        >
          <Icon name={pause.paused ? 'play' : 'pause'} className="size-4" />
        </button>
      ) : null}
    </div>
  )
}
