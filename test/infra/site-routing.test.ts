import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  filesPrefixFunctionCode,
  siteRequestFunctionCode,
  siteResponseFunctionCode,
} from '../../infra/constructs/site-functions'
import { filesObjectKey, resolveSitePath } from '../../infra/local/static-site'
import { listPagePaths, shellRules } from '../../infra/site-files'
import { leadPath } from '../../web/app/features/admin/shared/lead-links'

type Request = { uri: string }
type Response = { statusCode: number; statusDescription?: string }

/** Loads CloudFront Function code (plain ES5, a global `handler`) the way the runtime calls it. */
function load<T>(code: string): (event: { request: Request; response?: Response }) => T {
  return new Function(`${code}\nreturn handler`)() as (event: { request: Request; response?: Response }) => T
}

let site: string
let pages: string[]

beforeAll(async () => {
  site = await mkdtemp(join(tmpdir(), 'site-routing-'))
  for (const page of [
    '',
    'contact',
    'solutions',
    'solutions/solar',
    'admin/leads',
    'admin/leads/lead',
    '404',
  ]) {
    await mkdir(join(site, page), { recursive: true })
    await writeFile(join(site, page, 'index.html'), `<title>${page}</title>`)
  }
  await mkdir(join(site, 'assets'))
  await writeFile(join(site, 'assets', 'app-1a2b3c.js'), 'console.log(1)')
  await writeFile(join(site, 'robots.txt'), 'User-agent: *')
  pages = listPagePaths(site)
})
afterAll(() => rm(site, { recursive: true, force: true }))

/** A lead id as the API issues them (a UUID), and its page's path. */
const leadId = '0190c0de-0000-7000-8000-000000000001'

/** Paths whose answer the stand-in and CloudFront must agree on. */
const paths = [
  leadPath(leadId),
  `${leadPath(leadId)}/`,
  leadPath(leadId.toUpperCase()),
  '/admin/leads/lead',
  '/admin/leads/',
  '/admin/leads/abc',
  '/admin/leads/abc/def',
  `${leadPath(leadId)}/notes`,
  `/admin/leads/${leadId}x`,
  '/admin/leads/../x',
  '/admin/leads/%2e%2e/x',
  `/admin/leads/..%2F${leadId}`,
  `/admin/${leadId}`,
  '/',
  '/contact',
  '/contact/',
  '/solutions',
  '/solutions/solar',
  '/solutions/solar/',
  '/index.html',
  '/contact/index.html',
  '/assets/app-1a2b3c.js',
  '/robots.txt',
  '/services',
  '/services/',
  '/contact/extra',
  '/404',
  '/404/index.html',
  '/contact.html',
  '/.env',
  '/%2e%2e/etc/passwd',
  '/../x.js',
  '/%E0%A4%A',
  '/a%00b',
  '/constructor',
  '/__proto__',
  '/hasOwnProperty',
]

