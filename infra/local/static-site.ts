/**
 * Serves the prerendered site the way CloudFront will: a clean URL serves that route's prerendered HTML,
 * an unknown path serves the not-found page with status 404, hashed assets are cached for a year.
 */
import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { extname, join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib'
import { uploadsFolders } from '../../functions/lib/store-definitions'
import { repoRoot } from '../build-paths'
import { siteSecurityHeaders } from '../security-headers'
import { cacheControl, listPagePaths, notFoundPagePath, shellPageOf } from '../site-files'

export const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
}

/** The headers CloudFront's response headers policy adds (the stand-in has no analytics host). */
const pageHeaders = siteSecurityHeaders()

/** listPagePaths as a set, for the local server's lookups. */
export async function findPagePaths(siteDir: string): Promise<Set<string>> {
  return new Set(listPagePaths(siteDir))
}

/** Where a request path leads: a file with its status, or nothing (the caller answers 404). */
export interface SiteResolution {
  readonly file: string
  readonly status: 200 | 404
  readonly cacheControl: string
}

/**
 * Resolves a URL path against the built site. Pure apart from one stat: the decision rules are the ones
 * the CloudFront viewer-request/viewer-response functions apply.
 */
export async function resolveSitePath(
  siteDir: string,
  pages: ReadonlySet<string>,
  rawPath: string,
): Promise<SiteResolution> {
  const notFound: SiteResolution = {
    file: join(siteDir, notFoundPagePath.slice(1), 'index.html'),
    status: 404,
    cacheControl: cacheControl.html,
  }
  let path: string
  try {
    path = decodeURIComponent(rawPath)
  } catch {
    return notFound
  }
  if (path.includes('\0') || path.split('/').includes('..')) return notFound
  const pagePath = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
  if (pages.has(pagePath)) {
    const file = join(siteDir, pagePath === '/' ? '' : pagePath.slice(1), 'index.html')
    return { file, status: 200, cacheControl: cacheControl.html }
  }
  // A page with an id in its path (a lead's page): its prerendered shell.
  const shell = shellPageOf(pagePath, pages)
  if (shell)
    return { file: join(siteDir, shell.slice(1), 'index.html'), status: 200, cacheControl: cacheControl.html }
  // The page's own file, as a link might name it: `/contact/index.html`, `/index.html`.
  if (path.endsWith('/index.html') && pages.has(path.slice(0, -'/index.html'.length) || '/')) {
    return { file: join(siteDir, path.slice(1)), status: 200, cacheControl: cacheControl.html }
  }
  const lastSegment = path.split('/').pop() ?? ''
  if (extname(lastSegment) !== '' && !path.endsWith('.html')) {
    const file = join(siteDir, path.slice(1))
    const info = await stat(file).catch(() => undefined)
    if (info?.isFile()) {
      return {
        file,
        status: 200,
        cacheControl: path.startsWith('/assets/') ? cacheControl.hashedAsset : cacheControl.other,
      }
    }
  }
  return notFound
}

/** The public folder of the uploads bucket, as a URL path: nothing else under /files/ is ever served. */
export const publicFilesPath = `/files/${uploadsFolders.resources}`

/**
 * The uploads-bucket key a `/files/…` path serves, or undefined (answer 404): the path must decode to
 * `/files/resources/<name>`, with no `..` segment, backslash or NUL byte. The same rule as the /files/*
 * viewer-request function of CloudFront (infra/constructs/site-functions.ts); a test runs both on the same paths.
 */
export function filesObjectKey(rawPath: string): string | undefined {
  let path: string
  try {
    path = decodeURIComponent(rawPath)
  } catch {
    return undefined
  }
  if (
    !path.startsWith(publicFilesPath) ||
    path.length === publicFilesPath.length ||
    path.includes('\0') ||
    path.includes('\\') ||
    path.split('/').includes('..')
  ) {
    return undefined
  }
  return path.slice('/files/'.length)
}

