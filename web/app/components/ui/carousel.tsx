import useEmblaCarousel from 'embla-carousel-react'
import { type ReactNode, useEffect, useState } from 'react'
import { cn } from '~/lib/class-names'
import { usePrefersReducedMotion } from '~/lib/hooks/use-reduced-motion'
import { usePauseControl } from '~/lib/hooks/use-rotation'
import { Icon } from './icon'
import { PauseButton, SlideDots } from './slide-controls'

export interface CarouselProps {
  /** Names the carousel for screen readers, e.g. 'Success stories'. */
  readonly label: string
  readonly slides: readonly ReactNode[]
  /** Advance by itself every so many milliseconds (spec: case studies 5000). Leave out for manual only. */
  readonly autoplayMs?: number
  /** Start again after the last slide. */
  readonly loop?: boolean
  /** Classes of each slide: its width (`basis-full`, `w-96`…) and the gap to the next (`pr-10`…). */
  readonly slideClassName?: string
  readonly showDots?: boolean
  readonly showArrows?: boolean
  /** Where the arrows go: on the sides of the slides, or in the control row under them. */
  readonly arrowPlacement?: 'sides' | 'below'
  /** On a dark background. */
  readonly inverse?: boolean
  readonly className?: string
}

/**
 * A swipeable carousel (embla) with previous/next buttons, dots and optional autoplay that pauses on hover,
 * on keyboard focus, with its pause button, and for `prefers-reduced-motion`. Every slide is in the
 * prerendered HTML, laid out in a row, so nothing moves when the script arrives.
 *
 * Only pages that render one import embla (it is in their route chunk, not in the shared bundle).
 */
export function Carousel({
  label,
  slides,
  autoplayMs,
  loop = false,
  slideClassName = 'basis-full',
  showDots = true,
  showArrows = true,
  arrowPlacement = 'below',
  inverse = false,
  className,
}: CarouselProps) {
  const [viewportRef, api] = useEmblaCarousel({ loop, align: 'start', containScroll: 'trimSnaps' })
  const [selected, setSelected] = useState(0)
  const [snapCount, setSnapCount] = useState(slides.length)
  const [canPrevious, setCanPrevious] = useState(loop)
  const [canNext, setCanNext] = useState(loop || slides.length > 1)
  const pause = usePauseControl()
  const reducedMotion = usePrefersReducedMotion()
  const autoplay = autoplayMs !== undefined && slides.length > 1
  const running = autoplay && !pause.paused && !reducedMotion

  useEffect(() => {
    if (!api) return
    const onSelect = () => {
      setSelected(api.selectedScrollSnap())
      setCanPrevious(api.canScrollPrev())
      setCanNext(api.canScrollNext())
    }
    const onReInit = () => {
      setSnapCount(api.scrollSnapList().length)
      onSelect()
    }
    onReInit()
    api.on('select', onSelect).on('reInit', onReInit)
    return () => {
      api.off('select', onSelect).off('reInit', onReInit)
    }
  }, [api])

  // One timeout per shown slide, so a slide chosen by hand also gets its full time.
  useEffect(() => {
    if (!running || !api) return
    void selected
    const timer = setTimeout(() => {
      if (api.canScrollNext()) api.scrollNext()
      else api.scrollTo(0)
    }, autoplayMs)
    return () => clearTimeout(timer)
  }, [running, api, selected, autoplayMs])

  const controlClasses = cn(
    'inline-flex size-10 items-center justify-center rounded-full border transition-colors disabled:opacity-40',
    inverse
      ? 'border-white/30 text-white hover:bg-white/10'
      : 'border-slate-300 bg-white text-slate-700 shadow-sm hover:border-brand-600 hover:text-brand-700',
  )
  const previousButton = (
    <button
      type="button"
      className={controlClasses}
      onClick={() => api?.scrollPrev()}
      disabled={!canPrevious}
      aria-label="Previous slide"
    >
      <Icon name="chevronLeft" />
    </button>
  )
  const nextButton = (
    <button
      type="button"
      className={controlClasses}
      onClick={() => api?.scrollNext()}
      disabled={!canNext}
      aria-label="Next slide"
    >
      <Icon name="chevronRight" />
    </button>
  )

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={cn('relative', className)}
      {...pause.handlers}
    >
      <div className="relative">
        <div ref={viewportRef} className="overflow-hidden">
          <div className="flex touch-pan-y" aria-live={running ? 'off' : 'polite'}>
            {slides.map((slide, index) => (
              // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's slide is a group
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: slides are a fixed list in a fixed order
                key={index}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${slides.length}`}
                className={cn('min-w-0 shrink-0 grow-0', slideClassName)}
              >
                {slide}
              </div>
            ))}
          </div>
        </div>
        {showArrows && arrowPlacement === 'sides' ? (
          <>
            <div className="absolute top-1/2 left-2 -translate-y-1/2">{previousButton}</div>
            <div className="absolute top-1/2 right-2 -translate-y-1/2">{nextButton}</div>
          </>
        ) : null}
      </div>
      <div className="mt-6 flex items-center justify-center gap-3">
        {showArrows && arrowPlacement === 'below' ? previousButton : null}
        {showDots && snapCount > 1 ? (
          <SlideDots
            count={snapCount}
            selected={selected}
            onSelect={(index) => api?.scrollTo(index)}
            activeClassName={inverse ? 'bg-white' : 'bg-brand-600'}
            idleClassName={inverse ? 'bg-white/40' : 'bg-slate-300 group-hover:bg-slate-400'}
          />
        ) : null}
        {showArrows && arrowPlacement === 'below' ? nextButton : null}
        {autoplay && !reducedMotion ? (
          <PauseButton
            paused={pause.pausedByUser}
            onToggle={pause.togglePaused}
            label={label}
            className={controlClasses}
          />
        ) : null}
      </div>
    </section>
  )
}
