import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEngines } from '../../infra/local/engines'
import { configureEnvironment } from '../../infra/local/server'
import { runAdminCli } from '../support/admin-cli'
import { validContact, validQuote } from '../support/leads'
import { request, startTestServer, temporaryDataDir } from '../support/local-server'

/**
 * The breach drill on a simulated incident (dynalite): staff account `ravi` opens a quote and exports the
 * contacts inside the window, and opens another quote the day before it; `asha` opens a third quote inside
 * it; a contact arrives in the window after the export, and a newsletter signup was never touched. The
 * drill for ravi's account lists exactly the people his actions in the window touched; without an account
 * it adds asha's and the arrival; neither lists what happened outside the window.
 */
let dataDir: string
let removeData: () => Promise<void>
const ids: Record<string, string> = {}

/** Opens the data folder, runs `work` against it, and closes it again for the CLI. */
async function withStores<T>(work: () => Promise<T>): Promise<T> {
  const engines = await startEngines(dataDir)
  try {
    await configureEnvironment(engines, dataDir)
    return await work()
  } finally {
    await engines.close()
  }
}

const admin = (args: string[]) => runAdminCli(dataDir, ['breach-report', ...args])
// 9 am to 6 pm IST on 20 November 2026; the company became aware the next morning.
const window = ['--from', '2026-11-20T09:00:00+05:30', '--to', '2026-11-20T18:00:00+05:30']
const awareAt = ['--aware-at', '2026-11-21T10:00:00+05:30']

beforeAll(async () => {
  const data = await temporaryDataDir()
  dataDir = data.dir
  removeData = data.remove
  await withStores(async () => {
    const { storeLead, subscribeNewsletter } = await import('../../functions/lib/db/leads')
    const { recordAudit } = await import('../../functions/lib/db/audit')
    const at = (iso: string) => ({ now: new Date(iso) })
    const store = async (name: string, kind: 'QUOTE' | 'CONTACT', data: object, created: string) => {
      ids[name] = (await storeLead(kind, data, at(created))).lead.id
    }
    await store(
      'anil',
      'QUOTE',
      { ...validQuote, name: 'Anil Quote', whatsapp: '+91 90000 00001' },
      '2026-11-10T06:00:00Z',
    )
    await store(
      'esha',
      'QUOTE',
      { ...validQuote, name: 'Esha Before', whatsapp: '+91 90000 00002' },
      '2026-11-11T06:00:00Z',
    )
    await store(
      'farah',
      'QUOTE',
      { ...validQuote, name: 'Farah Other', whatsapp: '+91 90000 00003' },
      '2026-11-12T06:00:00Z',
    )
    await store(
      'bala',
      'CONTACT',
      { ...validContact, name: 'Bala Contact', email: 'bala@example.com', phone: '+91 90000 00004' },
      '2026-11-13T06:00:00Z',
    )
    await store(
      'dev',
      'CONTACT',
      { ...validContact, name: 'Dev Contact', email: 'dev@example.com', phone: '+91 90000 00005' },
      '2026-11-14T06:00:00Z',
    )
    // Arrives in the window (10:00 UTC = 3:30 pm IST), after ravi's export.
    await store(
      'chitra',
      'CONTACT',
      { ...validContact, name: 'Chitra Late', email: 'chitra@example.com', phone: '+91 90000 00006' },
      '2026-11-20T10:00:00Z',
    )
    await subscribeNewsletter({ email: 'gita@example.com' }, new Date('2026-11-01T06:00:00Z'))
    // The activity log, as the routes write it (get-lead.ts, export-kind.ts).
    const log = async (actor: string, action: 'lead-view' | 'export', target: string, iso: string) =>
      recordAudit({ actor, action, target, network: '203.0.113.9', role: 'owner' }, new Date(iso))
    await log('ravi', 'lead-view', ids.esha as string, '2026-11-19T12:00:00Z')
    await log('ravi', 'lead-view', ids.anil as string, '2026-11-20T04:00:00Z')
    await log('ravi', 'export', 'contacts.csv', '2026-11-20T05:00:00Z')
    await log('asha', 'lead-view', ids.farah as string, '2026-11-20T06:00:00Z')
    // Half an hour after the window.
    await log('ravi', 'lead-view', ids.farah as string, '2026-11-20T13:00:00Z')
  })
}, 60_000)
afterAll(async () => removeData?.())

