/**
 * `npm run smoke -- <site URL> [--canonical-origin <origin|none>] [--write]`: checks a deployed site (or the
 * local stand-in) from outside, the way a visitor and a crawler reach it. Run it after each deploy.
 *
 * Read-only unless `--write`: every page of the page table (web/app/content/pages.ts) answers 200 with its
 * title and canonical link, an unknown path answers 404, the security headers and CSP are there, the public
 * lists answer JSON arrays, an admin list refuses a caller without a token, and exports are not served as
 * files. `--write` also sends one contact message marked as a smoke test and prints its id.
 *
 * Pages name the origin the site was built for (SITE_URL, the stack's domainName). That is the site URL
 * unless `--canonical-origin` says otherwise: the custom domain when checking through the CloudFront
 * address, or `none` for a site built without a site URL (its pages carry no canonical link).
 *
 * One line per check, then `N passed, M failed`; exit code 1 on any failure, 2 on bad arguments.
 */
import { randomUUID } from 'node:crypto'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { honeypotField, idempotencyKeyHeader } from '../functions/core/lead-protection'
import { parseSiteUrl } from '../functions/core/site-config'
import { uploadsFolders } from '../functions/lib/store-definitions'
import { type RouteId, routeById } from '../functions/routes'
import { company } from '../web/app/content/company'
import { type SitePage, sitePages } from '../web/app/content/pages'

export interface SmokeOptions {
  /** The site to check, an origin such as https://www.example.in. */
  readonly siteUrl: string
  /** The origin the pages' canonical links must name; null when they must have none. @default siteUrl */
  readonly canonicalOrigin?: string | null
  /** Also send one contact message marked as a test. @default false */
  readonly write?: boolean
  /** Where each result line goes. @default console.log */
  readonly print?: (line: string) => void
  /** Per-request time limit. @default 15 s */
  readonly timeoutMs?: number
}

export interface SmokeResult {
  readonly name: string
  readonly ok: boolean
  readonly detail: string
}

export interface SmokeReport {
  readonly results: readonly SmokeResult[]
  readonly passed: number
  readonly failed: number
}

/**
 * The contact `--write` sends: plainly a test, so staff can tell it from a lead and delete it. An e-mail and no
 * phone (the form needs one of them): a made-up mobile number could be someone's.
 */
export const smokeContact = {
  name: 'Smoke test',
  email: 'smoke-test@example.com',
  subject: 'Smoke test of a deployment (not a real enquiry)',
  message:
    'This message was sent by `npm run smoke -- --write` to check that the contact form works after a deploy. It is not a real enquiry: please ignore or delete it.',
  // Required of every sender (the privacy notice's age confirmation); no optional purpose is ticked.
  adult: true,
  [honeypotField]: '',
} as const

/** A path under the exports folder of the files bucket; no export may be fetched by its address. */
export const exportProbePath = `/files/${uploadsFolders.exports}smoke-test-probe.xlsx`

const usage = [
  'Usage: npm run smoke -- <site URL> [--canonical-origin <origin|none>] [--write]',
  '',
  '  <site URL>           the site to check, e.g. https://www.example.in or http://127.0.0.1:3000',
  '  --canonical-origin   the origin the pages name in their canonical links (default: the site URL);',
  '                       "none" for a site built without SITE_URL / domainName',
  '  --write              also send one contact message marked as a smoke test, and print its id',
].join('\n')

const apiPath = (id: RouteId): string => routeById(id).path

/** The page's `<title>` as text (entities decoded). */
function titleOf(html: string): string | undefined {
  const raw = html.match(/<title>([^<]*)<\/title>/)?.[1]
  return raw === undefined ? undefined : decodeEntities(raw)
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(code.slice(2), 16))
    if (code.startsWith('#')) return String.fromCodePoint(Number(code.slice(1)))
    return named[code.toLowerCase()] ?? entity
  })
}

