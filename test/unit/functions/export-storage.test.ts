import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { awsRequest } from '../../../functions/lib/aws-request'
import { exportPartBytes, exportPartsInFlight, uploadExport } from '../../../functions/lib/export-storage'
import { buckets } from '../../../functions/lib/store-definitions'
import { type S3Request, s3Error, s3StandIn, s3Success } from '../../support/s3-requests'

/**
 * The streamed upload of a large export (functions/lib/export-storage.ts) over S3's signed calls: one PUT when
 * the file fits in a part, else a multipart upload whose parts are 5 MiB but the last, at most two on
 * their way at once (the maker of the file waits meanwhile), aborted once when anything fails.
 */
vi.mock('../../../functions/lib/aws-request', async (original) => ({
  ...(await original<typeof import('../../../functions/lib/aws-request')>()),
  awsRequest: vi.fn(),
}))

const key = 'exports/1767225600000-ab12/quotes.csv'
const mib = 1024 * 1024
const s3 = s3StandIn()
/** Each operation's success, the parts' ETags by number. */
const succeed = (request: S3Request) =>
  s3Success(request, { uploadId: 'upload-1', etag: `"part-${request.query.partNumber}"` })

beforeEach(() => {
  s3.answer = succeed
  vi.mocked(awsRequest).mockImplementation(s3.handle)
})
afterEach(() => {
  s3.reset()
  vi.mocked(awsRequest).mockReset()
})

const commands = () => s3.requests.map((request) => request.command)
const chunk = (bytes: number, fill = 0x61) => Buffer.alloc(bytes, fill)

