import { userInfo } from 'node:os'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEngines } from '../../infra/local/engines'
import { configureEnvironment } from '../../infra/local/server'
import { runAdminCli } from '../support/admin-cli'
import { validContact, validQuote } from '../support/leads'
import { temporaryDataDir } from '../support/local-server'

let dataDir: string
let removeData: () => Promise<void>

/**
 * Runs the admin CLI with `...args` on the temporary data folder: its bundle, or with `{ script: true }` the
 * tsx script itself, as `npm run admin -- ...args` does.
 */
async function admin(args: string[], env: Record<string, string> = {}, options: { script?: boolean } = {}) {
  return runAdminCli(dataDir, args, { ADMIN_PASSWORD: '', ...env }, options)
}

beforeAll(async () => {
  const data = await temporaryDataDir()
  dataDir = data.dir
  removeData = data.remove
})
afterAll(async () => removeData?.())

describe('npm run admin', () => {
  it('creates, lists and deletes admins, and never deletes the last one', { timeout: 90_000 }, async () => {
    // The script itself, as npm run admin runs it: its output and its exit codes.
    expect(await admin(['list-users'], {}, { script: true })).toMatchObject({
      code: 0,
      stdout: 'No admin users.\n',
    })

    const created = await admin(['create-user', 'asha'])
    expect(created.code).toBe(0)
    expect(created.stdout).toMatch(/Admin user "asha" created\.\nPassword \(shown only once\): \S{20}\n/)
    expect((await admin(['create-user', 'ravi'], { ADMIN_PASSWORD: 'a long chosen password' })).stdout).toBe(
      'Admin user "ravi" created.\n',
    )

    const listed = await admin(['list-users'])
    expect(listed.code).toBe(0)
    const lines = listed.stdout.trim().split('\n')
    expect(lines[0]).toMatch(/^USERNAME\s+ROLE\s+CREATED\s+CHANGED\s+MFA$/)
    expect(lines.slice(1).map((line) => line.split(/\s+/)[0])).toEqual(['asha', 'ravi'])
    expect(listed.stdout).not.toContain('scrypt')

    expect(await admin(['delete-user', 'nobody'], {}, { script: true })).toMatchObject({
      code: 1,
      stderr: 'No admin user named "nobody".\n',
    })
    expect((await admin(['delete-user', 'asha'])).stdout).toMatch(/^Admin user "asha" deleted\./)
    const last = await admin(['delete-user', 'ravi'])
    expect(last.code).toBe(1)
    expect(last.stderr).toMatch(/only admin/)

    const recount = await admin(['recount-totals'])
    expect(recount.code).toBe(0)
    expect(
      recount.stdout
        .trim()
        .split('\n')
        .map((line) => line.split(/\s+/)),
    ).toEqual([
      ['QUOTE', '0'],
      ['CONTACT', '0'],
      ['NEWSLETTER', '0'],
      ['JOB', '0'],
      ['RESOURCE', '0'],
    ])
  })

  it('unlocks an admin, enrols it in MFA once, keeps MFA across a password reset and disables it', {
    timeout: 120_000,
  }, async () => {
    expect(await admin(['create-user', 'mira'], { ADMIN_PASSWORD: 'a long chosen password' })).toMatchObject({
      code: 0,
    })
    // Lock mira out from one network through the real repository, then close it for the CLI.
    const engines = await startEngines(dataDir)
    await configureEnvironment(engines, dataDir)
    const attempts = await import('../../functions/lib/db/login-attempts')
    for (let index = 0; index < 5; index += 1) {
      await attempts.reserveLoginAttempt('mira', '203.0.113.5')
      await attempts.recordLoginFailure('mira')
    }
    expect((await attempts.reserveLoginAttempt('mira', '203.0.113.5')).allowed).toBe(false)
    await engines.close()

    expect(await admin(['unlock', 'nobody'])).toMatchObject({
      code: 1,
      stderr: 'No admin user named "nobody".\n',
    })
    expect(await admin(['unlock', 'mira'])).toMatchObject({
      code: 0,
      stdout: 'Admin user "mira" unlocked: 2 attempt records cleared.\n',
    })
    expect((await admin(['unlock', 'mira'])).stdout).toMatch(/had no failed sign-in attempts/)

    expect(await admin(['enable-mfa', 'nobody'])).toMatchObject({
      code: 1,
      stderr: 'No admin user named "nobody".\n',
    })
    const enrolled = await admin(['enable-mfa', 'mira'])
    expect(enrolled.code).toBe(0)
    const uri = /^otpauth:\/\/totp\/.+$/m.exec(enrolled.stdout)?.[0] ?? ''
    const parsed = new URL(uri)
    expect(parsed.host).toBe('totp')
    expect(decodeURIComponent(parsed.pathname)).toBe('/Suryodaya Energy:mira')
    expect(parsed.searchParams.get('issuer')).toBe('Suryodaya Energy')
    expect(parsed.searchParams.get('secret')).toMatch(/^[A-Z2-7]{32}$/)
    expect(parsed.searchParams.get('digits')).toBe('6')
    expect(parsed.searchParams.get('period')).toBe('30')
    // The QR code: block characters, many lines.
    expect(enrolled.stdout.split('\n').filter((line) => /[█▀▄]/.test(line)).length).toBeGreaterThan(10)
    const again = await admin(['enable-mfa', 'mira'])
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/already enrolled in MFA\. Run disable-mfa first/)
    expect(again.stdout).not.toContain('otpauth://')

    expect((await admin(['reset-password', 'mira'])).code).toBe(0)
    expect((await admin(['list-users'])).stdout).toMatch(/^mira\s+owner\s+\S+\s+\S+\s+yes$/m)
    expect(await admin(['disable-mfa', 'mira'])).toMatchObject({
      code: 0,
      stdout: 'Admin user "mira" signs in with the password only from now on.\n',
    })
    expect((await admin(['disable-mfa', 'mira'])).stdout).toMatch(/was not enrolled in MFA/)
    expect((await admin(['list-users'])).stdout).toMatch(/^mira\s+owner\s+\S+\s+\S+\s+no$/m)
  })

  it('finds and erases the leads that name a person, by e-mail or phone, and recounts', {
    timeout: 90_000,
  }, async () => {
    // Seed through the real repository on the same data folder, then close it for the CLI.
    const engines = await startEngines(dataDir)
    await configureEnvironment(engines, dataDir)
    const { storeLead, subscribeNewsletter } = await import('../../functions/lib/db/leads')
    await storeLead('CONTACT', { ...validContact, email: 'Asha@Example.com' })
    await storeLead('QUOTE', { ...validQuote, whatsapp: '+91 98765 43210' })
    await subscribeNewsletter({ email: 'asha@example.com' })
    await storeLead('CONTACT', { ...validContact, email: 'ravi@example.com', phone: '+91 90000 11111' })
    await engines.close()

    const found = await admin(['find-person', 'asha@example.com'])
    expect(found.code).toBe(0)
    expect(found.stdout).toMatch(/^Found 2:\nCONTACT .*\nNEWSLETTER .*\n$/)

    const erased = await admin(['erase-person', ' ASHA@example.com '])
    expect(erased.stdout).toMatch(/^Deleted 2:/)
    expect((await admin(['find-person', 'asha@example.com'])).stdout).toBe(
      'No quote, contact or newsletter signup names asha@example.com.\n',
    )
    // The quote gave only a WhatsApp number: found by its digits, whatever the spacing and prefix.
    expect((await admin(['erase-person', '9876543210'])).stdout).toMatch(/^Deleted 1:\nQUOTE /)

    const totals = Object.fromEntries(
      (await admin(['recount-totals'])).stdout
        .trim()
        .split('\n')
        .map((line) => line.split(/\s+/)),
    )
    expect(totals).toMatchObject({ QUOTE: '0', CONTACT: '1', NEWSLETTER: '0' })
    expect((await admin(['find-person', '+91 90000 11111'])).stdout).toMatch(/^Found 1:\nCONTACT /)

    // The inbox forgot the erased leads too: only Ravi's contact is found, by any of its ways.
    const check = await startEngines(dataDir)
    await configureEnvironment(check, dataDir)
    const { listInbox } = await import('../../functions/lib/db/inbox')
    expect((await listInbox({}, 10)).items.map((lead) => lead.email)).toEqual(['ravi@example.com'])
    expect((await listInbox({ q: '9876543210' }, 10)).items).toEqual([])
    expect((await listInbox({ q: 'asha@example.com' }, 10)).items).toEqual([])
    await check.close()
  })

  it('gives admins roles, changes them and refuses a role that does not exist', {
    timeout: 90_000,
  }, async () => {
    expect((await admin(['create-user', 'sunil', '--role', 'sales'])).stdout).toMatch(
      /^Admin user "sunil" created \(sales\)\./,
    )
    expect(await admin(['create-user', 'x-user', '--role', 'boss'])).toMatchObject({
      code: 1,
      stderr: 'The role must be one of: owner, sales, editor, viewer.\n',
    })
    expect((await admin(['set-role', 'sunil', 'viewer'])).stdout).toBe(
      'Admin user "sunil" is now viewer. Open sessions follow within 30 seconds.\n',
    )
    expect((await admin(['set-role', 'nobody', 'sales'])).code).toBe(1)
    expect((await admin(['set-role', 'sunil'])).code).toBe(1)
    expect((await admin(['list-users', '--role', 'sales'])).code).toBe(1)
    // A password reset keeps the role.
    await admin(['reset-password', 'sunil'])
    expect((await admin(['list-users'])).stdout).toMatch(/^sunil\s+viewer\s/m)
    const activity = (await admin(['activity'])).stdout
    expect(activity).toMatch(/Changed admin user\s+sunil \(role-viewer\)/)
  })

  it('rebuilds the inbox of leads stored before it existed, and drops entries no lead has', {
    timeout: 90_000,
  }, async () => {
    const engines = await startEngines(dataDir)
    await configureEnvironment(engines, dataDir)
    const { dynamo } = await import('../../functions/lib/clients')
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb')
    const { listInbox } = await import('../../functions/lib/db/inbox')
    // A quote as an earlier version stored it: its own item only, no status, no entries.
    const id = '11111111-2222-4333-8444-555555555555'
    const createdAt = '2026-01-05T10:00:00.000Z'
    await dynamo().send(
      new PutCommand({
        TableName: 'leads',
        Item: { ...validQuote, pk: 'QUOTE', sk: `${createdAt}#${id}`, id, createdAt, name: 'Old Timer' },
      }),
    )
    // An entry of a lead that is gone.
    await dynamo().send(
      new PutCommand({ TableName: 'leads', Item: { pk: 'INBOX#STATUS', sk: 'won#2026#gone', id: 'gone' } }),
    )
    expect((await listInbox({ q: 'old' }, 10)).items).toEqual([])
    await engines.close()

    const reindexed = await admin(['reindex-leads'])
    expect(reindexed.code).toBe(0)
    expect(reindexed.stdout).toMatch(
      /^Reindexed \d+ leads?: \d+ inbox entries written, 1 stale entries deleted/,
    )

    const check = await startEngines(dataDir)
    await configureEnvironment(check, dataDir)
    expect((await listInbox({ q: 'old' }, 10)).items).toMatchObject([{ id, status: 'new', version: 0 }])
    expect((await listInbox({ status: 'won' }, 10)).items).toEqual([])
    const { readLeadStats } = await import('../../functions/lib/db/lead-stats')
    const stats = Object.fromEntries((await readLeadStats()).map((stat) => [stat.key, stat.count]))
    expect(stats['WEEK#2026-01-05#quote']).toBe(1)
    await check.close()
  })
  it('records user changes as cli:<user> and prints the audit trail newest first, refusing bad input', {
    timeout: 120_000,
  }, async () => {
    // Two older entries, written through the real repository on the same data folder.
    const engines = await startEngines(dataDir)
    await configureEnvironment(engines, dataDir)
    const { recordAudit } = await import('../../functions/lib/db/audit')
    await recordAudit(
      { actor: 'asha', action: 'login', network: '203.0.113.7' },
      new Date('2026-01-01T08:00:00.000Z'),
    )
    await recordAudit(
      { actor: 'asha', action: 'export', target: 'quotes.csv', network: '203.0.113.7' },
      new Date('2026-01-01T08:05:00.000Z'),
    )
    await engines.close()

    expect((await admin(['create-user', 'meera'], { ADMIN_PASSWORD: 'a long chosen password' })).code).toBe(0)
    expect((await admin(['reset-password', 'meera'], { ADMIN_PASSWORD: 'another long password' })).code).toBe(
      0,
    )
    expect((await admin(['reset-password', 'nobody-here'])).code).toBe(1)
    expect((await admin(['delete-user', 'meera'])).code).toBe(0)

    const printed = await admin(['activity'])
    expect(printed.code).toBe(0)
    const lines = printed.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^WHEN \(UTC\)\s+WHO\s+WHAT\s+TARGET\s+NETWORK$/)
    const rows = lines.slice(1)
    const actor = `cli:${userInfo().username}`
    // Newest first: the three changes of this test (and no entry for the refused reset), then older ones.
    expect(rows[0]).toMatch(
      new RegExp(
        `^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d  ${actor}\\s+Changed admin user\\s+meera \\(deleted\\)$`,
      ),
    )
    expect(rows[1]).toMatch(/Changed admin user\s+meera \(password-reset\)$/)
    expect(rows[2]).toMatch(/Changed admin user\s+meera \(created\)$/)
    expect(printed.stdout).not.toContain('nobody-here')
    expect(rows.at(-2)).toMatch(/^2026-01-01 08:05:00 {2}asha\s+Exported\s+quotes\.csv\s+203\.0\.113\.7$/)
    expect(rows.at(-1)).toMatch(/^2026-01-01 08:00:00 {2}asha\s+Signed in\s+203\.0\.113\.7$/)

    const two = await admin(['activity', '--limit', '2'])
    expect(two.stdout.trimEnd().split('\n')).toHaveLength(4)
    expect(two.stdout).toMatch(/\(the latest 2; --limit shows more\)\n$/)

    expect(await admin(['activity', '--limit', '0'])).toMatchObject({
      code: 1,
      stderr: '--limit must be a whole number from 1 to 1000.\n',
    })
    expect((await admin(['activity', '--limit', 'ten'])).code).toBe(1)
    expect((await admin(['activity', 'extra'])).stderr).toMatch(/^Usage:/)
    expect((await admin(['list-users', '--limit', '5'])).stderr).toMatch(/^Usage:/)
  })
})