/** The href of every `<link rel="canonical">` of the page. */
function canonicalLinks(html: string): string[] {
  return [...html.matchAll(/<link\b[^>]*>/gi)]
    .map((match) => match[0])
    .filter((tag) => /\brel=["']?canonical["'\s>/]/i.test(tag))
    .map((tag) => decodeEntities(tag.match(/\bhref=["']([^"']*)["']/i)?.[1] ?? ''))
}

/** What a page of the table must look like; empty when it does. */
function pageProblems(
  page: SitePage,
  status: number,
  html: string,
  canonicalOrigin: string | null,
): string[] {
  const problems: string[] = []
  if (status !== 200) problems.push(`status ${status}, expected 200`)
  const expectedTitle = `${page.title} | ${company.name}`
  const title = titleOf(html)
  if (title !== expectedTitle)
    problems.push(`title ${JSON.stringify(title ?? null)}, expected ${JSON.stringify(expectedTitle)}`)
  const canonicals = canonicalLinks(html)
  if (canonicalOrigin === null) {
    if (canonicals.length > 0) problems.push(`canonical ${canonicals.join(', ')}, expected none`)
  } else {
    const expected = new URL(page.path, `${canonicalOrigin}/`).href
    if (canonicals.length !== 1 || canonicals[0] !== expected) {
      problems.push(
        `canonical ${canonicals.length === 0 ? 'missing' : canonicals.join(', ')}, expected ${expected}`,
      )
    }
  }
  return problems
}

/** The site-wide security headers every page must carry (infra/security-headers.ts sets them). */
function headerProblems(headers: Headers): string[] {
  const problems: string[] = []
  if (!/max-age=\d{7,}/.test(headers.get('strict-transport-security') ?? '')) {
    problems.push('strict-transport-security missing or its max-age under 1000000 seconds')
  }
  if (headers.get('x-content-type-options')?.toLowerCase() !== 'nosniff')
    problems.push('x-content-type-options is not nosniff')
  if (!/^(deny|sameorigin)$/i.test(headers.get('x-frame-options') ?? ''))
    problems.push('x-frame-options missing')
  if (!headers.get('referrer-policy')) problems.push('referrer-policy missing')
  return problems
}

function cspProblems(headers: Headers): string[] {
  const policy = headers.get('content-security-policy')
  if (!policy) return ['content-security-policy header missing']
  const directives = new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name?.toLowerCase() ?? '', values] as const),
  )
  const problems: string[] = []
  const expect = (name: string, value: string) => {
    if (!directives.get(name)?.includes(value)) problems.push(`${name} is not ${value}`)
  }
  expect('default-src', "'self'")
  expect('object-src', "'none'")
  expect('frame-ancestors', "'none'")
  expect('base-uri', "'none'")
  return problems
}

