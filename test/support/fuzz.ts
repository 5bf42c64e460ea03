import { exportKinds, leadExportFormats } from '@core/exports'
import { honeypotField, idempotencyKeyHeader } from '@core/lead-protection'
import { pipelineLimits } from '@core/pipeline'
import type { APIGatewayProxyEventV2 } from 'aws-lambda'
import fc from 'fast-check'
import { originSecretHeader } from '../../functions/lib/store-definitions'
import { type ApiRoute, type RouteId, routes } from '../../functions/routes'
import { binaryString } from './code-points'
import { apiEvent } from './events'
import type { RouteFixture } from './route-fixtures'

/**
 * Generators of BAD requests for the handlers of functions/routes.ts (the fuzz tests). Each generated
 * request carries at least one fault that must make the handler refuse it with a 4xx (the "breaker"), plus
 * noise that must not matter (extra fields and headers, odd Unicode elsewhere, base64 transport). What each
 * route reads (body and what breaks it, list query, inbox filters, path parameters) is its fixture
 * (test/support/route-fixtures.ts); every route also gets the faults every route must refuse (broken JSON,
 * wrong content type, oversize body, bad path parameters).
 */

/** Characters that break naive code: lone surrogates, bidi overrides, zero-width, emoji, controls, NUL. */
export const oddCharacters = [
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\u202E',
  '\u202D',
  '\u200F',
  '\u200B',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\uFFFE',
  '\uFFFF',
  '\u0000',
  '\u0007',
  '\u001B',
  '\u007F',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u0301',
  '😀',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  '𝕏',
  'ﷺ',
  'İ',
  'ß',
  'ǅ',
  'ש',
  'ع',
  '\\',
  '"',
  "'",
  '`',
  '<script>',
  '%00',
  '%2e%2e%2f',
  '../',
  '..\\',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4j-style lookup, sent as plain text on purpose
  '${jndi:ldap://x/a}',
  '{{7*7}}',
  '=1+1',
  '\r\n',
  '__proto__',
] as const

/** Strings of odd Unicode, binary code points and graphemes. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.constantFrom(...oddCharacters), maxLength: 40 }),
  binaryString({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
)

/**
 * A string of at least `min` code points (zod counts those) and UTF-16 units, none of them white space (so
 * trimming cannot shorten it).
 */
export function longString(min: number, max = min + 2000): fc.Arbitrary<string> {
  return fc
    .tuple(fc.integer({ min, max }), fc.constantFrom('x', 'é', '😀', '\u202E', '\u200B', 'ש', '\uD800', '9'))
    .map(([length, unit]) => unit.repeat(length))
}

/** Huge strings: far past any field limit, up to 200,000 units. */
export const hugeString: fc.Arbitrary<string> = longString(20_000, 200_000)

/** Values of the wrong type for a text field. */
export const notAString: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
)

/**
 * Values of the wrong type for an optional text field: null is left out, since it is how a client says "not
 * given" (field-schemas.ts blankAsNone), like an empty string. So are NaN and ±Infinity, which JSON writes as
 * null (a run of CI drew NaN for an optional field, sent as null and rightly accepted).
 */
export const notAStringNorNull: fc.Arbitrary<unknown> = notAString.filter(
  (value) => JSON.stringify(value) !== 'null',
)

/** Keys a handler must never trust or copy: item keys, ids, times, prototype pollution. */
const dangerousKeys = [
  'pk',
  'sk',
  'id',
  'createdAt',
  'consent',
  '__proto__',
  'constructor',
  'prototype',
  'count',
]

/** Extra fields, as unknown keys with any JSON value (never the honeypot field, which answers 200). */
export const extraFields: fc.Arbitrary<Record<string, unknown>> = fc
  .dictionary(
    fc.oneof(fc.constantFrom(...dangerousKeys), oddString, fc.string({ maxLength: 12 })),
    fc.oneof(fc.jsonValue({ maxDepth: 3 }), oddString, fc.constant('[]'.repeat(2000))),
    { maxKeys: 4 },
  )
  .map((fields) => {
    const { [honeypotField]: _honeypot, ...rest } = fields
    return rest
  })