describe('CloudFront routing functions', () => {
  it('lists the prerendered pages, without the not-found page', () => {
    expect(pages).toEqual([
      '/',
      '/admin/leads',
      '/admin/leads/lead',
      '/contact',
      '/solutions',
      '/solutions/solar',
    ])
  })

  it("answers a lead's page path with the lead page's shell, and anything else under the inbox with 404", async () => {
    const viewerRequest = load<Request>(siteRequestFunctionCode(pages))
    const viewerResponse = load<Response>(siteResponseFunctionCode(pages))
    const shellFile = join(site, 'admin', 'leads', 'lead', 'index.html')
    for (const path of [leadPath(leadId), `${leadPath(leadId)}/`]) {
      expect(viewerRequest({ request: { uri: path } }).uri).toBe('/admin/leads/lead/index.html')
      expect(viewerResponse({ request: { uri: path }, response: { statusCode: 200 } }).statusCode).toBe(200)
      expect(await resolveSitePath(site, new Set(pages), path)).toMatchObject({
        file: shellFile,
        status: 200,
      })
    }
    for (const path of [
      '/admin/leads/../x',
      '/admin/leads/abc/def',
      '/admin/leads/abc',
      `${leadPath(leadId)}/x`,
    ]) {
      expect(viewerRequest({ request: { uri: path } }).uri, path).toBe('/404/index.html')
      expect(viewerResponse({ request: { uri: path }, response: { statusCode: 200 } }).statusCode, path).toBe(
        404,
      )
      expect((await resolveSitePath(site, new Set(pages), path)).status, path).toBe(404)
    }
  })

  it('answers a lead path with 404 when the build has no shell page for it', async () => {
    const withoutShell = pages.filter((page) => page !== '/admin/leads/lead')
    const viewerRequest = load<Request>(siteRequestFunctionCode(withoutShell))
    expect(viewerRequest({ request: { uri: leadPath(leadId) } }).uri).toBe('/404/index.html')
    expect((await resolveSitePath(site, new Set(withoutShell), leadPath(leadId))).status).toBe(404)
  })

  it("takes its shell rules from the page list: the lead page under the inbox path, a rights request's under the desk's", () => {
    expect(shellRules).toEqual([
      { prefix: '/admin/leads/', id: expect.any(String), shell: '/admin/leads/lead' },
      {
        prefix: '/admin/privacy/requests/',
        id: expect.any(String),
        shell: '/admin/privacy/requests/case',
      },
    ])
  })

  it.each(paths)('answers %s with the same status and file as the local stand-in', async (path) => {
    const viewerRequest = load<Request>(siteRequestFunctionCode(pages))
    const viewerResponse = load<Response>(siteResponseFunctionCode(pages))
    const local = await resolveSitePath(site, pages.length ? new Set(pages) : new Set(), path)

    const rewritten = viewerRequest({ request: { uri: path } }).uri
    // CloudFront may hand the response function the viewer's URI or the rewritten one: both must agree.
    for (const uri of [path, rewritten]) {
      const response = viewerResponse({ request: { uri }, response: { statusCode: 200 } })
      expect(response.statusCode, `viewer-response with ${uri}`).toBe(local.status)
    }
    expect(join(site, decodeURIComponentSafe(rewritten))).toBe(local.file)
  })

  it('rewrites clean URLs to the page files and leaves asset paths alone', () => {
    const viewerRequest = load<Request>(siteRequestFunctionCode(pages))
    expect(viewerRequest({ request: { uri: '/solutions/solar/' } }).uri).toBe('/solutions/solar/index.html')
    expect(viewerRequest({ request: { uri: '/assets/app-1a2b3c.js' } }).uri).toBe('/assets/app-1a2b3c.js')
    expect(viewerRequest({ request: { uri: '/services' } }).uri).toBe('/404/index.html')
  })

  it('fits the 10 KB limit of a CloudFront Function with a realistic page list', () => {
    const manyPages = Array.from({ length: 60 }, (_, index) => `/solutions/some-long-page-name-${index}`)
    expect(siteRequestFunctionCode(manyPages).length).toBeLessThan(10 * 1024)
  })
})

/** /files/ paths whose answer the stand-in and CloudFront's /files/* function must agree on. */
const filePaths = [
  '/files/resources/1767225600000-report.pdf',
  '/files/resources/nested/name.png',
  '/files/%72esources/1-a.pdf',
  '/files/resources/',
  '/files/resources',
  '/files/exports/1767225600000-0b5c/quotes.csv',
  '/files/exports/',
  '/files/Resources/1-a.pdf',
  '/files/1-a.pdf',
  '/files/',
  '/files/resources/../exports/1-x/quotes.csv',
  '/files/resources/%2e%2e/exports/1-x/quotes.csv',
  '/files/resources/%2E%2E%2Fexports%2F1-x%2Fquotes.csv',
  '/files/resources%2F..%2Fexports%2Fq.csv',
  '/files/resources/a%5C..%5Cexports%5Cq.csv',
  '/files/resources/a%00.pdf',
  '/files/resources/%E0%A4%A',
  '/files/resources-old/1-a.pdf',
]

/** What CloudFront's /files/* viewer-request function does with a URI: the S3 key it asks for, or 404. */
function cloudFrontFiles(uri: string): string | number {
  const handler = load<Request & { statusCode?: number }>(filesPrefixFunctionCode)
  const result = handler({ request: { uri } })
  if (result.statusCode !== undefined) return result.statusCode === 404 ? 404 : result.statusCode
  // S3 decodes the key of the URI it receives.
  return decodeURIComponent(result.uri).slice(1)
}

describe('the /files/* viewer-request function', () => {
  it.each(filePaths)('answers %s as the local stand-in does', (path) => {
    expect(cloudFrontFiles(path)).toBe(filesObjectKey(path) ?? 404)
  })

  it('serves the resources folder only: an export key or any other folder answers 404', () => {
    expect(cloudFrontFiles('/files/resources/1767225600000-report.pdf')).toBe(
      'resources/1767225600000-report.pdf',
    )
    for (const path of filePaths.filter(
      (candidate) => !/^\/files\/(resources|%72esources)\/\w/.test(candidate),
    )) {
      expect(cloudFrontFiles(path), path).toBe(404)
    }
  })
})

function decodeURIComponentSafe(uri: string): string {
  try {
    return decodeURIComponent(uri).slice(1)
  } catch {
    return uri.slice(1)
  }
}
