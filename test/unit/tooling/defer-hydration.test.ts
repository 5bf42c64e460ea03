import { describe, expect, it } from 'vitest'
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

/** Runs a deferred boot script against a recording document; `import()` is recorded instead of loading. */
async function runBoot(html: string, visibilityState: 'visible' | 'hidden') {
  const script = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? ''
  const log: string[] = []
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
    script.replaceAll('import(', 'load('),
  )
  await boot(document, window, requestAnimationFrame, load)
  return { log, window }
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

  it('waits two frames, preloads, imports the route modules, then loads the client entry', async () => {
    const { log, window } = await runBoot(deferred, 'visible')
    expect(log).toEqual([
      'frame',
      'frame',
      'modulepreload /assets/manifest-1.js',
      'modulepreload /assets/entry.client-2.js',
      'modulepreload /assets/react-dom-3.js',
      'modulepreload /assets/root-4.js',
      'modulepreload /assets/contact-5.js',
      'import /assets/manifest-1.js',
      'import /assets/root-4.js',
      'import /assets/contact-5.js',
      'import /assets/entry.client-2.js',
    ])
    expect(window.__reactRouterRouteModules).toEqual({
      root: { from: '/assets/root-4.js' },
      'routes/contact': { from: '/assets/contact-5.js' },
    })
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