/** Text that JSON.parse refuses. */
export const brokenJson: fc.Arbitrary<string> = fc
  .oneof(
    fc.string({ maxLength: 60 }),
    fc.string({
      unit: fc.constantFrom('{', '}', '[', ']', '"', ':', ',', '\\', 'n', 'u', '0', ' '),
      maxLength: 40,
    }),
    fc.jsonValue({ maxDepth: 2 }).chain((value) => {
      const text = JSON.stringify(value) ?? 'null'
      return fc.integer({ min: 0, max: Math.max(0, text.length - 1) }).map((cut) => text.slice(0, cut))
    }),
    fc.constantFrom(
      "{'name': 'x'}",
      '{"name": "x",}',
      '{name: "x"}',
      '{"a": NaN}',
      '{"a": undefined}',
      '{"a": 1} // comment',
      '\uFEFF{"a": 1}',
      '{"a": "\u0000\u0001"}',
      '{"a": "\\x41"}',
      '{"a": "\\uD800"',
      '[1, 2',
      `${'['.repeat(3000)}${']'.repeat(2999)}`,
      '{"a":1}{"b":2}',
      '<xml/>',
      'a=1&b=2',
      '--boundary\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--boundary--',
    ),
  )
  .filter((text) => {
    if (text.trim() === '') return false
    try {
      JSON.parse(text)
      return false
    } catch {
      return true
    }
  })

/** Content types that are not JSON (absent too): the body must be refused with 415. */
export const wrongContentType: fc.Arbitrary<string | undefined> = fc
  .oneof(
    fc.constantFrom(
      undefined,
      '',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/xml',
      'application/jsonx',
      'application/json-patch',
      'json',
      'application/javascript',
      'text/json+plain',
      '*/*',
      'application/octet-stream',
      'image/svg+xml',
      'application/ json',
    ),
    fc.string({ maxLength: 30 }),
    oddString,
  )
  .filter((type) => {
    const media = (type ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
    return media !== 'application/json' && !media.endsWith('+json')
  })

/** Content types that ARE JSON, in their odd but valid spellings (noise). */
const jsonContentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;charset=latin1',
  'application/vnd.api+json',
  'application/problem+json',
)

/** What breaks the body a route reads (its fixture's `body` is one it accepts): for the faults specific to it. */
export interface BodySpec {
  /** Fields whose absence is an error. */
  readonly required: readonly string[]
  /** Text fields, with their maximum length where they have one. */
  readonly text: Readonly<Record<string, number | undefined>>
  /** Values that break one field although they have the right type. */
  readonly invalid?: Readonly<Record<string, fc.Arbitrary<unknown>>>
}

/** Text that is no e-mail address. */
export const badEmail = fc.oneof(
  fc.constantFrom(
    'a',
    'a@',
    '@b.c',
    'a b@c.de',
    'a@b',
    'a@@b.c',
    'a@b..c',
    '<a@b.c>',
    'a@b.c\u0000',
    'a\u202E@b.c',
  ),
  fc.string({ unit: fc.constantFrom('a', '.', ' ', '"', '\u200B', '😀'), minLength: 1, maxLength: 30 }),
)

const pdfBase64 = Buffer.from('%PDF-1.4\n% fuzz\n').toString('base64')
const pngBase64 = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString(
  'base64',
)
const htmlBase64 = Buffer.from('<html><script>alert(1)</script></html>').toString('base64')

/** A valid upload body (PDF), shared by the fuzz and upload tests. */
export const validUpload = {
  bucket: 'resources',
  path: '1700000000000-guide.pdf',
  file_base64: pdfBase64,
  contentType: 'application/pdf',
}

/** A valid body of POST /api/admin/upload-url (a file above the 4 MiB of the direct upload). */
export const validUploadUrlRequest = {
  fileName: 'Plant survey.pdf',
  contentType: 'application/pdf',
  size: 6_000_000,
}

