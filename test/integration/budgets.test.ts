import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildPaths } from '../../infra/build-paths'
import { deferredBootOf } from '../../infra/defer-hydration'
import { lazyIslandAttribute } from '../../web/app/components/lazy-island'
import { staticSectionAttribute } from '../../web/app/components/static-section'
import {
  adminPagePath,
  allPageWeights,
  budgets,
  bundleInputs,
  bundlePackages,
  bundleWeights,
  carouselPages,
  frameworkScript,
  gzipSize,
  isAdminPage,
  lambdaBudget,
  ownCodeBudgets,
  ownPageCode,
  type PageWeight,
  pageFile,
  pageJsCeilings,
  pageWeight,
  s3SdkPackages,
  validatingRoutes,
} from '../support/budgets'

const functionsDir = buildPaths.functions

/** Sizes of the production build are deterministic, so they are guarded here; timings are in npm run bench. */
describe('size budgets of the build', () => {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

  it.each(bundleWeights(functionsDir).map((bundle) => [bundle.route, bundle] as const))(
    'the %s Lambda bundle stays within its budget (150 KB gzip unless listed as an exception)',
    (route, bundle) => {
      expect(bundle.gzip, `${route} is ${kb(bundle.gzip)} gzip`).toBeLessThanOrEqual(lambdaBudget(route))
    },
  )

  it('carries zod only in the bundles of the routes that validate input', () => {
    const withZod = bundleWeights(functionsDir)
      .map((bundle) => bundle.route)
      .filter((route) => bundlePackages(buildPaths.functionsMeta, route).has('zod'))
    expect(withZod.sort()).toEqual([...validatingRoutes].sort())
  })

  it('carries no route table: each bundle has its routes as run-time data (infra/build-functions.ts)', () => {
    const withTable = bundleWeights(functionsDir)
      .map((bundle) => bundle.route)
      .filter((route) => bundleInputs(buildPaths.functionsMeta, route).includes('functions/routes.ts'))
    expect(withTable).toEqual([])
  })

  // A module-level value built with calls is a pure arrow call (CONTRIBUTING.md, "Add an API route"): a bundle
  // that never reads it drops it. Each phrase below is the error of a schema the route does not validate with.
  it.each([
    [
      'privacy-codes',
      ['Enter the 6-digit code we sent you', 'The link is missing', 'Choose each consent once'],
    ],
    ['privacy-request-code', ['Write the reply the person receives', 'Give the phone number or the e-mail']],
    ['privacy-withdraw', ['Enter the 6-digit code we sent you', 'Write the reply the person receives']],
    ['admin-login', ['Uttarakhand']],
  ] as const)('builds no schema or table at load that %s does not use', (route, phrases) => {
    const code = readFileSync(join(functionsDir, route, 'index.mjs'), 'utf8')
    expect(phrases.filter((phrase) => code.includes(phrase))).toEqual([])
  })

  it("carries none of the SDK's S3 packages in any bundle: the routes that store files sign their own requests", () => {
    const bundles = bundleWeights(functionsDir).map((bundle) => bundle.route)
    const storing = ['admin-upload', 'admin-upload-url', 'admin-create-resource', 'admin-export-kind']
    expect(bundles).toEqual(expect.arrayContaining(storing))
    // The packages are read from the metafile: the signer these routes use instead is found there.
    for (const route of storing) {
      expect(bundlePackages(buildPaths.functionsMeta, route).has('@smithy/signature-v4'), route).toBe(true)
    }
    const carried = bundles.flatMap((route) => {
      const packages = bundlePackages(buildPaths.functionsMeta, route)
      return s3SdkPackages.filter((name) => packages.has(name)).map((name) => `${route}: ${name}`)
    })
    expect(carried).toEqual([])
  })
})

const siteDir = buildPaths.site

