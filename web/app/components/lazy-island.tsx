import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react'

/** The attribute that marks a lazy island in the prerendered HTML, with the island's name. */
export const lazyIslandAttribute = 'data-lazy-island'

/** How far below the viewport an island starts loading its code, so it is live when scrolled to. */
export const lazyIslandMargin = '400px'

/** Resolves once `element` comes within `lazyIslandMargin` of the viewport (at once without IntersectionObserver). */
function nearViewport(element: Element): Promise<void> {
  if (typeof IntersectionObserver === 'undefined') return Promise.resolve()
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        resolve()
      },
      { rootMargin: lazyIslandMargin },
    )
    observer.observe(element)
  })
}

/** The first element of the island's prerendered markup while the page is being hydrated, else undefined. */
function prerenderedElement(name: string): Element | undefined {
  if (typeof document === 'undefined') return undefined
  return (
    document.querySelector(`[${lazyIslandAttribute}="${CSS.escape(name)}"]`)?.firstElementChild ?? undefined
  )
}

/** A part's code, loaded once: what `<LazyIsland>` renders. Made by `islandPart`, at module level. */
export interface IslandPart {
  /** Unique on the site: it finds the part's prerendered markup. */
  readonly name: string
  /** Loads the part's code now (a test awaits it before rendering; nothing waits for the viewport then). */
  readonly preload: () => Promise<void>
  /** The part's component once its code has loaded. */
  readonly loaded: () => ComponentType | undefined
  /** Loads the part's code, once. */
  readonly load: () => Promise<ComponentType>
}

/**
 * The part of a page named `name`, whose component `load` imports with `import()` (so the bundler gives it
 * a chunk of its own).
 */
export function islandPart(name: string, load: () => Promise<ComponentType>): IslandPart {
  let loaded: ComponentType | undefined
  let loading: Promise<ComponentType> | undefined
  const loadOnce = () => {
    loading ??= load().then((component) => {
      loaded = component
      return component
    })
    return loading
  }
  // The prerender imports it with the page's module, so the part renders at once and its boundary is written
  // inline, complete, rather than outlined and moved in by a script after the shell.
  if (import.meta.env.SSR) void loadOnce()
  return {
    name,
    preload: async () => {
      await loadOnce()
    },
    loaded: () => loaded,
    load: loadOnce,
  }
}

/**
 * Scrolls again to the element the address's hash names when a part arrives: after a client navigation to
 * `/#contact`, the router scrolls before the lazy parts' code has loaded, when the target is not there yet
 * or the parts above it have no height yet. Each part that arrives (in whatever order) scrolls once more.
 */
function ScrollToHashOnArrival({ children }: { readonly children: ReactNode }) {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1))
    const target = id ? document.getElementById(id) : null
    target?.scrollIntoView()
  }, [])
  return children
}

/**
 * An interactive part of a page, below the fold, whose code is not in the page's first load: on the first
 * load its prerendered markup stays as it is (a Suspense boundary that React hydrates later, in place) and
 * its module is imported when the part comes near the viewport; then React hydrates it. A page that never
 * scrolls there never runs it. After a client navigation (no prerendered markup) it loads at once. Inside a
 * `StaticSection`, whose markup is kept without rendering its children on the first load, the part's code
 * loads only for a client navigation.
 *
 * The wrapper is `display: contents`, so the layout is that of the part.
 */
export function LazyIsland({ part }: { readonly part: IslandPart }) {
  // Chosen once per mount (a new component type would remount the part and lose its state). A lazy one per
  // mount: a page left before its island neared the viewport leaves a wait that never ends, which the next
  // visit must not inherit.
  const [{ Component, arrives }] = useState(() => {
    const loaded = part.loaded()
    if (loaded) return { Component: loaded, arrives: false }
    const waitFor = prerenderedElement(part.name)
    const Component = lazy(async () => {
      if (waitFor) await nearViewport(waitFor)
      return { default: await part.load() }
    })
    // Without prerendered markup (a client navigation) the part appears only once its code has loaded.
    return { Component, arrives: waitFor === undefined }
  })
  return (
    <div {...{ [lazyIslandAttribute]: part.name }} className="contents">
      <Suspense fallback={null}>
        {arrives ? (
          <ScrollToHashOnArrival>
            <Component />
          </ScrollToHashOnArrival>
        ) : (
          <Component />
        )}
      </Suspense>
    </div>
  )
}
