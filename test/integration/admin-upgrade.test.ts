import { PutCommand } from '@aws-sdk/lib-dynamodb'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEngines } from '../../infra/local/engines'
import { configureEnvironment } from '../../infra/local/server'
import { runAdminCli } from '../support/admin-cli'
import { temporaryDataDir } from '../support/local-server'

/**
 * `npm run admin -- upgrade` (run by `npm start` and after `npm run deploy`): a user record written before
 * roles existed becomes an owner once, recorded in the activity log; another value stays without access.
 */
let dataDir: string
let removeData: () => Promise<void>

beforeAll(async () => {
  const data = await temporaryDataDir()
  dataDir = data.dir
  removeData = data.remove
  // Records as earlier versions wrote them; the engines are closed again before the CLI opens the folder.
  const engines = await startEngines(dataDir)
  await configureEnvironment(engines, dataDir)
  const { dynamo } = await import('../../functions/lib/clients')
  const { tableName } = await import('../../functions/lib/config')
  for (const [username, extra] of [
    ['before-roles', {}],
    ['typo', { role: 'Viewer' }],
  ] as const) {
    await dynamo().send(
      new PutCommand({
        TableName: tableName('content'),
        Item: {
          pk: 'ADMIN',
          sk: username,
          username,
          passwordHash: 'scrypt$16384$8$1$c2FsdA$aGFzaA',
          createdAt: '2025-01-01T00:00:00.000Z',
          updatedAt: '2025-01-01T00:00:00.000Z',
          sessionVersion: 1,
          ...extra,
        },
      }),
    )
  }
  await engines.close()
})
afterAll(async () => removeData?.())

describe('npm run admin -- upgrade', () => {
  it('gives a record without a role the owner role once, records it, and leaves another value without access', {
    timeout: 120_000,
  }, async () => {
    const first = await runAdminCli(dataDir, ['upgrade'])
    expect(first.code).toBe(0)
    expect(first.stdout).toContain('Gave 1 admin user without a role the owner role: before-roles.')

    const listed = await runAdminCli(dataDir, ['list-users'])
    const rows = Object.fromEntries(
      listed.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.split(/\s+/).slice(0, 2)),
    )
    expect(rows).toEqual({ 'before-roles': 'owner', typo: 'none' })

    expect((await runAdminCli(dataDir, ['upgrade'])).stdout).toContain('Every admin user has a role.')
    const activity = await runAdminCli(dataDir, ['activity'])
    expect(activity.stdout).toMatch(/before-roles \(role-owner\)/)
  })
})