/** Base64 texts that do not decode (bad alphabet, bad padding, bad length). */
export const brokenBase64: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'A',
    'AB',
    'ABC',
    'AAA=A',
    'A===',
    '====',
    '!!!!',
    'QUJD*',
    'QUJD\u0000',
    'QU JD',
    '%PDF',
    'data:;base64,@@@@',
  ),
  fc
    .string({
      unit: fc.constantFrom('A', 'b', '=', '-', '_', '.', ' ', '\t', '😀'),
      minLength: 1,
      maxLength: 40,
    })
    .filter(
      (text) =>
        /[^A-Za-z0-9+/=\r\n]/.test(text) ||
        text.replace(/[\r\n]/g, '').length % 4 !== 0 ||
        /=[^=]/.test(text),
    ),
)

/** Types outside the upload allow-list (SVG and HTML can run script). */
export const disallowedType: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'image/svg+xml',
    'text/html',
    'application/xhtml+xml',
    'application/javascript',
    'text/javascript',
    'application/x-msdownload',
    'application/x-sh',
    'application/octet-stream',
    'application/json',
    'text/xml',
    'image/bmp',
    'image/tiff',
    'video/mp4',
    'application/pdf\u0000',
    'application/pdf/x',
    'application/../pdf',
    '__proto__',
    'constructor',
    'toString',
  ),
  fc
    .string({ minLength: 1, maxLength: 40 })
    .filter((text) => !/^(application|image|text)\//i.test(text.trim())),
)

/** A file whose first bytes contradict the declared type. */
export const mismatchedFile: fc.Arbitrary<{ file_base64: string; contentType: string }> = fc.constantFrom(
  { file_base64: pngBase64, contentType: 'application/pdf' },
  { file_base64: htmlBase64, contentType: 'application/pdf' },
  { file_base64: htmlBase64, contentType: 'image/png' },
  { file_base64: pdfBase64, contentType: 'image/jpeg' },
  { file_base64: pdfBase64, contentType: 'application/zip' },
  { file_base64: pngBase64, contentType: 'text/plain' },
  { file_base64: Buffer.from([0xff, 0xfe, 0x00, 0x41]).toString('base64'), contentType: 'text/csv' },
  {
    file_base64: htmlBase64,
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
)

/** The largest body of a route whose fixture names none (functions/lib/http.ts). */
const defaultMaxBodyBytes = 64 * 1024

/** Page sizes the lists refuse. */
export const badLimit: fc.Arbitrary<string> = fc
  .oneof(
    fc.integer().map(String),
    fc.double().map(String),
    fc.constantFrom(
      '0',
      '101',
      '-1',
      '1.5',
      'ten',
      ' ',
      'NaN',
      'Infinity',
      '1e3',
      '10;DROP',
      '99999999999999999999',
    ),
    oddString,
  )
  .filter((text) => {
    if (text === '') return false
    const limit = Number(text)
    return !(Number.isInteger(limit) && limit >= 1 && limit <= 100)
  })

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** Paging cursors a list must refuse: garbage, other partitions, wrong shapes of its own partition. */
export function badCursor(partition: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ minLength: 1, maxLength: 60 }),
    oddString.filter((text) => text !== ''),
    fc.jsonValue({ maxDepth: 2 }).map(base64url),
    fc
      .constantFrom('ADMIN', 'COUNTER', 'RATE_LIMIT', 'IDEMPOTENCY', 'LOGIN#USER', 'QUOTE', 'JOB')
      .map((pk) => (pk === partition ? base64url({ pk, sk: 1 }) : base64url({ pk, sk: 'x' }))),
    fc
      .constantFrom(
        { pk: partition },
        { pk: partition, sk: '' },
        { pk: partition, sk: 'x'.repeat(2048) },
        { pk: partition, sk: 'x', extra: 'y' },
        { pk: partition, sk: 'x', id: 'y', createdAt: 'z' },
        { pk: partition, other: 'x' },
        { pk: partition, sk: '\uD800' },
        { pk: partition, sk: { S: 'x' } },
        { pk: [partition], sk: 'x' },
      )
      .map(base64url),
    fc
      .constantFrom(
        `{"pk":"${partition}","sk":"x","__proto__":{"admin":true}}`,
        `{"pk":"${partition}","sk":"x","sk":"y","pk":"ADMIN"}`,
        `{"pk":"${partition}","sk":"x"`,
      )
      .map((text) => Buffer.from(text).toString('base64url')),
  )
}

