import { cp, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPaths } from '../../infra/build-paths'
import type { LocalServer } from '../../infra/local/server'
import { startLocalServer } from '../../infra/local/server'
import { request, temporaryDataDir } from '../support/local-server'

const _root = join(import.meta.dirname, '..', '..')

let server: LocalServer
let functionsDir: string
let removeData: () => Promise<void>

beforeAll(async () => {
  const data = await temporaryDataDir()
  removeData = data.remove
  // A copy of the built bundles, so this test can rewrite one without touching dist/.
  functionsDir = join(data.dir, 'functions')
  await cp(buildPaths.functions, functionsDir, { recursive: true })
  server = await startLocalServer({ dataDir: join(data.dir, 'data'), functionsDir, port: 0 })
})
afterAll(async () => {
  await server?.close()
  await removeData?.()
})

describe('the stand-in in the dev loop', () => {
  it('imports a function bundle afresh once it changes on disk, as npm run dev rebuilds it', async () => {
    expect((await request(server.url, '/api/jobs')).body).toEqual([])
    await writeFile(
      join(functionsDir, 'list-jobs', 'index.mjs'),
      "export const handler = async () => ({ statusCode: 200, headers: { 'content-type': 'application/json' }, body: '[\"rebuilt\"]' })\n",
    )
    expect((await request(server.url, '/api/jobs')).body).toEqual(['rebuilt'])
  })
})
