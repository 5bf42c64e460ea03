import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { request, stopProcess, temporaryDataDir } from '../support/local-server'

const root = join(import.meta.dirname, '..', '..')

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

let child: ChildProcess | undefined
let removeData: (() => Promise<void>) | undefined

afterEach(async () => {
  await stopProcess(child)
  child = undefined
  await removeData?.()
})

describe('npm start (infra/local/start.ts on the existing build)', () => {
  it('answers its first request only once the admin from ADMIN_USERNAME / ADMIN_PASSWORD can sign in', async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    const port = await freePort()
    const credentials = { username: 'first-admin', password: 'a long local password' }
    child = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['infra/local/start.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: data.dir,
        ADMIN_USERNAME: credentials.username,
        ADMIN_PASSWORD: credentials.password,
      },
      stdio: 'ignore',
    })
    const base = `http://127.0.0.1:${port}`
    // Poll until the site answers at all, then sign in at once: no pause in between.
    const deadline = Date.now() + 60_000
    for (;;) {
      expect(child.exitCode, 'the stand-in exited').toBeNull()
      const answered = await fetch(`${base}/`).then(
        (response) => response.status,
        () => 0,
      )
      if (answered === 200) break
      if (Date.now() > deadline) throw new Error('the stand-in did not answer within 60 s')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const login = await request(base, '/api/admin/login', { body: credentials })
    expect(login.status).toBe(200)
    expect(typeof login.body.token).toBe('string')
  }, 90_000)
})
