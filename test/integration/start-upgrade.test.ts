import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb'
import { afterEach, describe, expect, it } from 'vitest'
import { startEngines } from '../../infra/local/engines'
import { configureEnvironment } from '../../infra/local/server'
import { stopProcess, temporaryDataDir } from '../support/local-server'

/**
 * `npm start` runs the admin records' upgrade before it opens the port (infra/local/start.ts): a user record
 * written before roles existed is an owner by the time the first request is answered.
 */
const root = join(import.meta.dirname, '..', '..')
let child: ChildProcess | undefined
let removeData: (() => Promise<void>) | undefined

afterEach(async () => {
  await stopProcess(child)
  child = undefined
  await removeData?.()
})

/** Opens the data folder in this process, runs `work` on the content table, and closes it again. */
async function withContentTable<T>(dataDir: string, work: (table: string) => Promise<T>): Promise<T> {
  const engines = await startEngines(dataDir)
  try {
    await configureEnvironment(engines, dataDir)
    const { tableName } = await import('../../functions/lib/config')
    return await work(tableName('content'))
  } finally {
    await engines.close()
  }
}

describe('npm start and the admin upgrade', () => {
  it('gives a user created before roles the owner role before it listens', { timeout: 90_000 }, async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    const { dynamo } = await import('../../functions/lib/clients')
    await withContentTable(data.dir, (table) =>
      dynamo().send(
        new PutCommand({
          TableName: table,
          Item: {
            pk: 'ADMIN',
            sk: 'before-roles',
            username: 'before-roles',
            passwordHash: 'scrypt$16384$8$1$c2FsdA$aGFzaA',
            createdAt: '2025-01-01T00:00:00.000Z',
            updatedAt: '2025-01-01T00:00:00.000Z',
            sessionVersion: 1,
          },
        }),
      ),
    )

    const started = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['infra/local/start.ts'], {
      cwd: root,
      env: { ...process.env, PORT: '0', DATA_DIR: data.dir, ADMIN_USERNAME: '', ADMIN_PASSWORD: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = started
    let output = ''
    await new Promise<void>((resolve, reject) => {
      started.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('Press Ctrl-C to stop.')) resolve()
      })
      started.once('exit', (code) => reject(new Error(`the stand-in exited (${code}): ${output}`)))
    })
    expect(output).toContain('Gave the owner role to admin users without one: before-roles')
    // The upgrade came before the listening line (the port opens after it).
    expect(output.indexOf('before-roles')).toBeLessThan(output.indexOf('Site:'))

    const exited = new Promise((resolve) => started.once('exit', resolve))
    started.kill('SIGTERM')
    await exited
    const stored = await withContentTable(data.dir, (table) =>
      dynamo().send(
        new GetCommand({ TableName: table, Key: { pk: 'ADMIN', sk: 'before-roles' }, ConsistentRead: true }),
      ),
    )
    expect(stored.Item?.role).toBe('owner')
  })
})
