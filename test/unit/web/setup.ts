/**
 * Setup of the `dom` test project (happy-dom): unmount what a test rendered, undo stubs and storage, and
 * fill in what happy-dom only stubs.
 */
import { cleanup } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

/**
 * happy-dom's IntersectionObserver never reports anything, so an "animate when scrolled into view" piece
 * would never start. This one reports every observed element as visible, once, right after `observe`.
 */
class VisibleIntersectionObserver implements IntersectionObserver {
  readonly root = null
  readonly rootMargin = '0px'
  readonly scrollMargin = '0px'
  readonly thresholds: readonly number[] = [0]
  readonly #callback: IntersectionObserverCallback
  readonly #observed = new Set<Element>()

  constructor(callback: IntersectionObserverCallback) {
    this.#callback = callback
  }

  observe(target: Element): void {
    this.#observed.add(target)
    queueMicrotask(() => {
      if (!this.#observed.has(target)) return
      const rect = target.getBoundingClientRect()
      const entry = {
        target,
        isIntersecting: true,
        intersectionRatio: 1,
        boundingClientRect: rect,
        intersectionRect: rect,
        rootBounds: null,
        time: performance.now(),
      } as IntersectionObserverEntry
      this.#callback([entry], this)
    })
  }

  unobserve(target: Element): void {
    this.#observed.delete(target)
  }

  disconnect(): void {
    this.#observed.clear()
  }

  takeRecords(): IntersectionObserverEntry[] {
    return []
  }
}

Object.defineProperty(window, 'IntersectionObserver', {
  configurable: true,
  writable: true,
  value: VisibleIntersectionObserver,
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  window.sessionStorage.clear()
  window.localStorage.clear()
})
