import { act, fireEvent, screen } from '@testing-library/react'
import { type ComponentType, useState } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { islandPart, LazyIsland, lazyIslandAttribute, lazyIslandMargin } from '~/components/lazy-island'
import { deferred } from './render-route'

/** A part with state and a handler: it works only once React has hydrated or rendered it. */
function Part() {
  const [clicks, setClicks] = useState(0)
  return (
    <section aria-labelledby="part-heading">
      <h2 id="part-heading">Success stories</h2>
      <button type="button" onClick={() => setClicks((count) => count + 1)}>
        Clicked {clicks}
      </button>
    </section>
  )
}

/** An IntersectionObserver that reports only when the test says the element has come near. */
class ManualIntersectionObserver {
  static instances: ManualIntersectionObserver[] = []
  readonly observed: Element[] = []
  disconnected = false
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    ManualIntersectionObserver.instances.push(this)
  }
  observe(element: Element) {
    this.observed.push(element)
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true
  }
  takeRecords() {
    return []
  }
  comeNear() {
    const entries = this.observed.map((target) => ({ target, isIntersecting: true }))
    this.callback(entries as unknown as IntersectionObserverEntry[], this as unknown as IntersectionObserver)
  }
}

let root: Root | undefined
let container: HTMLDivElement

describe('lazy island (a part hydrated once it nears the viewport)', () => {
  beforeEach(() => {
    container = document.createElement('div')
    document.body.append(container)
    ManualIntersectionObserver.instances = []
    vi.stubGlobal('IntersectionObserver', ManualIntersectionObserver)
  })
  afterEach(() => {
    act(() => root?.unmount())
    root = undefined
    container.remove()
    vi.unstubAllGlobals()
  })

  it('keeps the prerendered markup, loads nothing until the part nears the viewport, then hydrates it in place', async () => {
    const prerendering = islandPart('part', async () => Part)
    await prerendering.preload()
    const prerendered = renderToString(<LazyIsland part={prerendering} />)
    // Inline and complete: no fallback for a script to replace.
    expect(prerendered).toContain(`<div ${lazyIslandAttribute}="part" class="contents"><!--$--><section`)
    container.innerHTML = prerendered
    const heading = container.querySelector('h2')

    const load = deferred<ComponentType>()
    const loads = vi.fn(() => load.promise)
    const part = islandPart('part', loads)
    const errors: unknown[] = []
    await act(async () => {
      root = hydrateRoot(container, <LazyIsland part={part} />, {
        onRecoverableError: (error) => errors.push(error),
      })
    })
    expect(loads).not.toHaveBeenCalled()
    expect(container.innerHTML).toBe(prerendered)
    const [observer] = ManualIntersectionObserver.instances
    expect(observer?.observed).toEqual([container.querySelector('section')])
    expect(observer?.options?.rootMargin).toBe(lazyIslandMargin)

    await act(async () => observer?.comeNear())
    expect(loads).toHaveBeenCalledTimes(1)
    expect(observer?.disconnected).toBe(true)
    await act(async () => load.resolve(Part))
    fireEvent.click(screen.getByRole('button', { name: 'Clicked 0' }))
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeTruthy()
    // Hydrated, not rendered anew: the prerendered elements are the ones React took over.
    expect(container.querySelector('h2')).toBe(heading)
    expect(errors).toEqual([])
  })

  it('loads at once and renders the part when there is no prerendered markup (a client navigation)', async () => {
    const loads = vi.fn(async () => Part)
    const part = islandPart('part', loads)
    await act(async () => {
      root = createRoot(container)
      root.render(<LazyIsland part={part} />)
    })
    expect(loads).toHaveBeenCalledTimes(1)
    expect(ManualIntersectionObserver.instances).toEqual([])
    expect(screen.getByRole('heading', { name: 'Success stories' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Clicked 0' }))
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeTruthy()
  })

  it('renders the part in the same pass, without suspending, once its code has been loaded', async () => {
    const part = islandPart('part', async () => Part)
    await part.preload()
    root = createRoot(container)
    act(() => root?.render(<LazyIsland part={part} />))
    expect(screen.getByRole('heading', { name: 'Success stories' })).toBeTruthy()
  })
})
