import { type ReactNode, useState } from 'react'
import { StaticSection } from '~/components/static-section'
import { Particles } from '~/components/ui/particles'
import { SlideControls } from '~/components/ui/slide-controls'
import { VideoModal } from '~/components/ui/video-modal'
import type { VideoSource } from '~/content/company'
import { cn } from '~/lib/class-names'
import { usePrefersReducedMotion } from '~/lib/hooks/use-reduced-motion'
import { usePauseControl, useRotation } from '~/lib/hooks/use-rotation'

/** What a hero's layout gets to place: the slide stack, the controls, the video button's handler. */
export interface HeroCarouselParts {
  /** The shown slide's position. */
  readonly index: number
  /** True while the rotation is paused (hover, focus, the pause button): a second rotation follows it. */
  readonly paused: boolean
  /** Every slide, stacked in one grid cell (the tallest sets the height, so nothing shifts on a change). */
  readonly slides: ReactNode
  /** Dots, previous/next and the pause button (none under `prefers-reduced-motion`, which never rotates). */
  readonly controls: ReactNode
  /** Opens the hero's video. */
  readonly openVideo: () => void
}

export interface HeroCarouselProps<Slide extends { readonly id: string }> {
  /** Names the carousel and its controls for screen readers. */
  readonly label: string
  readonly slides: readonly Slide[]
  /** The rotation's period in milliseconds. */
  readonly intervalMs: number
  readonly renderSlide: (slide: Slide) => ReactNode
  /** Classes of the slide stack (its margin in the layout). */
  readonly slidesClassName?: string
  /** The background's gradient classes. */
  readonly backdropClassName: string
  readonly particles: { readonly count: number; readonly seed?: number }
  readonly video: VideoSource
  /** Lays out the parts inside the section. */
  readonly children: (parts: HeroCarouselParts) => ReactNode
}

/**
 * The dark hero of the home and about pages: an ARIA carousel whose slides crossfade on a timer that pauses
 * on hover, on keyboard focus and with its pause button, over a gradient and the particle layer, with a video
 * in a modal. Each page lays out the parts its own way.
 */
export function HeroCarousel<Slide extends { readonly id: string }>({
  label,
  slides,
  intervalMs,
  renderSlide,
  slidesClassName,
  backdropClassName,
  particles,
  video,
  children,
}: HeroCarouselProps<Slide>) {
  const pause = usePauseControl()
  const reducedMotion = usePrefersReducedMotion()
  const rotation = useRotation(slides.length, intervalMs, { paused: pause.paused })
  const [videoOpen, setVideoOpen] = useState(false)

  const stack = (
    <div className={cn('grid', slidesClassName)}>
      {slides.map((slide, index) => {
        const active = index === rotation.index
        return (
          // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's slide is a group
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            aria-hidden={!active}
            inert={!active}
            data-active={active || undefined}
            className={cn(
              'col-start-1 row-start-1 transition-opacity duration-700',
              active ? 'opacity-100' : 'opacity-0',
            )}
          >
            {renderSlide(slide)}
          </div>
        )
      })}
    </div>
  )
  const controls = (
    <SlideControls
      label={label}
      count={slides.length}
      index={rotation.index}
      onSelect={rotation.goTo}
      onPrevious={rotation.previous}
      onNext={rotation.next}
      pause={reducedMotion ? undefined : { paused: pause.pausedByUser, onToggle: pause.togglePaused }}
    />
  )

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative isolate overflow-hidden bg-night text-white"
      {...pause.handlers}
    >
      <div aria-hidden="true" className={cn('absolute inset-0 -z-10', backdropClassName)} />
      {/* The dots (a hundred SVG circles) have nothing to run: kept as prerendered, not hydrated, and not
          rendered again as the slides turn. */}
      <StaticSection name={`particles-${particles.count}-${particles.seed ?? 'default'}`}>
        <Particles count={particles.count} seed={particles.seed} />
      </StaticSection>
      {children({
        index: rotation.index,
        paused: pause.paused,
        slides: stack,
        controls,
        openVideo: () => setVideoOpen(true),
      })}
      <VideoModal open={videoOpen} onClose={() => setVideoOpen(false)} video={video} />
    </section>
  )
}
