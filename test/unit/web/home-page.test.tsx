import { act, fireEvent, screen, within } from '@testing-library/react'
import { Profiler } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ImpactCounters } from '~/components/home/impact-counters'
import { buttonActions } from '~/content/actions'
import { heroSecondaryImages, heroSlides, impactCounters } from '~/content/home'
import HomePage, { homeIslands } from '~/routes/home'
import { renderRoute } from './render-route'

function renderHome() {
  return renderRoute('/', [{ path: '/', Component: HomePage }])
}

/** The hero slide shown now, by its title. */
function activeSlideTitle(): string | null | undefined {
  return document.querySelector('[aria-roledescription="slide"][data-active] h2')?.textContent
}

function activeSecondImage(): string | null | undefined {
  return screen.getByTestId('hero-second-image').querySelector('img[data-active]')?.getAttribute('src')
}

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('reduce'),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  )
  window.matchMedia = globalThis.matchMedia
}

/** The impact counters alone, counting React's commits of them. */
let countersCommits = 0
function ProfiledCounters() {
  return (
    <Profiler id="counters" onRender={() => (countersCommits += 1)}>
      <ImpactCounters />
    </Profiler>
  )
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

describe('home page', () => {
  // The sections below the counters are lazy islands: their code is loaded here, before the fake timers, so
  // the page renders whole at once as it does once they have loaded (components/lazy-island.tsx is tested on
  // its own in lazy-island.test.tsx).
  beforeAll(async () => {
    await Promise.all(homeIslands.map((island) => island.preload()))
  })
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: [
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'requestAnimationFrame',
        'cancelAnimationFrame',
        'performance',
        'Date',
      ],
    })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows the sections in the spec order, with the solutions and contact anchors', () => {
    renderHome()
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)
    const order = [
      'Our Impact in Numbers',
      'Complete Renewable Energy Solutions',
      'One Partner, Every Step of Your Energy Journey',
      'Results Our Clients Can Measure',
      'Ready to Switch to Clean Energy?',
    ].map((title) => headings.indexOf(title))
    expect(order.every((position) => position >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
    expect(document.getElementById('solutions')?.textContent).toContain('Solar Energy Solutions')
    expect(document.getElementById('contact')?.textContent).toContain(
      'Free consultation • No obligation • Expert advice • Quick response',
    )
  })

  it('sends each call-to-action button to the destination every other page gives that label', () => {
    renderHome()
    const labelled = Object.entries(buttonActions).flatMap(([label, to]) =>
      screen
        .queryAllByRole('link', { name: label })
        .map((link) => ({ label, to, href: link.getAttribute('href') })),
    )
    // The consultation, brochure, case-study and quote buttons of the home page.
    expect(new Set(labelled.map(({ label }) => label))).toEqual(
      new Set([
        'Schedule Consultation',
        'Download Brochure',
        'View Full Case Study',
        'Request a Quote',
        'Book Consultation',
      ]),
    )
    for (const { to, href } of labelled) expect(href).toBe(to)
  })

  it('draws the 100 hero particles of the spec, dealt over four drifting layers', () => {
    renderHome()
    const field = screen.getByTestId('particles')
    expect(field.querySelectorAll('[data-particle]')).toHaveLength(100)
    const layers = [...field.children]
    expect(layers).toHaveLength(4)
    expect(layers.map((layer) => layer.children.length)).toEqual([25, 25, 25, 25])
    const classes = layers.map((layer) => layer.getAttribute('class') ?? '')
    expect(classes.every((name) => /\banimate-drift\b/.test(name))).toBe(true)
    // The layers drift to both sides (the side is the layer's --drift-x).
    const sides = classes.map((name) => /\[--drift-x:(-?)24px\]/.exec(name)?.[1])
    expect(new Set(sides)).toEqual(new Set(['', '-']))
    expect(field.getAttribute('aria-hidden')).toBe('true')
  })

  it('advances the hero every 6 s and its second image every 4 s', async () => {
    stubReducedMotion(false)
    renderHome()
    expect(activeSlideTitle()).toBe(heroSlides[0].title)
    expect(screen.getByRole('link', { name: 'Explore Solar' }).getAttribute('href')).toBe('/solutions/solar')
    expect(activeSecondImage()).toBe(heroSecondaryImages[0]?.src)
    await advance(3999)
    expect(activeSecondImage()).toBe(heroSecondaryImages[0]?.src)
    await advance(1)
    expect(activeSecondImage()).toBe(heroSecondaryImages[1]?.src)
    await advance(1999)
    expect(activeSlideTitle()).toBe(heroSlides[0].title)
    await advance(1)
    expect(activeSlideTitle()).toBe(heroSlides[1]?.title)
    expect(screen.getByRole('link', { name: 'Smart Solutions' })).toBeTruthy()
    await advance(6000)
    expect(activeSlideTitle()).toBe(heroSlides[2]?.title)
    expect(screen.getByRole('link', { name: 'Join Mission' })).toBeTruthy()
    await advance(6000)
    expect(activeSlideTitle()).toBe(heroSlides[0].title)
  })

  it('moves by previous, next and dots, and pauses while hovered or with its pause button', async () => {
    stubReducedMotion(false)
    renderHome()
    const hero = screen.getByRole('region', { name: 'Highlights' })
    fireEvent.click(within(hero).getByRole('button', { name: 'Go to slide 3' }))
    expect(activeSlideTitle()).toBe(heroSlides[2]?.title)
    fireEvent.click(within(hero).getByRole('button', { name: 'Next slide' }))
    expect(activeSlideTitle()).toBe(heroSlides[0].title)
    fireEvent.click(within(hero).getByRole('button', { name: 'Previous slide' }))
    expect(activeSlideTitle()).toBe(heroSlides[2]?.title)

    fireEvent.mouseEnter(hero)
    await advance(13000)
    expect(activeSlideTitle()).toBe(heroSlides[2]?.title)
    fireEvent.mouseLeave(hero)
    fireEvent.click(within(hero).getByRole('button', { name: 'Pause Highlights' }))
    await advance(13000)
    expect(activeSlideTitle()).toBe(heroSlides[2]?.title)
    fireEvent.click(within(hero).getByRole('button', { name: 'Play Highlights' }))
    await advance(6000)
    expect(activeSlideTitle()).toBe(heroSlides[0].title)
  })

  it('does not rotate, and offers no pause button, with prefers-reduced-motion', async () => {
    stubReducedMotion(true)
    renderHome()
    await advance(20000)
    expect(activeSlideTitle()).toBe(heroSlides[0].title)
    expect(screen.queryByRole('button', { name: 'Pause Highlights' })).toBeNull()
    expect(screen.getByText('250 MW')).toBeTruthy()
  })

  it('counts the impact figures up over 2 s once they are in view', async () => {
    stubReducedMotion(false)
    renderHome()
    await advance(0)
    const tiles = () =>
      impactCounters.figures.map((figure) => screen.getByText(figure.label).parentElement?.textContent)
    await advance(1000)
    const midway = tiles()
    expect(midway[0]).not.toContain('250 MW')
    expect(Number.parseInt(midway[0]?.replace(/\D+/g, ' ').trim() ?? '', 10)).toBeGreaterThan(0)
    await advance(1100)
    expect(tiles()).toEqual([
      'Installed Capacity250 MW',
      'Clients Served500+',
      'Years of Experience15+',
      'Locations Covered12+',
    ])
  })

  it('counts up without a React render per frame: the figures change, the counters commit once', async () => {
    stubReducedMotion(false)
    countersCommits = 0
    renderRoute('/', [{ path: '/', Component: ProfiledCounters }])
    await advance(0)
    const mounted = countersCommits
    const figure = () => screen.getByText(impactCounters.figures[0]?.label ?? '').parentElement?.textContent
    // Until the first frame runs (a background tab, a page rendered for a preview) the figure is the real one.
    expect(figure()).toBe('Installed Capacity250 MW')
    const seen = new Set<string | undefined>()
    for (let frame = 0; frame < 60; frame += 1) {
      await advance(16)
      seen.add(figure())
    }
    await advance(1200)
    expect(figure()).toBe('Installed Capacity250 MW')
    // Many figures were shown on the way up, by frames that React did not render.
    expect(seen.size).toBeGreaterThan(20)
    expect(countersCommits - mounted).toBeLessThanOrEqual(1)
  })

  it('opens the demo video only when asked, muted and autoplaying, and removes it on close', async () => {
    stubReducedMotion(false)
    renderHome()
    expect(document.querySelector('video')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Watch Demo' }))
    const video = screen.getByTestId('modal-video') as HTMLVideoElement
    expect(video.autoplay).toBe(true)
    expect(video.muted).toBe(true)
    expect(video.getAttribute('src')).toMatch(/^\/media\//)
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(document.querySelector('video')).toBeNull()
  })

  it('shows the local poster and a note when the video cannot be played', () => {
    stubReducedMotion(false)
    renderHome()
    fireEvent.click(screen.getByRole('button', { name: 'Watch Demo' }))
    fireEvent.error(screen.getByTestId('modal-video'))
    expect(screen.getByRole('status').textContent).toMatch(/cannot be played/)
    expect(document.querySelector('video')).toBeNull()
  })

  it('expands the contact widget to Chat, Call and Email links that act', () => {
    stubReducedMotion(false)
    const log = vi.spyOn(console, 'info').mockImplementation(() => {})
    renderHome()
    const toggle = screen.getByRole('button', { name: 'Contact us' })
    const options = document.getElementById(toggle.getAttribute('aria-controls') ?? '')!
    expect(options.hidden).toBe(true)
    fireEvent.click(toggle)
    expect(options.hidden).toBe(false)
    expect(within(options).getByRole('link', { name: 'Chat' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/914040001234\?text=/,
    )
    expect(within(options).getByRole('link', { name: 'Call' }).getAttribute('href')).toBe('tel:+914040001234')
    const email = within(options).getByRole('link', { name: 'Email' })
    expect(email.getAttribute('href')).toBe('mailto:hello@suryodaya.example')
    email.addEventListener('click', (event) => event.preventDefault())
    fireEvent.click(email)
    expect(log).toHaveBeenCalledWith('Floating contact: Email')
    expect(options.hidden).toBe(true)
  })

  it('shows scroll-to-top only after more than 500 px of scroll', () => {
    stubReducedMotion(false)
    renderHome()
    const scrollTo = vi.fn()
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo
    const scrollBy = (y: number) => {
      Object.defineProperty(window, 'scrollY', { configurable: true, value: y })
      fireEvent.scroll(window)
    }
    scrollBy(500)
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull()
    scrollBy(501)
    fireEvent.click(screen.getByRole('button', { name: 'Scroll to top' }))
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' })
    scrollBy(0)
    expect(screen.queryByRole('button', { name: 'Scroll to top' })).toBeNull()
  })
})