describe('first-load weights of the prerendered pages', () => {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
  const weights = allPageWeights(siteDir)
  const publicPages = weights.filter((weight) => !isAdminPage(weight.page))
  const adminPages = weights.filter((weight) => isAdminPage(weight.page))
  const admin = weights.find((weight) => weight.page === adminPagePath)
  const frameworkBytes = (weight: PageWeight) =>
    weight.js
      .filter((file) => frameworkScript.test(file))
      .reduce((sum, file) => sum + gzipSize(join(siteDir, file)), 0)

  it('measures every page of the route table, the not-found page and the admin', () => {
    expect(weights.map((weight) => weight.page)).toEqual(
      expect.arrayContaining(['/', '/resources', '/contact', '/get-quote', '/404', adminPagePath]),
    )
    expect(admin).toBeDefined()
  })

  it.each(publicPages.map((weight) => [weight.page, weight] as const))(
    `%s: first-load JS within the ceilings (page code ${pageJsCeilings.appCode / 1024} KB, total ${pageJsCeilings.total / 1024} KB gzip) and CSS within 20 KB`,
    (page, weight) => {
      const framework = frameworkBytes(weight)
      expect(framework, `${page}: the framework files were not found`).toBeGreaterThan(90 * 1024)
      expect(
        weight.jsGzip - framework,
        `${page} page code is ${kb(weight.jsGzip - framework)}`,
      ).toBeLessThanOrEqual(pageJsCeilings.appCode)
      expect(weight.jsGzip, `${page} is ${kb(weight.jsGzip)}`).toBeLessThanOrEqual(pageJsCeilings.total)
      expect(weight.cssGzip, `${page} CSS is ${kb(weight.cssGzip)}`).toBeLessThanOrEqual(budgets.pageCss)
    },
  )

  it.each(Object.entries(ownCodeBudgets))(
    "%s: the page's own code, lazily loaded parts included, stays within its budget",
    (page, budget) => {
      const own = ownPageCode(siteDir, page)
      expect(own.gzip, `${page} own code is ${kb(own.gzip)}: ${own.files.join(', ')}`).toBeLessThanOrEqual(
        budget,
      )
    },
  )

  it('counts the solar report, which the calculator loads only once it has one, as its own code', () => {
    const own = ownPageCode(siteDir, '/solar-calculator')
    expect(own.files.some((file) => /\/report-results-[^/]+\.js$/.test(file))).toBe(true)
    expect(pageWeight(siteDir, '/solar-calculator').js.some((file) => file.includes('report-results'))).toBe(
      false,
    )
  })

  it('paints every page before its JavaScript is requested (infra/defer-hydration.ts)', () => {
    for (const weight of weights) {
      const html = readFileSync(pageFile(siteDir, weight.page), 'utf8')
      expect(html, weight.page).not.toContain('<link rel="modulepreload"')
      const boot = deferredBootOf(html)
      expect(boot?.preloads, weight.page).toEqual(
        expect.arrayContaining(boot?.imports.map((item) => item.from) ?? []),
      )
      expect(
        boot?.imports.filter((item) => item.as.startsWith('route')).length,
        weight.page,
      ).toBeGreaterThanOrEqual(2)
    }
  })

  it('gives every image a width and height, in the proportions of its picture unless it is cropped to a box', () => {
    let checked = 0
    for (const weight of weights) {
      const html = readFileSync(pageFile(siteDir, weight.page), 'utf8')
      for (const [tag] of html.matchAll(/<img\b[^>]*>/g)) {
        const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]
        const [src, width, height] = [
          attribute('src'),
          Number(attribute('width')),
          Number(attribute('height')),
        ]
        expect(width > 0 && height > 0, `${weight.page}: ${tag}`).toBe(true)
        expect(src, `${weight.page}: ${tag}`).toMatch(/\.(svg|avif|webp)$/)
        // A picture cropped into a fixed box (object-cover) takes the box's size; the others keep their own shape.
        if (src?.endsWith('.svg') && !/\bobject-cover\b/.test(attribute('class') ?? '')) {
          const svg = readFileSync(join(siteDir, src), 'utf8')
          const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)
          expect(box, src).not.toBeNull()
          expect(width / height, `${weight.page}: ${src}`).toBeCloseTo(Number(box?.[1]) / Number(box?.[2]), 2)
        }
        checked += 1
      }
    }
    expect(checked).toBeGreaterThan(40)
  })

  it('keeps each page of the staff workspace within the admin budget', () => {
    expect(adminPages.map((weight) => weight.page)).toEqual(
      expect.arrayContaining([adminPagePath, '/admin/leads', '/admin/leads/lead', '/admin/activity']),
    )
    for (const weight of adminPages) {
      expect(weight.jsGzip, `${weight.page} is ${kb(weight.jsGzip)}`).toBeLessThanOrEqual(budgets.adminPageJs)
    }
  })

  it("loads no other page's route module on any page, and the admin's code on no public page", () => {
    const ownModules = new Map(weights.map((weight) => [weight.page, weight.routeModules]))
    for (const weight of weights) {
      expect(weight.routeModules, weight.page).toHaveLength(1)
      const others = weights
        .filter((other) => other.page !== weight.page)
        .flatMap((other) => ownModules.get(other.page) ?? [])
        .filter((file) => !(ownModules.get(weight.page) ?? []).includes(file))
      expect(
        weight.js.filter((file) => others.includes(file)),
        weight.page,
      ).toEqual([])
    }
    const adminOnly = admin!.js.filter((file) => !publicPages.some((weight) => weight.js.includes(file)))
    expect(adminOnly.length).toBeGreaterThan(0)
    for (const weight of publicPages) {
      expect(
        weight.js.filter((file) => /\/admin[-.]/.test(file)),
        weight.page,
      ).toEqual([])
    }
  })

  it('leaves the static sections of the heavy public pages unhydrated (static islands in the prerendered HTML)', () => {
    const islandPages = ['/', '/about', '/digital-solutions', '/sectors', '/services', '/privacy']
    const solutionPages = weights
      .filter((weight) => weight.page.startsWith('/solutions/'))
      .map((weight) => weight.page)
    expect(solutionPages.length).toBe(7)
    for (const page of [...islandPages, ...solutionPages]) {
      const html = readFileSync(pageFile(siteDir, page), 'utf8')
      expect(html, page).toMatch(new RegExp(`<div ${staticSectionAttribute}="[^"]+" class="contents">`))
    }
  })

  it("keeps the site frame's static parts and the long pages' plain sections as static islands", () => {
    const section = (name: string) => `<div ${staticSectionAttribute}="${name}" class="contents">`
    // The header's links and desktop navigation (hydrated only on a wide screen), the footer but its form.
    for (const { page } of publicPages) {
      const html = readFileSync(pageFile(siteDir, page), 'utf8')
      for (const name of [
        'site-header',
        'site-footer-links',
        'site-footer-badges',
        'site-footer-copyright',
      ]) {
        expect(html, `${page}: ${name}`).toContain(section(name))
      }
    }
    const pageSections: Record<string, readonly string[]> = {
      '/careers': ['careers-values', 'careers-benefits-culture'],
      '/solutions': ['solutions-categories'],
      // The heroes' drifting dots: a hundred SVG circles with nothing to run.
      '/': ['particles-100-default'],
      '/about': ['particles-80-11'],
    }
    for (const [page, names] of Object.entries(pageSections)) {
      const html = readFileSync(pageFile(siteDir, page), 'utf8')
      for (const name of names) expect(html, `${page}: ${name}`).toContain(section(name))
    }
  })

  it('writes every lazy island in place, complete, and no Suspense boundary outlined for a script to swap in', () => {
    const islands = weights.flatMap((weight) => {
      const html = readFileSync(pageFile(siteDir, weight.page), 'utf8')
      expect(html, weight.page).not.toMatch(/<template id="B:|\$RC\(/)
      return [
        ...html.matchAll(new RegExp(`<div ${lazyIslandAttribute}="([^"]+)" class="contents">(.{0,8})`, 'g')),
      ]
    })
    expect(islands.map((match) => match[1])).toEqual(
      expect.arrayContaining(['home-solutions-overview', 'home-success-stories']),
    )
    for (const [, name, start] of islands) expect(start, name).toMatch(/^<!--\$-->/)
  })

  it('loads the carousel code only on the pages that show a carousel, and embla only once one nears the viewport', () => {
    const carousel = /\/carousel-[^/]+\.js$/
    const withCarousel = weights
      .filter((weight) => ownPageCode(siteDir, weight.page).files.some((file) => carousel.test(file)))
      .map((weight) => weight.page)
    expect(withCarousel.sort()).toEqual([...carouselPages].sort())
    // The home page's stories carousel is far below the fold: a lazy island, not in the first load.
    expect(pageWeight(siteDir, '/').js.filter((file) => carousel.test(file))).toEqual([])
    // embla (~7 KB gzip) is in no page's first load: the carousel imports it when it comes near the viewport.
    const embla = /\/embla-carousel[^/]*\.js$/
    for (const weight of weights)
      expect(
        weight.js.filter((file) => embla.test(file)),
        weight.page,
      ).toEqual([])
    for (const page of carouselPages)
      expect(
        ownPageCode(siteDir, page).files.some((file) => embla.test(file)),
        page,
      ).toBe(true)
  })
})
