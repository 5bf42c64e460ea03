import { stat } from 'node:fs/promises'
import { join } from 'node:path'
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import { getSignedUrl } from '@aws-sdk/s3-request-presigner'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { siteUrl } from '../../functions/lib/config'
import { buckets } from '../../functions/lib/store-definitions'
import { localS3SecretFile } from '../../infra/local/secrets'
import { type LocalServer, startLocalServer } from '../../infra/local/server'
import { temporaryDataDir } from '../support/local-server'

/**
 * The stand-in on a LAN (real stand-in, dynalite, s3rver): its `/_s3` proxy checks presigned URLs against a
 * random secret kept in the data folder, so a URL signed with s3rver's published `S3RVER`/`S3RVER` pair is
 * refused; and listening beyond loopback prints a warning that the admin's password travels over plain HTTP.
 * Needs `npm run build`.
 */
const publishedPair = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }

let server: LocalServer
let removeData: () => Promise<void>
let dataDir: string

beforeAll(async () => {
  const data = await temporaryDataDir()
  dataDir = data.dir
  removeData = data.remove
  server = await startLocalServer({ dataDir, port: 0 })
})
afterAll(async () => {
  await server?.close()
  await removeData?.()
})
afterEach(() => {
  vi.restoreAllMocks()
})

/** A client of the stand-in's s3rver signing with `credentials`, as the functions' client does. */
const s3With = (credentials: { accessKeyId: string; secretAccessKey: string }) =>
  new S3Client({
    endpoint: server.engines.s3Endpoint,
    region: server.engines.region,
    credentials,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  })

/** The `/_s3` URL of the stand-in for a GET of `key` in the exports bucket, presigned with `credentials`. */
async function exportLink(key: string, credentials: { accessKeyId: string; secretAccessKey: string }) {
  const signed = new URL(
    await getSignedUrl(
      s3With(credentials),
      new GetObjectCommand({ Bucket: buckets.exports.localName, Key: key }),
      {
        expiresIn: 300,
      },
    ),
  )
  return `${server.url}/_s3${signed.pathname}${signed.search}`
}

describe('the /_s3 proxy of the stand-in', () => {
  it('signs with a random secret kept in the data folder, not the published S3RVER pair', async () => {
    const { secretAccessKey } = server.engines.credentials
    expect(secretAccessKey).not.toBe(publishedPair.secretAccessKey)
    expect(secretAccessKey.length).toBeGreaterThanOrEqual(40)
    // The functions sign with it too (the stand-in hands it to them as their AWS secret key).
    expect(process.env.AWS_SECRET_ACCESS_KEY).toBe(secretAccessKey)
    const file = join(dataDir, localS3SecretFile)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
  })

  it('refuses a link presigned with the published pair, and forwards one signed with the secret', async () => {
    const key = '1-lan/leads.csv'
    await s3With(server.engines.credentials).send(
      new PutObjectCommand({ Bucket: buckets.exports.localName, Key: key, Body: 'id,name\r\n1,Ravi\r\n' }),
    )
    const forged = await fetch(await exportLink(key, publishedPair))
    expect(forged.status).toBe(403)
    expect(await forged.json()).toEqual({ error: 'The link is not valid: signature does not match.' })

    const genuine = await fetch(await exportLink(key, server.engines.credentials))
    expect(genuine.status).toBe(200)
    expect(await genuine.text()).toBe('id,name\r\n1,Ravi\r\n')
  })

  it('keeps the secret across restarts of the same data folder, and a new folder gets its own', async () => {
    const before = server.engines.credentials.secretAccessKey
    await server.close()
    server = await startLocalServer({ dataDir, port: 0 })
    expect(server.engines.credentials.secretAccessKey).toBe(before)
    const other = await temporaryDataDir()
    const second = await startLocalServer({ dataDir: other.dir, port: 0 })
    try {
      expect(second.engines.credentials.secretAccessKey).not.toBe(before)
    } finally {
      await second.close()
      await other.remove()
    }
  })

  it("gives the functions its own address while it runs, the later one's while two run, none once closed", async () => {
    expect(server.siteUrl).toBe(server.url)
    expect(siteUrl()).toBe(server.url)
    const other = await temporaryDataDir()
    const second = await startLocalServer({ dataDir: other.dir, port: 0 })
    try {
      expect(siteUrl()).toBe(second.url)
    } finally {
      await second.close()
      await other.remove()
    }
    expect(siteUrl()).toBe(server.url)
    await server.close()
    expect(siteUrl()).toBeUndefined()
    server = await startLocalServer({ dataDir, port: 0 })
    expect(siteUrl()).toBe(server.url)
  })
})

describe('HOST beyond loopback', () => {
  it.each(['0.0.0.0'])('prints that the password travels over plain HTTP for HOST=%s', async (host) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const other = await temporaryDataDir()
    const open = await startLocalServer({ dataDir: other.dir, port: 0, host })
    try {
      // Its functions' links name this machine, where a browser reaches it too.
      expect(open.siteUrl).toBe(`http://127.0.0.1:${new URL(open.url).port}`)
      const printed = warn.mock.calls.map((call) => String(call[0])).join('\n')
      expect(printed).toContain(`HOST=${host}`)
      expect(printed).toMatch(/plain HTTP/)
      expect(printed).toMatch(/admin's password/)
    } finally {
      await open.close()
      await other.remove()
    }
  })

  it.each(['127.0.0.1', 'localhost'])('prints nothing of the kind for HOST=%s', async (host) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const other = await temporaryDataDir()
    const local = await startLocalServer({ dataDir: other.dir, port: 0, host })
    try {
      expect(warn.mock.calls.map((call) => String(call[0])).join('\n')).not.toMatch(/plain HTTP/)
    } finally {
      await local.close()
      await other.remove()
    }
  })
})