/** Types CloudFront compresses (its list, minus what this site never serves). */
const compressibleTypes = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
])
/** CloudFront compresses files from 1,000 bytes to 10 MB. */
const compressibleSize = { min: 1000, max: 10_000_000 }

/** The encoding CloudFront would pick for this Accept-Encoding: Brotli first, then gzip, else none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, quality]) => quality?.trim() !== 'q=0')
      .map(([name]) => name?.trim().toLowerCase()),
  )
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return undefined
}

const compress = {
  br: (data: Buffer) =>
    promisify(brotliCompress)(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (data: Buffer) => promisify(gzip)(data, { level: 9 }),
}
/** Compressed files by path, modification time and encoding: the site's files do not change while served. */
const compressedCache = new Map<string, Promise<Buffer>>()

/**
 * Where compressed copies are kept between runs, by their content's hash and encoding: Brotli at quality 9
 * costs about 6 CPU-seconds for the whole site, which every stand-in (each end-to-end test file starts one,
 * and each `npm start`) otherwise paid again. A changed file has another hash, so no copy is ever stale.
 */
export const compressedCopiesDir = join(repoRoot, 'node_modules', '.cache', 'stand-in-compressed')

/**
 * A file's bytes compressed: the kept copy when there is one, else compressed now and kept (written aside and
 * renamed into place, so a reader never sees half a copy). The copies are only a saving: a folder that cannot
 * be read or written just means compressing.
 */
export async function compressedCopy(
  data: Buffer,
  encoding: 'br' | 'gzip',
  directory = compressedCopiesDir,
): Promise<Buffer> {
  const name = `${createHash('sha256').update(data).digest('hex')}.${encoding}`
  const kept = await readFile(join(directory, name)).catch(() => undefined)
  if (kept) return kept
  const bytes = await compress[encoding](data)
  const aside = join(directory, `${name}.${process.pid}.${Math.random().toString(36).slice(2)}`)
  await mkdir(directory, { recursive: true })
    .then(() => writeFile(aside, bytes))
    .then(() => rename(aside, join(directory, name)))
    .catch(() => rm(aside, { force: true }).catch(() => undefined))
  return bytes
}

/**
 * Sends a resolved file with its content type and cache headers, compressed as CloudFront compresses it
 * (so local measurements, Lighthouse included, see the bytes a visitor downloads).
 */
export async function sendSiteFile(
  response: ServerResponse,
  resolution: SiteResolution,
  headOnly: boolean,
  acceptEncoding?: string,
): Promise<void> {
  const info = await stat(resolution.file).catch(() => undefined)
  if (!info) {
    response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
    response.end('Not found. Run `npm run build` to build the site.')
    return
  }
  const extension = extname(resolution.file)
  const headers = {
    'content-type': contentTypes[extension] ?? 'application/octet-stream',
    'cache-control': resolution.cacheControl,
    ...pageHeaders,
  }
  const encoding =
    compressibleTypes.has(extension) && info.size >= compressibleSize.min && info.size <= compressibleSize.max
      ? pickEncoding(acceptEncoding)
      : undefined
  if (encoding) {
    const key = `${resolution.file}\0${info.mtimeMs}\0${encoding}`
    let body = compressedCache.get(key)
    if (!body) {
      body = readFile(resolution.file).then((data) => compressedCopy(data, encoding))
      compressedCache.set(key, body)
      body.catch(() => compressedCache.delete(key))
    }
    const bytes = await body
    response.writeHead(resolution.status, {
      ...headers,
      'content-encoding': encoding,
      'content-length': String(bytes.byteLength),
      vary: 'accept-encoding',
    })
    response.end(headOnly ? undefined : bytes)
    return
  }
  response.writeHead(resolution.status, { ...headers, 'content-length': String(info.size) })
  if (headOnly) {
    response.end()
    return
  }
  createReadStream(resolution.file).pipe(response)
}
