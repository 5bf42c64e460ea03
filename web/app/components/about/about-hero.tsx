import { Button } from '~/components/button'
import { HeroCarousel } from '~/components/hero-carousel'
import { FigureList } from '~/components/ui/figure-list'
import { ShellIcon } from '~/components/ui/shell-icons'
import { aboutFigures, aboutHeroSlides, aboutPage } from '~/content/about'
import { company } from '~/content/company'

/** The about hero advances every 5 s. */
export const aboutHeroIntervalMs = 5000

/** The about hero: Our Vision, Our Mission, Our Values rotating, the figures and the Our Story video. */
export function AboutHero() {
  return (
    <HeroCarousel
      label="About us"
      slides={aboutHeroSlides}
      intervalMs={aboutHeroIntervalMs}
      slidesClassName="mt-6"
      backdropClassName="bg-[radial-gradient(ellipse_at_top_left,rgb(14_165_163/0.4),transparent_60%),radial-gradient(ellipse_at_bottom_right,rgb(251_191_36/0.15),transparent_55%)]"
      particles={{ count: 80, seed: 11 }}
      video={company.videos.story}
      renderSlide={(slide) => (
        <>
          <p className="inline-flex rounded-full bg-sun-400/15 px-3 py-1 text-sm font-semibold text-sun-300">
            {slide.label}
          </p>
          <h2 className="mt-4 text-3xl leading-tight font-extrabold tracking-tight sm:text-5xl">
            {slide.title}
          </h2>
          <p className="mt-5 max-w-2xl text-lg text-slate-300">{slide.text}</p>
        </>
      )}
    >
      {({ slides, controls, openVideo }) => (
        <div className="page-x grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-5 lg:py-24">
          <div className="lg:col-span-3">
            <h1 className="text-sm font-semibold tracking-widest text-brand-300 uppercase">
              {aboutPage.heading}
            </h1>
            {slides}
            <div className="mt-8 flex flex-wrap items-center gap-4">
              <Button variant="accent" size="lg" onClick={openVideo}>
                <ShellIcon name="play" className="size-4" />
                {aboutPage.storyButton}
              </Button>
              {controls}
            </div>
          </div>
          <FigureList
            figures={aboutFigures}
            className="grid grid-cols-3 gap-3 lg:col-span-2 lg:grid-cols-1 lg:gap-4"
            itemClassName="justify-end rounded-card border border-white/10 bg-white/5 p-4 backdrop-blur sm:p-6"
            labelClassName="mt-1 text-sm text-slate-300"
            valueClassName="text-2xl font-extrabold text-white sm:text-4xl"
          />
        </div>
      )}
    </HeroCarousel>
  )
}