export async function runSmoke(options: SmokeOptions): Promise<SmokeReport> {
  const print = options.print ?? console.log
  const site = options.siteUrl
  const canonicalOrigin = options.canonicalOrigin === undefined ? site : options.canonicalOrigin
  const timeoutMs = options.timeoutMs ?? 15_000
  const results: SmokeResult[] = []

  const get = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(path, `${site}/`), {
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
      ...init,
      headers: { 'user-agent': 'suryodaya-smoke-test', ...(init.headers as Record<string, string>) },
    })
    return { status: response.status, headers: response.headers, text: await response.text() }
  }

  /** Runs one check: it returns a detail line on success and throws (or returns problems) on failure. */
  const check = async (name: string, run: () => Promise<{ problems: string[]; detail: string }>) => {
    let result: SmokeResult
    try {
      const { problems, detail } = await run()
      result = {
        name,
        ok: problems.length === 0,
        detail: problems.length === 0 ? detail : problems.join('; '),
      }
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code
      result = {
        name,
        ok: false,
        detail: `${error instanceof Error ? error.message : String(error)}${cause ? ` (${cause})` : ''}`,
      }
    }
    results.push(result)
    print(`${result.ok ? 'PASS' : 'FAIL'}  ${result.name}: ${result.detail}`)
  }

  const jsonArray = (id: RouteId) =>
    check(`GET ${apiPath(id)} answers a JSON array`, async () => {
      const { status, headers, text } = await get(apiPath(id), { headers: { accept: 'application/json' } })
      const problems: string[] = []
      if (status !== 200) problems.push(`status ${status}, expected 200`)
      if (!(headers.get('content-type') ?? '').includes('application/json')) {
        problems.push(`content-type ${headers.get('content-type') ?? 'missing'}, expected application/json`)
      }
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        problems.push('body is not JSON')
      }
      if (problems.length === 0 && !Array.isArray(body)) problems.push('body is not an array')
      return { problems, detail: `200, ${Array.isArray(body) ? body.length : 0} item(s)` }
    })

  for (const page of sitePages) {
    await check(`page ${page.path}`, async () => {
      const { status, text } = await get(page.path)
      const problems = pageProblems(page, status, text, canonicalOrigin)
      const canonical =
        canonicalOrigin === null
          ? 'no canonical'
          : `canonical ${new URL(page.path, `${canonicalOrigin}/`).href}`
      return { problems, detail: `200, "${titleOf(text)}", ${canonical}` }
    })
  }

  await check('an unknown path answers 404', async () => {
    const path = `/smoke-test-no-such-page-${randomUUID().slice(0, 8)}`
    const { status } = await get(path)
    return {
      problems: status === 404 ? [] : [`${path} answered ${status}, expected 404`],
      detail: `${path} answered 404`,
    }
  })

  const home = get('/')
  await check('security headers on the pages', async () => {
    const { headers } = await home
    return {
      problems: headerProblems(headers),
      detail: 'strict-transport-security, x-content-type-options, x-frame-options, referrer-policy',
    }
  })
  await check('content security policy on the pages', async () => {
    const { headers } = await home
    return {
      problems: cspProblems(headers),
      detail: "default-src 'self', object-src, frame-ancestors and base-uri 'none'",
    }
  })

  await jsonArray('list-jobs')
  await jsonArray('list-resources')

  await check(`GET ${apiPath('admin-list-contacts')} without a token answers 401`, async () => {
    const { status } = await get(apiPath('admin-list-contacts'))
    return { problems: status === 401 ? [] : [`status ${status}, expected 401`], detail: '401' }
  })

  await check('an export under /files/exports/ is refused', async () => {
    const { status } = await get(exportProbePath)
    const refused = status === 403 || status === 404
    return {
      problems: refused ? [] : [`${exportProbePath} answered ${status}, expected 403 or 404`],
      detail: `${exportProbePath} answered ${status}`,
    }
  })

  if (options.write) {
    await check(`POST ${apiPath('create-contact')} stores a contact marked as a smoke test`, async () => {
      const response = await fetch(new URL(apiPath('create-contact'), `${site}/`), {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'suryodaya-smoke-test',
          [idempotencyKeyHeader]: `smoke-test-${randomUUID()}`,
        },
        body: JSON.stringify(smokeContact),
      })
      const text = await response.text()
      let id: unknown
      try {
        id = (JSON.parse(text) as { id?: unknown }).id
      } catch {
        id = undefined
      }
      const problems: string[] = []
      if (response.status !== 201)
        problems.push(`status ${response.status}, expected 201: ${text.slice(0, 200)}`)
      else if (typeof id !== 'string' || id === '') problems.push('no id in the answer')
      return { problems, detail: `201, contact id ${String(id)} (name "${smokeContact.name}")` }
    })
  }

  const passed = results.filter((result) => result.ok).length
  const failed = results.length - passed
  print(`${passed} passed, ${failed} failed`)
  return { results, passed, failed }
}

/** The command line's options, or a message for the usage error. */
export function parseSmokeArgs(argv: readonly string[]): SmokeOptions | { error: string } {
  const options = { 'canonical-origin': { type: 'string' }, write: { type: 'boolean' } } as const
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>
  try {
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true })
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
  const [target, ...extra] = parsed.positionals
  if (target === undefined) return { error: 'The site URL is missing.' }
  if (extra.length > 0) return { error: `Unexpected argument ${JSON.stringify(extra[0])}.` }
  try {
    const siteUrl = parseSiteUrl(target, 'The site URL')
    if (siteUrl === undefined) return { error: 'The site URL is missing.' }
    const canonical = parsed.values['canonical-origin']
    const canonicalOrigin =
      canonical === undefined
        ? siteUrl
        : canonical === 'none'
          ? null
          : parseSiteUrl(canonical, '--canonical-origin')
    if (canonicalOrigin === undefined) return { error: '--canonical-origin needs an origin or "none".' }
    return { siteUrl, canonicalOrigin, write: parsed.values.write ?? false }
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = parseSmokeArgs(process.argv.slice(2))
  if ('error' in options) {
    console.error(`${options.error}\n\n${usage}`)
    process.exit(2)
  }
  const mode = options.write ? 'sends one test contact' : 'read-only'
  console.log(`Smoke test of ${options.siteUrl} (${mode})`)
  const report = await runSmoke(options)
  process.exit(report.failed === 0 ? 0 : 1)
}
