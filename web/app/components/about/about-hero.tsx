import { useState } from 'react'
import { buttonVariants } from '~/components/button'
import { Icon } from '~/components/ui/icon'
import { Particles } from '~/components/ui/particles'
import { SlideControls } from '~/components/ui/slide-controls'
import { VideoModal } from '~/components/ui/video-modal'
import { aboutFigures, aboutHeroSlides, aboutPage } from '~/content/about'
import { company } from '~/content/company'
import { cn } from '~/lib/class-names'
import { usePrefersReducedMotion } from '~/lib/hooks/use-reduced-motion'
import { usePauseControl, useRotation } from '~/lib/hooks/use-rotation'

/** The about hero advances every 5 s. */
export const aboutHeroIntervalMs = 5000

/** The about hero: Our Vision, Our Mission, Our Values rotating, the figures and the Our Story video. */
export function AboutHero() {
  const pause = usePauseControl()
  const reducedMotion = usePrefersReducedMotion()
  const slides = useRotation(aboutHeroSlides.length, aboutHeroIntervalMs, { paused: pause.paused })
  const [storyOpen, setStoryOpen] = useState(false)

  return (
    <section
      aria-roledescription="carousel"
      aria-label="About us"
      className="relative isolate overflow-hidden bg-night text-white"
      {...pause.handlers}
    >
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_top_left,rgb(14_165_163/0.4),transparent_60%),radial-gradient(ellipse_at_bottom_right,rgb(251_191_36/0.15),transparent_55%)]"
      />
      <Particles count={80} seed={11} />
      <div className="page-x grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-5 lg:py-24">
        <div className="lg:col-span-3">
          <h1 className="text-sm font-semibold tracking-widest text-brand-300 uppercase">
            {aboutPage.heading}
          </h1>
          <div className="mt-6 grid">
            {aboutHeroSlides.map((slide, index) => {
              const active = index === slides.index
              return (
                // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern's slide is a group
                <div
                  key={slide.id}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${index + 1} of ${aboutHeroSlides.length}`}
                  aria-hidden={!active}
                  inert={!active}
                  data-active={active || undefined}
                  className={cn(
                    'col-start-1 row-start-1 transition-opacity duration-700',
                    active ? 'opacity-100' : 'opacity-0',
                  )}
                >
                  <p className="inline-flex rounded-full bg-sun-400/15 px-3 py-1 text-sm font-semibold text-sun-300">
                    {slide.label}
                  </p>
                  <h2 className="mt-4 text-3xl leading-tight font-extrabold tracking-tight sm:text-5xl">
                    {slide.title}
                  </h2>
                  <p className="mt-5 max-w-2xl text-lg text-slate-300">{slide.text}</p>
                </div>
              )
            })}
          </div>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            <button
              type="button"
              onClick={() => setStoryOpen(true)}
              className={buttonVariants({ variant: 'accent', size: 'lg' })}
            >
              <Icon name="play" className="size-4" />
              {aboutPage.storyButton}
            </button>
            <SlideControls
              label="About us"
              count={aboutHeroSlides.length}
              index={slides.index}
              onSelect={slides.goTo}
              onPrevious={slides.previous}
              onNext={slides.next}
              pause={reducedMotion ? undefined : { paused: pause.pausedByUser, onToggle: pause.togglePaused }}
            />
          </div>
        </div>
        <dl className="grid grid-cols-3 gap-3 lg:col-span-2 lg:grid-cols-1 lg:gap-4">
          {aboutFigures.map((figure) => (
            <div
              key={figure.label}
              className="flex flex-col-reverse justify-end rounded-card border border-white/10 bg-white/5 p-4 backdrop-blur sm:p-6"
            >
              <dt className="mt-1 text-sm text-slate-300">{figure.label}</dt>
              <dd className="text-2xl font-extrabold text-white sm:text-4xl">{figure.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <VideoModal open={storyOpen} onClose={() => setStoryOpen(false)} video={company.videos.story} />
    </section>
  )
}
