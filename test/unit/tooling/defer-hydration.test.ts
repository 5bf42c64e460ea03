import { describe, expect, it, vi } from 'vitest'
import { deferHydration, deferredBootOf, holdEarlySubmits } from '../../../infra/defer-hydration'

/** The head and boot script as `react-router build` prerenders them (shortened). */
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Contact</title>',
  '<link rel="preload" href="/assets/font.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
  '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>',
  '<link rel="modulepreload" href="/assets/react-dom-3.js"/><link rel="modulepreload" href="/assets/root-4.js"/>',
  '<link rel="modulepreload" href="/assets/contact-5.js"/><link rel="stylesheet" href="/assets/root-6.css"/></head>',
  '<body><main>Contact us</main><script>window.__reactRouterContext = {}</script>',
  '<script type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-4.js";\n',
  'import * as route1 from "/assets/contact-5.js";\n  \n  window.__reactRouterRouteModules = {"root":route0,"routes/contact":route1};\n\n',
  'import("/assets/entry.client-2.js");</script></body></html>',
].join('')

const AsyncFunction = (async () => undefined).constructor as new (
  ...parameters: string[]
) => (...values: unknown[]) => Promise<void>

/** A browser's paint timing, as the boot script reads it: entries recorded so far, observers told of new ones. */
function paintTiming(log: string[]) {
  const entries: string[] = []
  const observers = new Set<{ notify: () => void }>()
  class PerformanceObserver {
    static readonly supportedEntryTypes = ['mark', 'measure', 'paint']
    readonly notify: () => void
    constructor(callback: () => void) {
      this.notify = callback
    }
    observe(options: { type: string; buffered: boolean }) {
      log.push(`observe ${options.type}${options.buffered ? ' buffered' : ''}`)
      observers.add(this)
      if (options.buffered && entries.length > 0) setTimeout(this.notify)
    }
    disconnect() {
      observers.delete(this)
    }
  }
  return {
    PerformanceObserver,
    performance: { getEntriesByName: (name: string) => entries.filter((entry) => entry === name) },
    paint(name: string) {
      log.push(name)
      entries.push(name)
      for (const observer of observers) observer.notify()
    },
  }
}

/**
 * Runs a deferred boot script against a recording document; `import()` is recorded instead of loading. Without
 * `timing` the browser has no paint timing (the script then waits for frames).
 */
async function runBoot(
  html: string,
  visibilityState: 'visible' | 'hidden',
  timing?: ReturnType<typeof paintTiming>,
  log: string[] = [],
) {
  const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ''
  const window: Record<string, unknown> = {}
  const document = {
    visibilityState,
    head: { append: (link: { rel: string; href: string }) => log.push(`${link.rel} ${link.href}`) },
    createElement: () => ({}),
  }
  const requestAnimationFrame = (callback: () => void) => {
    log.push('frame')
    setTimeout(callback)
  }
  const load = async (from: string) => {
    log.push(`import ${from}`)
    return { from }
  }
  const boot = new AsyncFunction(
    'document',
    'window',
    'requestAnimationFrame',
    'load',
    'PerformanceObserver',
    'performance',
    script.replaceAll('import(', 'load('),
  )
  await boot(document, window, requestAnimationFrame, load, timing?.PerformanceObserver, timing?.performance)
  return { log, window }
}

/** What the boot script does once it goes on: the same preloads, then the route modules and the client entry. */
const bootSteps = [
  'modulepreload /assets/manifest-1.js',
  'modulepreload /assets/entry.client-2.js',
  'modulepreload /assets/react-dom-3.js',
  'modulepreload /assets/root-4.js',
  'modulepreload /assets/contact-5.js',
  'import /assets/manifest-1.js',
  'import /assets/root-4.js',
  'import /assets/contact-5.js',
  'import /assets/entry.client-2.js',
]

/** The route modules the boot script hands to React Router, as the page named them. */
function expectRouteModules(window: Record<string, unknown>) {
  expect(window.__reactRouterRouteModules).toEqual({
    root: { from: '/assets/root-4.js' },
    'routes/contact': { from: '/assets/contact-5.js' },
  })
}