/** The drafts folder's files, and the names in its list of people. */
async function drafts(out: string) {
  const files = (await readdir(out)).sort()
  const csv = await readFile(join(out, 'affected-people.csv'), 'utf8')
  const names = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n')
    .slice(1)
    .map((row) => row.split(',')[1])
  return { files, csv, names }
}

describe('npm run admin -- breach-report', () => {
  it("lists exactly the people a compromised account's window touched, and drafts both notices with the 72-hour deadline", {
    timeout: 90_000,
  }, async () => {
    const out = join(dataDir, 'drafts-ravi')
    const result = await admin([...window, ...awareAt, '--user', 'ravi', '--out', out])
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    expect(result.stdout).toContain(
      'People affected: 3 (3 records): opened in the staff workspace 1, included in an export 2',
    )
    expect(result.stdout).toContain('Staff accounts involved: ravi (2 entries)')
    expect(result.stdout).toContain('Report to the Data Protection Board due by 24 Nov 2026, 10:00 am IST')
    expect(result.stdout).toContain("CERT-In's report runs in parallel: due by 21 Nov 2026, 4:00 pm IST")

    const { files, csv, names } = await drafts(out)
    expect(files).toEqual([
      'affected-people.csv',
      'board-report.md',
      'notice-0001.txt',
      'notice-0002.txt',
      'notice-0003.txt',
    ])
    // Oldest record first: the quote ravi opened, then the two contacts his export held.
    expect(names).toEqual(['Anil Quote', 'Bala Contact', 'Dev Contact'])
    // A phone number's + is kept from starting a formula, as the exports do.
    expect(csv).toContain(`Anil Quote,,'+91 90000 00001,QUOTE ${ids.anil},viewed,"name; phone; place"`)
    expect(csv).toContain(
      `bala@example.com,'+91 90000 00004,CONTACT ${ids.bala},exported,"name; phone; email; message"`,
    )
    for (const outside of ['Esha', 'Farah', 'Chitra', 'gita']) expect(csv).not.toContain(outside)

    const board = await readFile(join(out, 'board-report.md'), 'utf8')
    expect(board).toContain(
      'Report to the Board with full details due by: **24 Nov 2026, 10:00 am IST** (72 hours from awareness)',
    )
    expect(board).toContain('Window: 20 Nov 2026, 9:00 am IST to 20 Nov 2026, 6:00 pm IST')
    expect(board).toContain('Staff account suspected: ravi')
    expect(board).toContain('People affected: 3 (3 records)')
    expect(board).not.toContain('@example.com')
    const notice = await readFile(join(out, 'notice-0002.txt'), 'utf8')
    expect(notice).toMatch(/^Dear Bala Contact,\n/)
    expect(notice).toContain('Your records were included in an export.')
    expect(notice).toContain(
      'The details concerned: your name, phone or WhatsApp number, e-mail, what you write to us.',
    )
  })

  it('adds every account and the arrivals of the window when no account is named, and records the drill', {
    timeout: 90_000,
  }, async () => {
    const out = join(dataDir, 'drafts-all')
    const result = await admin([...window, ...awareAt, '--out', out])
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('Staff accounts involved: ravi (2 entries), asha (1 entry)')
    const { names } = await drafts(out)
    expect(names).toEqual(['Anil Quote', 'Farah Other', 'Bala Contact', 'Dev Contact', 'Chitra Late'])

    // Only the export, for this account: its contacts, nothing opened.
    const exported = await admin([
      ...window,
      '--user',
      'ravi',
      '--access',
      'exported',
      '--out',
      join(dataDir, 'x'),
    ])
    expect(exported.stdout).toContain('People affected: 2 (2 records): included in an export 2')

    const entries = await withStores(async () => {
      const { listAudit } = await import('../../functions/lib/db/audit')
      return (await listAudit({ limit: 10 })).items.filter((entry) => entry.action === 'breach-report')
    })
    expect(entries).toHaveLength(3)
    expect(entries[1]).toMatchObject({
      target: '2026-11-20T03:30:00.000Z to 2026-11-20T12:30:00.000Z',
      detail: '5 people, 5 records',
    })
    expect(entries[2]?.detail).toBe('3 people, 3 records, account ravi')
    expect(JSON.stringify(entries)).not.toMatch(/example\.com|Anil|Bala|\+91/)
  })

  it('refuses a reversed, too long or unreadable window with a clear message, and drafts nothing', {
    timeout: 90_000,
  }, async () => {
    const out = join(dataDir, 'refused')
    expect(
      await admin(['--from', '2026-11-20T18:00+05:30', '--to', '2026-11-20T09:00+05:30', '--out', out]),
    ).toMatchObject({
      code: 1,
      stderr: '--to: The end of the window must be after its start.\n',
    })
    expect(
      await admin(['--from', '2026-01-01T00:00Z', '--to', '2026-11-20T00:00Z', '--out', out]),
    ).toMatchObject({
      code: 1,
      stderr: '--to: Keep the window to 90 days or fewer (read a longer one in parts).\n',
    })
    expect(
      (await admin(['--from', 'last tuesday', '--to', '2026-11-20T00:00Z', '--out', out])).stderr,
    ).toMatch(/^--from: Give the start of the window as an ISO 8601 time with its zone/)
    expect((await admin([...window, '--user', 'ravi', '--limit', '3'])).stderr).toMatch(/^Usage:/)
    await expect(readdir(out)).rejects.toThrow()
  })

  it('answers the same people and drafts to an owner through POST /api/admin/breach-report, and refuses a bad window', {
    timeout: 90_000,
  }, async () => {
    const server = await startTestServer(dataDir)
    try {
      const { setAdminPassword } = await import('../../infra/local/admin-users')
      await setAdminPassword('owner.one', 'a long test password', 'owner')
      const login = await request(server.url, '/api/admin/login', {
        body: { username: 'owner.one', password: 'a long test password' },
      })
      const token = login.body.token as string
      const body = {
        from: '2026-11-20T09:00:00+05:30',
        to: '2026-11-20T18:00:00+05:30',
        awareAt: '2026-11-21T10:00:00+05:30',
        user: 'ravi',
      }
      const reply = await request(server.url, '/api/admin/breach-report', { token, body })
      expect(reply.status).toBe(200)
      expect(reply.body.deadlines).toEqual({
        board: '2026-11-24T04:30:00.000Z',
        certIn: '2026-11-21T10:30:00.000Z',
      })
      expect(reply.body.counts).toMatchObject({ people: 3, records: 3, exports: 1 })
      const drafts = reply.body.drafts as { fileName: string; text: string }[]
      expect(drafts.map((draft) => draft.fileName)).toEqual([
        'board-report.md',
        'affected-people.csv',
        'notice-0001.txt',
        'notice-0002.txt',
        'notice-0003.txt',
      ])
      expect(drafts.slice(2).map((draft) => draft.text.split('\n')[0])).toEqual([
        'Dear Anil Quote,',
        'Dear Bala Contact,',
        'Dear Dev Contact,',
      ])
      expect(drafts[0]?.text).toContain('due by: **24 Nov 2026, 10:00 am IST**')

      const reversed = await request(server.url, '/api/admin/breach-report', {
        token,
        body: { ...body, from: body.to, to: body.from },
      })
      expect(reversed.status).toBe(400)
      expect(reversed.body.fields).toEqual({ to: 'The end of the window must be after its start' })

      const activity = await request(server.url, '/api/admin/activity', { token })
      const drills = activity.body.items.filter(
        (entry: { action: string }) => entry.action === 'breach-report',
      )
      expect(drills[0]).toMatchObject({
        actor: 'owner.one',
        detail: '3 people, 3 records, account ravi',
        role: 'owner',
      })
    } finally {
      await server.close()
    }
  })
})