/** The path parameters of a route, from its path template (`/api/admin/jobs/{id}` → `['id']`). */
export function pathParameterNames(route: ApiRoute): string[] {
  return [...route.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '')
}

/** Path parameter values a route must answer 404 (or 400): nothing it knows, traversal, garbage. */
export const badPathParameter: fc.Arbitrary<string | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(
    '',
    '..',
    '../quotes',
    '%2e%2e%2fquotes',
    'quotes/../contacts',
    'QUOTES',
    'quotes ',
    ' quotes',
    'quotes\u0000',
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    '0190c0de-0000-4000-8000-000000000001',
    '0190C0DE-0000-7000-8000-000000000001',
    'ffffffff-ffff-7fff-bfff-ffffffffffff',
    '00000000-0000-7000-8000-000000000000',
  ),
  // Well-formed UUID v7s that name nothing stored.
  fc.uuid({ version: 7 }),
  oddString,
  longString(1000, 5000),
)

const knownPathParameters: readonly (string | undefined)[] = [...exportKinds, ...leadExportFormats]
const unknownPathParameter = badPathParameter.filter((value) => !knownPathParameters.includes(value))

/** Filter values the inbox refuses (functions/core/pipeline.ts inboxQuerySchema): each 400, nothing read. */
export const badFilter: fc.Arbitrary<Record<string, string>> = fc.oneof(
  fc.constantFrom<Record<string, string>>(
    { kind: 'newsletter' },
    { kind: 'QUOTE' },
    { status: 'closed' },
    { status: '__proto__' },
    { segment: 'industrial' },
    { assignee: 'Not A Colleague!' },
    { assignee: 'ab' },
    { from: '2026-13-01' },
    { to: 'yesterday' },
    { from: '2026-02-30' },
    { from: '2026-02-01', to: '2026-01-01' },
    { q: 'x'.repeat(pipelineLimits.search + 1) },
    { assignee: 'm' },
    { due: 'tomorrow' },
    { waiting: 'yes' },
    { waiting: '1', status: 'won' },
    { due: 'overdue', status: 'lost' },
  ),
  fc
    .tuple(fc.constantFrom('kind', 'status', 'segment', 'from', 'to', 'due', 'waiting'), oddString)
    // Short strings are drawn often: the few valid one-word views are not faults.
    .filter(([, value]) => value.trim() !== '' && !['1', 'today', 'overdue'].includes(value))
    .map(([name, value]) => ({ [name]: value })),
)

/** How one bad request was made, for the figures of the report. */
export type FaultKind =
  | 'broken JSON'
  | 'wrong content type'
  | 'oversize body'
  | 'bad path parameter'
  | 'not an object'
  | 'missing field'
  | 'wrong type'
  | 'too long'
  | 'invalid value'
  | 'bad limit'
  | 'bad cursor'
  | 'bad filter'
  | 'upload: decoded size over the limit'
  | 'upload: empty file'
  | 'upload: mismatched type'

export interface BadRequest {
  readonly fault: FaultKind
  readonly event: APIGatewayProxyEventV2
}

interface Noise {
  readonly headers: Record<string, string>
  readonly query: Record<string, string>
  readonly extra: Record<string, unknown>
  readonly base64: boolean
  readonly jsonType: string
  readonly oddValues: Record<string, string>
}

const headerName = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/)
const protectedHeaders = new Set(['authorization', 'content-type', originSecretHeader])

