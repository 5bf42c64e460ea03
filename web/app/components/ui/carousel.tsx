import type { EmblaCarouselType, EmblaOptionsType } from 'embla-carousel'
import { type ReactNode, type RefObject, useCallback, useEffect, useRef, useState } from 'react'
import { cn } from '~/lib/class-names'
import { usePrefersReducedMotion } from '~/lib/hooks/use-reduced-motion'
import { usePauseControl } from '~/lib/hooks/use-rotation'
import { ShellIcon } from './shell-icons'
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

/** How far below the viewport a carousel starts loading embla, so it is ready when scrolled to. */
const emblaLoadMargin = '200px'

/**
 * embla on `viewport`, loaded once the carousel comes near the viewport or a control is pressed, not with
 * the page: embla is ~10 KB gzip that the first paint and hydration of / and /about do not need (the slides
 * are in the prerendered row already). `run` applies a press made before embla has arrived once it has.
 */
function useLazyEmbla(
  viewport: RefObject<HTMLDivElement | null>,
  options: EmblaOptionsType,
): { api: EmblaCarouselType | undefined; run: (action: (api: EmblaCarouselType) => void) => void } {
  const [api, setApi] = useState<EmblaCarouselType>()
  const [wanted, setWanted] = useState(false)
  const pending = useRef<((api: EmblaCarouselType) => void)[]>([])
  const { loop, align, containScroll } = options

  useEffect(() => {
    const element = viewport.current
    if (wanted || !element) return
    if (typeof IntersectionObserver === 'undefined') {
      setWanted(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setWanted(true)
      },
      { rootMargin: emblaLoadMargin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [viewport, wanted])

  useEffect(() => {
    const element = viewport.current
    if (!wanted || !element) return
    let carousel: EmblaCarouselType | undefined
    let stopped = false
    void import('embla-carousel').then(({ default: EmblaCarousel }) => {
      if (stopped) return
      carousel = EmblaCarousel(element, { loop, align, containScroll })
      for (const action of pending.current.splice(0)) action(carousel)
      setApi(carousel)
    })
    return () => {
      stopped = true
      carousel?.destroy()
      setApi(undefined)
    }
  }, [viewport, wanted, loop, align, containScroll])

  const run = useCallback(
    (action: (api: EmblaCarouselType) => void) => {
      if (api) action(api)
      else {
        pending.current.push(action)
        setWanted(true)
      }
    },
    [api],
  )
  return { api, run }
}

/**
 * A swipeable carousel (embla) with previous/next buttons, dots and optional autoplay that pauses on hover,
 * on keyboard focus, with its pause button, and for `prefers-reduced-motion`. Every slide is in the
 * prerendered HTML, laid out in a row, so nothing moves when the script arrives.
 *
 * embla itself is loaded when the carousel nears the viewport (useLazyEmbla), not in any page's first load.
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
  const viewportRef = useRef<HTMLDivElement>(null)
  const { api, run } = useLazyEmbla(viewportRef, { loop, align: 'start', containScroll: 'trimSnaps' })
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
      onClick={() => run((carousel) => carousel.scrollPrev())}
      disabled={!canPrevious}
      aria-label="Previous slide"
    >
      <ShellIcon name="chevronLeft" />
    </button>
  )
  const nextButton = (
    <button
      type="button"
      className={controlClasses}
      onClick={() => run((carousel) => carousel.scrollNext())}
      disabled={!canNext}
      aria-label="Next slide"
    >
      <ShellIcon name="chevronRight" />
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
            onSelect={(index) => run((carousel) => carousel.scrollTo(index))}
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