describe('uploadExport', () => {
  it('stores a file smaller than a part with one PUT of its bytes, type and no-store caching', async () => {
    const upload = uploadExport(key, 'text/csv; charset=utf-8')
    await upload.write(chunk(10, 0x61))
    await upload.write(chunk(5, 0x62))
    await upload.finish()
    expect(commands()).toEqual(['PutObject'])
    const [put] = s3.requests
    expect(put).toMatchObject({ bucket: buckets.exports.localName, key })
    expect(put?.headers).toEqual({
      'content-type': 'text/csv; charset=utf-8',
      'cache-control': 'private, no-store',
    })
    expect(put?.body.equals(Buffer.concat([chunk(10, 0x61), chunk(5, 0x62)]))).toBe(true)
  })

  it('sends a larger file as parts of exactly 5 MiB but the last, in order, then completes them', async () => {
    const upload = uploadExport(key, 'text/csv')
    const written: Buffer[] = []
    for (let index = 0; index < 12; index += 1) {
      const piece = chunk(mib, 0x30 + index)
      written.push(piece)
      await upload.write(piece)
    }
    await upload.finish()
    expect(commands()).toEqual([
      'CreateMultipartUpload',
      'UploadPart',
      'UploadPart',
      'UploadPart',
      'CompleteMultipartUpload',
    ])
    const create = s3.requests[0]
    expect(create?.headers).toEqual({ 'content-type': 'text/csv', 'cache-control': 'private, no-store' })
    const parts = s3.requests.filter((request) => request.command === 'UploadPart')
    expect(parts.map((part) => part.query)).toEqual(
      [1, 2, 3].map((n) => ({ partNumber: String(n), uploadId: 'upload-1' })),
    )
    expect(parts.map((part) => part.body.byteLength)).toEqual([5 * mib, 5 * mib, 2 * mib])
    for (const part of parts.slice(0, -1))
      expect(part.body.byteLength).toBeGreaterThanOrEqual(exportPartBytes)
    expect(Buffer.concat(parts.map((part) => part.body)).equals(Buffer.concat(written))).toBe(true)
    const complete = s3.requests.at(-1)
    expect(complete?.query).toEqual({ uploadId: 'upload-1' })
    expect(
      [
        ...(complete?.body.toString() ?? '').matchAll(
          /<PartNumber>(\d+)<\/PartNumber><ETag>([^<]*)<\/ETag>/g,
        ),
      ].map((m) => [m[1], m[2]]),
    ).toEqual([
      ['1', '&quot;part-1&quot;'],
      ['2', '&quot;part-2&quot;'],
      ['3', '&quot;part-3&quot;'],
    ])
  })

  it('ends with the last full part when the file is an exact number of parts', async () => {
    const upload = uploadExport(key, 'text/csv')
    await upload.write(chunk(exportPartBytes))
    await upload.write(chunk(exportPartBytes))
    await upload.finish()
    expect(commands()).toEqual([
      'CreateMultipartUpload',
      'UploadPart',
      'UploadPart',
      'CompleteMultipartUpload',
    ])
  })

  it(`makes the writer wait while ${exportPartsInFlight} parts are on their way, and goes on when one is stored`, async () => {
    const pending: (() => void)[] = []
    s3.answer = (request) =>
      request.command === 'UploadPart'
        ? new Promise((resolve) => pending.push(() => resolve(s3Success(request, { etag: '"e"' }))))
        : succeed(request)
    const upload = uploadExport(key, 'text/csv')
    await upload.write(chunk(exportPartBytes))
    let second = false
    const writing = upload.write(chunk(exportPartBytes)).then(() => {
      second = true
    })
    await vi.waitFor(() => expect(pending).toHaveLength(exportPartsInFlight))
    // Two parts on their way, none stored: the writer waits, so memory holds those two parts and no more.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(second).toBe(false)
    pending.shift()?.()
    await writing
    expect(second).toBe(true)
    const finishing = upload.finish()
    await vi.waitFor(() => expect(pending).toHaveLength(1))
    pending.shift()?.()
    await finishing
    expect(commands()).toEqual([
      'CreateMultipartUpload',
      'UploadPart',
      'UploadPart',
      'CompleteMultipartUpload',
    ])
  })

  it('aborts the multipart upload once when a part fails, after the parts on their way, and completes nothing', async () => {
    s3.answer = async (request) => {
      if (request.command === 'UploadPart' && request.query.partNumber === '2')
        throw s3Error('AccessDenied', 403)
      return succeed(request)
    }
    const upload = uploadExport(key, 'text/csv')
    const failure = (async () => {
      for (let index = 0; index < 5; index += 1) await upload.write(chunk(exportPartBytes))
      await upload.finish()
    })().then(
      () => undefined,
      (error: Error) => error,
    )
    expect(await failure).toMatchObject({ name: 'AccessDenied' })
    await upload.abort()
    const aborts = s3.requests.filter((request) => request.command === 'AbortMultipartUpload')
    expect(aborts.map((request) => request.query)).toEqual([{ uploadId: 'upload-1' }])
    expect(commands()).not.toContain('CompleteMultipartUpload')
    // Every part sent had its answer before the abort.
    expect(commands().lastIndexOf('UploadPart')).toBeLessThan(commands().indexOf('AbortMultipartUpload'))
  })

  it('aborts when the completion fails (S3 throttling, its retries spent), and rejects with that error', async () => {
    s3.answer = async (request) => {
      if (request.command === 'CompleteMultipartUpload') throw s3Error('SlowDown', 503)
      return succeed(request)
    }
    const upload = uploadExport(key, 'text/csv')
    await upload.write(chunk(exportPartBytes + 1))
    await expect(upload.finish()).rejects.toMatchObject({ name: 'SlowDown' })
    expect(commands()).toEqual([
      'CreateMultipartUpload',
      'UploadPart',
      'UploadPart',
      'CompleteMultipartUpload',
      'AbortMultipartUpload',
    ])
  })

  it('aborts on request (the export failed elsewhere), and nothing when no multipart upload was begun', async () => {
    const large = uploadExport(key, 'text/csv')
    await large.write(chunk(exportPartBytes))
    await large.abort()
    await large.abort()
    expect(commands()).toEqual(['CreateMultipartUpload', 'UploadPart', 'AbortMultipartUpload'])
    s3.requests.length = 0
    const small = uploadExport(key, 'text/csv')
    await small.write(chunk(10))
    await small.abort()
    expect(s3.requests).toEqual([])
  })

  it('rejects the first write after a failed start of the upload, with nothing to abort', async () => {
    s3.answer = async (request) => {
      if (request.command === 'CreateMultipartUpload') throw s3Error('InternalError', 500)
      return succeed(request)
    }
    const upload = uploadExport(key, 'text/csv')
    const outcome = (async () => {
      await upload.write(chunk(exportPartBytes))
      await upload.write(chunk(exportPartBytes))
      await upload.write(chunk(exportPartBytes))
      await upload.finish()
    })().then(
      () => undefined,
      (error: Error) => error,
    )
    expect(await outcome).toMatchObject({ name: 'InternalError' })
    await upload.abort()
    expect(commands()).toEqual(['CreateMultipartUpload'])
  })
})