function noiseFor(spec: BodySpec | undefined): fc.Arbitrary<Noise> {
  return fc.record({
    headers: fc
      .dictionary(
        fc.oneof(
          headerName,
          fc.constantFrom(idempotencyKeyHeader, 'x-forwarded-for', 'x-viewer-ip', 'cookie'),
        ),
        fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('fuzz-key-0001', '203.0.113.9', '../../x')),
        { maxKeys: 3 },
      )
      .map((headers) =>
        Object.fromEntries(
          Object.entries(headers).filter(([name]) => !protectedHeaders.has(name.toLowerCase())),
        ),
      ),
    query: fc.dictionary(
      fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('limit', 'cursor', 'kind', 'id')),
      oddString,
      {
        maxKeys: 3,
      },
    ),
    extra: extraFields,
    base64: fc.boolean(),
    jsonType: jsonContentType,
    // Odd Unicode in the fields the breaker leaves alone: allowed to make the body worse, never to crash it.
    oddValues:
      spec && Object.keys(spec.text).length > 0
        ? fc.dictionary(fc.constantFrom(...Object.keys(spec.text)), oddString, { maxKeys: 2 })
        : fc.constant({}),
  })
}

type Breaker = {
  readonly fault: FaultKind
  /** The raw body and its content type, when the breaker decides them. */
  readonly raw?: { readonly body: string; readonly contentType: string | undefined }
  /** Turns the (noisy) valid body into the bad one. */
  readonly mutate?: (base: Record<string, unknown>) => unknown
  readonly query?: Record<string, string>
  readonly pathParameters?: Record<string, string | undefined>
}

/** Breakers that build megabytes: drawn less often. */
const heavyBreakers = new WeakSet<fc.Arbitrary<Breaker>>()
function heavy(arbitrary: fc.Arbitrary<Breaker>, isHeavy = true): fc.Arbitrary<Breaker> {
  if (isHeavy) heavyBreakers.add(arbitrary)
  return arbitrary
}

/** A file of just over the 4 MiB limit, as base64. */
const oversizeFile = `${pdfBase64}${'A'.repeat(Math.ceil((4 * 1024 * 1024 * 4) / 3) + 8)}`

function bodyBreakers(spec: BodySpec, routeId: RouteId): fc.Arbitrary<Breaker>[] {
  const textFields = Object.keys(spec.text)
  const withField = (fault: FaultKind, field: string, value: unknown): Breaker => ({
    fault,
    mutate: (base) => ({ ...base, [field]: value }),
  })
  const breakers: fc.Arbitrary<Breaker>[] = [
    fc
      .oneof(
        fc.constant(null),
        fc.integer(),
        fc.boolean(),
        oddString,
        fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
      )
      .map((body) => ({ fault: 'not an object' as const, mutate: () => body })),
  ]
  // A body whose every field is optional (a user's change: its role, its e-mail, or both) misses none.
  if (spec.required.length > 0) {
    breakers.push(
      fc.subarray([...spec.required], { minLength: 1 }).map((missing) => ({
        fault: 'missing field' as const,
        mutate: (base: Record<string, unknown>) =>
          Object.fromEntries(Object.entries(base).filter(([key]) => !missing.includes(key))),
      })),
    )
  }
  // A body with text at its top level (a body of lists and objects, e.g. the sales settings, has none).
  if (textFields.length > 0) {
    breakers.push(
      fc
        .constantFrom(...textFields)
        .chain((field) =>
          (spec.required.includes(field) ? notAString : notAStringNorNull).map((value) =>
            withField('wrong type', field, value),
          ),
        ),
    )
  }
  const limited = Object.entries(spec.text).filter(
    (entry): entry is [string, number] => entry[1] !== undefined,
  )
  if (limited.length > 0) {
    breakers.push(
      fc
        .constantFrom(...limited)
        .chain(([field, max]) =>
          longString(max + 1, max + 500).map((value) => withField('too long', field, value)),
        ),
    )
  }
  const invalid = Object.entries(spec.invalid ?? {})
  if (invalid.length > 0) {
    breakers.push(
      fc.oneof(
        ...invalid.map(([field, values]) => values.map((value) => withField('invalid value', field, value))),
      ),
    )
  }
  if (routeId === 'admin-upload') {
    breakers.push(
      heavy(fc.constant(withField('upload: decoded size over the limit', 'file_base64', oversizeFile))),
      fc
        .constantFrom('data:application/pdf;base64,', '\r\n')
        .map((file) => withField('upload: empty file', 'file_base64', file)),
      mismatchedFile.map((file) => ({
        fault: 'upload: mismatched type' as const,
        mutate: (base: Record<string, unknown>) => ({ ...base, ...file }),
      })),
    )
  }
  return breakers
}