describe('hydration after the first paint', () => {
  const deferred = deferHydration(page)

  it('removes the module preloads and every static import from the page', () => {
    expect(deferred).not.toContain('rel="modulepreload"')
    expect(deferred).not.toMatch(/^\s*import\s/m)
    expect(deferred).toContain('<link rel="preload" href="/assets/font.woff2"')
    expect(deferred).toContain('<link rel="stylesheet" href="/assets/root-6.css"/>')
    expect(deferred).toContain('<main>Contact us</main>')
  })

  it('keeps what it loads as data: the same preloads and imports, in order', () => {
    expect(deferredBootOf(deferred)).toEqual({
      preloads: [
        '/assets/manifest-1.js',
        '/assets/entry.client-2.js',
        '/assets/react-dom-3.js',
        '/assets/root-4.js',
        '/assets/contact-5.js',
      ],
      imports: [
        { as: '', from: '/assets/manifest-1.js' },
        { as: 'route0', from: '/assets/root-4.js' },
        { as: 'route1', from: '/assets/contact-5.js' },
      ],
    })
    expect(deferredBootOf(page)).toBeUndefined()
  })

  it('waits for the first contentful paint, preloads, imports the route modules, then loads the client entry', async () => {
    const log: string[] = []
    const timing = paintTiming(log)
    const booted = runBoot(deferred, 'visible', timing, log)
    await new Promise((done) => setTimeout(done, 20))
    // A first paint of nothing contentful (the background) is not enough.
    timing.paint('first-paint')
    await new Promise((done) => setTimeout(done, 20))
    expect(log).toEqual(['observe paint buffered', 'first-paint'])
    timing.paint('first-contentful-paint')
    const { window } = await booted
    expect(log).toEqual(['observe paint buffered', 'first-paint', 'first-contentful-paint', ...bootSteps])
    expectRouteModules(window)
  })

  it('goes on at once when the paint was recorded before the script ran (a buffered entry)', async () => {
    const log: string[] = []
    const timing = paintTiming(log)
    timing.paint('first-contentful-paint')
    await runBoot(deferred, 'visible', timing, log)
    expect(log.slice(0, 3)).toEqual([
      'first-contentful-paint',
      'observe paint buffered',
      'modulepreload /assets/manifest-1.js',
    ])
    expect(log.at(-1)).toBe('import /assets/entry.client-2.js')
  })

  it('goes on after a second when no contentful paint is recorded', async () => {
    vi.useFakeTimers()
    try {
      const log: string[] = []
      const booted = runBoot(deferred, 'visible', paintTiming(log), log)
      await vi.advanceTimersByTimeAsync(999)
      expect(log).toEqual(['observe paint buffered'])
      await vi.advanceTimersByTimeAsync(1)
      await booted
      expect(log.at(-1)).toBe('import /assets/entry.client-2.js')
    } finally {
      vi.useRealTimers()
    }
  })

  it('waits two frames in a browser without paint timing, then the same', async () => {
    const { log, window } = await runBoot(deferred, 'visible')
    expect(log).toEqual(['frame', 'frame', ...bootSteps])
    expectRouteModules(window)
  })

  it('does not wait for frames in a hidden tab, where none are drawn', async () => {
    const { log } = await runBoot(deferred, 'hidden')
    expect(log).not.toContain('frame')
    expect(log.at(-1)).toBe('import /assets/entry.client-2.js')
  })

  it('holds back form submits until the page is marked hydrated, from the top of the head', () => {
    expect(deferred).toContain(`<head><script>${holdEarlySubmits}</script><meta charSet="utf-8"/>`)
    const listeners: ((event: { defaultPrevented: boolean; preventDefault: () => void }) => void)[] = []
    const attributes = new Set<string>()
    const document = {
      addEventListener: (type: string, listener: (typeof listeners)[number], capture: boolean) => {
        expect([type, capture]).toEqual(['submit', true])
        listeners.push(listener)
      },
      documentElement: { hasAttribute: (name: string) => attributes.has(name) },
    }
    new Function('document', holdEarlySubmits)(document)
    const submit = () => {
      const event = {
        defaultPrevented: false,
        preventDefault() {
          this.defaultPrevented = true
        },
      }
      for (const listener of listeners) listener(event)
      return event.defaultPrevented
    }
    expect(submit()).toBe(true)
    attributes.add('data-hydrated')
    expect(submit()).toBe(false)
  })

  it('leaves a page it has already changed, or one without preloads, as it is', () => {
    expect(deferHydration(deferred)).toBe(deferred)
    const plain = '<html><head></head><body><p>x</p></body></html>'
    expect(deferHydration(plain)).toBe(plain)
  })

  it('stops the build when the boot script has a shape it does not know', () => {
    const changed = page.replace('import * as route1 from', 'import { default as route1 } from')
    expect(() => deferHydration(changed)).toThrow(/boot script changed shape/)
    const twoBoots = page.replace('</body>', '<script type="module" async="">import "/x.js";</script></body>')
    expect(() => deferHydration(twoBoots)).toThrow(/one React Router boot script, found 2/)
  })
})
