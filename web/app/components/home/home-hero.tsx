import { Link } from 'react-router'
import { Button, buttonVariants } from '~/components/button'
import { HeroCarousel, type HeroCarouselParts } from '~/components/hero-carousel'
import { FigureList } from '~/components/ui/figure-list'
import { ShellIcon } from '~/components/ui/shell-icons'
import { company } from '~/content/company'
import { heroActions, heroSecondaryImages, heroSlides, homePage } from '~/content/home'
import { calculatorLink } from '~/content/navigation'
import { cn } from '~/lib/class-names'
import { useRotation } from '~/lib/hooks/use-rotation'

/** The home hero advances every 6 s, its second image every 4 s. */
export const homeHeroIntervalMs = 6000
export const homeHeroImageIntervalMs = 4000

/**
 * The home hero: three slides, each with its own button and image, a second image rotating on its own, the
 * controls and Watch Demo.
 */
export function HomeHero() {
  return (
    <HeroCarousel
      label="Highlights"
      slides={heroSlides}
      intervalMs={homeHeroIntervalMs}
      backdropClassName="bg-[radial-gradient(ellipse_at_top_right,rgb(14_165_163/0.45),transparent_60%),radial-gradient(ellipse_at_bottom_left,rgb(251_191_36/0.18),transparent_55%)]"
      particles={{ count: 100 }}
      video={company.videos.demo}
      renderSlide={(slide) => (
        <>
          <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/10 px-3 py-1 text-sm font-semibold text-brand-200">
            <span className="size-1.5 rounded-full bg-sun-400" />
            {slide.subtitle}
          </p>
          <h2 className="mt-5 text-4xl leading-tight font-extrabold tracking-tight sm:text-5xl xl:text-display">
            {slide.title}
          </h2>
          <p className="mt-5 max-w-xl text-lg text-slate-300">{slide.description}</p>
          <FigureList
            figures={slide.stats}
            className="mt-8 grid max-w-xl grid-cols-3 gap-3"
            itemClassName="justify-end rounded-2xl border border-white/10 bg-white/5 p-3 sm:p-4"
            labelClassName="mt-1 text-xs text-slate-300 sm:text-sm"
            valueClassName="text-xl font-bold text-sun-300 sm:text-2xl"
          />
        </>
      )}
    >
      {(hero) => <HomeHeroLayout {...hero} />}
    </HeroCarousel>
  )
}

/** The home hero's columns: the slides, their button and the controls; the slide image and the second one. */
function HomeHeroLayout({ index, paused, slides, controls, openVideo }: HeroCarouselParts) {
  const images = useRotation(heroSecondaryImages.length, homeHeroImageIntervalMs, { paused })
  const activeSlide = heroSlides[index] ?? heroSlides[0]
  return (
    <>
      <h1 className="sr-only">{homePage.heading}</h1>
      <div className="page-x grid items-center gap-10 py-12 sm:py-16 lg:grid-cols-2 lg:gap-16 lg:py-24">
        <div>
          {slides}
          <div className="mt-8 flex flex-wrap items-center gap-3">
            {/* The shown slide's own button (Explore Solar, Smart Solutions, Join Mission). */}
            <Link to={activeSlide.button.to} className={buttonVariants({ size: 'lg' })}>
              {activeSlide.button.label}
              <ShellIcon name="arrowRight" className="size-4" />
            </Link>
            <Button variant="inverse-outline" size="lg" onClick={openVideo}>
              <ShellIcon name="play" className="size-4" />
              {heroActions.watchDemo}
            </Button>
          </div>
          <Link
            to={calculatorLink.to}
            className="mt-4 inline-block text-sm font-semibold text-sun-300 underline underline-offset-4 hover:text-sun-200"
          >
            {heroActions.calculator}
          </Link>
          <div className="mt-8">{controls}</div>
        </div>

        <div className="relative mx-auto w-full max-w-xl lg:max-w-none">
          <div className="grid overflow-hidden rounded-[2rem] border border-white/10 bg-white/5 shadow-2xl">
            {heroSlides.map((slide, slideIndex) => (
              <img
                key={slide.id}
                src={slide.image.src}
                alt={slideIndex === index ? slide.image.alt : ''}
                aria-hidden={slideIndex !== index}
                width={640}
                height={480}
                fetchPriority={slideIndex === 0 ? 'high' : 'auto'}
                className={cn(
                  'col-start-1 row-start-1 h-auto w-full transition-opacity duration-700',
                  slideIndex === index ? 'opacity-100' : 'opacity-0',
                )}
              />
            ))}
          </div>
          <div
            className="absolute -bottom-6 -left-3 grid w-40 overflow-hidden rounded-2xl border-4 border-night bg-white shadow-xl sm:-left-8 sm:w-56"
            data-testid="hero-second-image"
          >
            {heroSecondaryImages.map((image, index) => (
              <img
                key={image.src}
                src={image.src}
                alt={index === images.index ? image.alt : ''}
                aria-hidden={index !== images.index}
                data-active={index === images.index || undefined}
                width={640}
                height={480}
                className={cn(
                  'col-start-1 row-start-1 h-auto w-full transition-opacity duration-700',
                  index === images.index ? 'opacity-100' : 'opacity-0',
                )}
              />
            ))}
          </div>
        </div>
      </div>
    </>
  )
}