/**
 * Bad requests for one route of functions/routes.ts, from its fixture: `authorization` is added to every one
 * (admin routes).
 */
export function badRequests(
  route: ApiRoute,
  fixture: RouteFixture,
  authorization: Record<string, string>,
): fc.Arbitrary<BadRequest> {
  const routeId = route.id as RouteId
  const spec = fixture.bodyFaults
  const valid = fixture.body
  const limit = fixture.maxBodyBytes ?? defaultMaxBodyBytes
  const sample = JSON.stringify(valid ?? {})
  const breakers: fc.Arbitrary<Breaker>[] = [
    brokenJson.map((body) => ({
      fault: 'broken JSON' as const,
      raw: { body, contentType: 'application/json' },
    })),
    wrongContentType.map((contentType) => ({
      fault: 'wrong content type' as const,
      raw: { body: sample, contentType },
    })),
    heavy(
      fc.integer({ min: limit + 1, max: limit + 4096 }).map((size) => ({
        fault: 'oversize body' as const,
        raw: { body: `{"a":"${'x'.repeat(size)}"}`, contentType: 'application/json' },
      })),
      limit > 1024 * 1024,
    ),
  ]
  const parameters = pathParameterNames(route)
  if (parameters.length > 0) {
    breakers.push(
      fc.tuple(...parameters.map(() => unknownPathParameter)).map((values) => ({
        fault: 'bad path parameter' as const,
        pathParameters: Object.fromEntries(parameters.map((name, index) => [name, values[index]])),
      })),
    )
  }
  if (spec) breakers.push(...bodyBreakers(spec, routeId))
  const partition = fixture.listPartition
  if (partition) {
    breakers.push(
      badLimit.map((limit) => ({ fault: 'bad limit' as const, query: { limit } })),
      badCursor(partition).map((cursor) => ({ fault: 'bad cursor' as const, query: { cursor } })),
    )
  }
  if (fixture.inboxFilters) {
    breakers.push(badFilter.map((query) => ({ fault: 'bad filter' as const, query })))
  }
  // Path parameters a route takes, when the breaker is elsewhere: the fixture's valid ones.
  const goodParameters: Record<string, string | undefined> = { ...fixture.pathParameters }
  // Megabyte bodies are drawn a quarter as often as the others, which keeps a run of 1,000 to seconds.
  const weighted = breakers.map((arbitrary) => ({ arbitrary, weight: heavyBreakers.has(arbitrary) ? 1 : 4 }))
  return fc.tuple(fc.oneof(...weighted), noiseFor(spec)).map(([breaker, noise]) => {
    let body: string | undefined
    let contentType: string | undefined = noise.jsonType
    if (breaker.raw) {
      body = breaker.raw.body
      contentType = breaker.raw.contentType
    } else if (breaker.mutate) {
      body = JSON.stringify(breaker.mutate({ ...noise.extra, ...valid, ...noise.oddValues }))
    }
    const headers: Record<string, string> = { ...noise.headers, ...authorization }
    if (contentType !== undefined) headers['content-type'] = contentType
    const pathParameters = breaker.pathParameters ?? goodParameters
    const definedParameters = Object.fromEntries(
      Object.entries(pathParameters).filter((entry): entry is [string, string] => entry[1] !== undefined),
    )
    const encoded = body !== undefined && noise.base64
    return {
      fault: breaker.fault,
      event: apiEvent(routeId, {
        headers,
        query: { ...noise.query, ...breaker.query },
        ...(parameters.length > 0 ? { pathParameters: definedParameters } : {}),
        ...(body === undefined ? {} : { rawBody: encoded ? Buffer.from(body).toString('base64') : body }),
        isBase64Encoded: encoded,
      }),
    }
  })
}

/** Every route of the table, for `it.each`. */
export const everyRoute = routes.map((route) => [route.id, route as ApiRoute] as const)
