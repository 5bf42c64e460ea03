import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { Carousel } from '~/components/ui/carousel'

/** What the carousel asked of embla: each start (with its options) and each step. */
const embla = vi.hoisted(() => ({ loaded: 0, starts: [] as unknown[], steps: [] as string[] }))

// Counts the imports of embla and stands in for it: happy-dom lays nothing out, so there is nothing to scroll.
vi.mock('embla-carousel', () => {
  embla.loaded += 1
  const handlers = new Map<string, () => void>()
  const api = {
    on: (event: string, handler: () => void) => {
      handlers.set(event, handler)
      return api
    },
    off: () => api,
    selectedScrollSnap: () => 0,
    canScrollPrev: () => false,
    canScrollNext: () => true,
    scrollSnapList: () => [0, 1, 2],
    scrollNext: () => embla.steps.push('next'),
    scrollPrev: () => embla.steps.push('previous'),
    scrollTo: (index: number) => embla.steps.push(`to ${index}`),
    destroy: () => undefined,
  }
  return {
    default: (_root: HTMLElement, options: unknown) => {
      embla.starts.push(options)
      return api
    },
  }
})

/** An IntersectionObserver that reports what a test says, when it says so. */
class ControlledIntersectionObserver {
  static current: ControlledIntersectionObserver | undefined
  readonly targets: Element[] = []
  constructor(readonly callback: IntersectionObserverCallback) {
    ControlledIntersectionObserver.current = this
  }
  observe(target: Element) {
    this.targets.push(target)
  }
  unobserve() {}
  disconnect() {
    this.targets.length = 0
  }
  takeRecords() {
    return []
  }
  show() {
    this.callback(
      this.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
      this as unknown as IntersectionObserver,
    )
  }
}

function renderCarousel() {
  return render(
    <Carousel label="Stories" slides={['One', 'Two', 'Three'].map((text) => <p key={text}>{text}</p>)} />,
  )
}

describe('carousel', () => {
  beforeEach(() => {
    embla.loaded = 0
    embla.starts.length = 0
    embla.steps.length = 0
    ControlledIntersectionObserver.current = undefined
    vi.stubGlobal('IntersectionObserver', ControlledIntersectionObserver)
    vi.resetModules()
  })

  it('shows every slide before embla is loaded, and loads it when the carousel nears the viewport', async () => {
    renderCarousel()
    const carousel = screen.getByRole('region', { name: 'Stories' })
    expect(
      within(carousel)
        .getAllByRole('group')
        .map((slide) => slide.textContent),
    ).toEqual(['One', 'Two', 'Three'])
    await act(async () => {
      await new Promise((done) => setTimeout(done, 20))
    })
    expect(embla.loaded).toBe(0)
    expect(embla.starts).toEqual([])
    act(() => ControlledIntersectionObserver.current?.show())
    await waitFor(() =>
      expect(embla.starts).toEqual([{ loop: false, align: 'start', containScroll: 'trimSnaps' }]),
    )
    fireEvent.click(within(carousel).getByRole('button', { name: 'Next slide' }))
    expect(embla.steps).toEqual(['next'])
  })

  it('loads embla on a press made before the carousel was seen, and then makes that step', async () => {
    renderCarousel()
    const carousel = screen.getByRole('region', { name: 'Stories' })
    expect(embla.starts).toEqual([])
    fireEvent.click(within(carousel).getByRole('button', { name: 'Next slide' }))
    await waitFor(() => expect(embla.steps).toEqual(['next']))
    expect(embla.starts).toHaveLength(1)
  })
})
