import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { derivedKid } from '../../functions/lib/secrets'
import { localPreviousSigningSecretFile, localSigningSecretFile } from '../../infra/local/secrets'
import { runAdminCli } from '../support/admin-cli'
import { temporaryDataDir } from '../support/local-server'

let dataDir: string
let removeData: () => Promise<void>

/** Runs the admin CLI with `...args` on the temporary data folder, without AWS. */
async function admin(args: string[]) {
  return runAdminCli(dataDir, args, { AWS_REGION: 'ap-south-1' })
}

beforeAll(async () => {
  const data = await temporaryDataDir()
  dataDir = data.dir
  removeData = data.remove
})
afterAll(async () => removeData?.())

describe('npm run admin -- rotate-secret', () => {
  it('refuses bad input with a clear message and exit code 1, writing nothing', {
    timeout: 60_000,
  }, async () => {
    expect(await admin(['rotate-secret', 'database'])).toMatchObject({
      code: 1,
      stderr: 'rotate-secret needs the secret to rotate: signing or origin, not "database".\n',
    })
    expect(await admin(['rotate-secret'])).toMatchObject({
      code: 1,
      stderr: 'rotate-secret needs the secret to rotate: signing or origin.\n',
    })
    expect(await admin(['rotate-secret', 'origin'])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /^rotate-secret origin needs --stack <name>: the local stand-in has no origin secret/,
      ),
    })
    const empty = await admin(['rotate-secret', 'signing'])
    expect(empty).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^No signing secret in .* \(npm start\) first\.\n$/),
    })
    expect(await readdir(dataDir)).toEqual([])
  })

  it('rotates the stand-in signing secret in the data folder', { timeout: 60_000 }, async () => {
    const first = 'first-local-signing-secret-0123456789-abcdef'
    await writeFile(join(dataDir, localSigningSecretFile), `${first}\n`)
    const rotated = await admin(['rotate-secret', 'signing'])
    expect(rotated.code).toBe(0)
    const current = (await readFile(join(dataDir, localSigningSecretFile), 'utf8')).trim()
    expect((await readFile(join(dataDir, localPreviousSigningSecretFile), 'utf8')).trim()).toBe(first)
    expect(rotated.stdout).toContain(`current kid ${derivedKid(current)}, previous kid ${derivedKid(first)}`)
    expect(rotated.stdout).toMatch(/Next: restart npm start/)
  })
})
