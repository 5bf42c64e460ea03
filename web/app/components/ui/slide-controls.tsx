import { cn } from '~/lib/class-names'
import { ShellIcon } from './shell-icons'

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
        <ShellIcon name="chevronLeft" />
      </button>
      <SlideDots
        count={count}
        selected={index}
        onSelect={onSelect}
        activeClassName={inverse ? 'bg-sun-400' : 'bg-brand-600'}
        idleClassName={inverse ? 'bg-white/40' : 'bg-slate-300'}
      />
      <button type="button" className={button} onClick={onNext} aria-label="Next slide">
        <ShellIcon name="chevronRight" />
      </button>
      {pause ? (
        <PauseButton paused={pause.paused} onToggle={pause.onToggle} label={label} className={button} />
      ) : null}
    </div>
  )
}

export interface SlideDotsProps {
  readonly count: number
  /** The shown slide's position. */
  readonly selected: number
  readonly onSelect: (index: number) => void
  /** The colour of the shown slide's dot (a wide pill). */
  readonly activeClassName: string
  /** The colour of the other dots. */
  readonly idleClassName: string
}

/** One dot per slide: a button that shows it, marked current while it is the shown one. */
export function SlideDots({ count, selected, onSelect, activeClassName, idleClassName }: SlideDotsProps) {
  return (
    <div className="flex items-center">
      {Array.from({ length: count }, (_, index) => (
        <button
          // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide
          key={index}
          type="button"
          onClick={() => onSelect(index)}
          aria-label={`Go to slide ${index + 1}`}
          aria-current={index === selected ? 'true' : undefined}
          className="group inline-flex size-8 items-center justify-center"
        >
          <span
            className={cn(
              'block h-2 rounded-full transition-all',
              index === selected ? cn('w-6', activeClassName) : cn('w-2', idleClassName),
            )}
          />
        </button>
      ))}
    </div>
  )
}

/** Pauses or resumes a rotation; its name says which, and what (`Pause <label>`, `Play <label>`). */
export function PauseButton({
  paused,
  onToggle,
  label,
  className,
}: {
  readonly paused: boolean
  readonly onToggle: () => void
  readonly label: string
  readonly className: string
}) {
  return (
    <button
      type="button"
      className={className}
      onClick={onToggle}
      aria-label={paused ? `Play ${label}` : `Pause ${label}`}
    >
      <ShellIcon name={paused ? 'play' : 'pause'} className="size-4" />
    </button>
  )
}
