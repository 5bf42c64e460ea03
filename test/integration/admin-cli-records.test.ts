import { userInfo } from 'node:os'
import { ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3'
import type { AuditEntry } from '@core/audit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buckets } from '../../functions/lib/store-definitions'
import { startEngines } from '../../infra/local/engines'
import { configureEnvironment } from '../../infra/local/server'
import { runAdminCli } from '../support/admin-cli'
import { engineS3 } from '../support/engine-s3'
import { validContact, validQuote } from '../support/leads'
import { temporaryDataDir } from '../support/local-server'

/**
 * The admin CLI's commands that reveal or change data are in the activity log (`cli:<OS user>`), as its
 * changes to admin users are: find-person, erase-person, reindex-leads, recount-totals, set-role and
 * rotate-secret; a data request names the kind of identifier and the records' ids, never the person. Erasure
 * also deletes the export files (the large exports of the last day), and says so. On dynalite and s3rver.
 */
let dataDir: string
let removeData: () => Promise<void>
const actor = `cli:${userInfo().username}`

async function admin(args: string[], env: Record<string, string> = {}) {
  return runAdminCli(dataDir, args, { ADMIN_PASSWORD: 'a long chosen password', ...env })
}

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

/** The whole activity log, newest first. */
const activity = () =>
  withStores(async () => {
    const { listAudit } = await import('../../functions/lib/db/audit')
    return (await listAudit({ limit: 100 })).items
  })

/** The keys in the exports bucket. */
const exportKeys = () =>
  withStores(async () => {
    const listed = await engineS3().send(new ListObjectsV2Command({ Bucket: buckets.exports.localName }))
    return (listed.Contents ?? []).map((object) => object.Key)
  })

const contactIds: string[] = []

beforeAll(async () => {
  const data = await temporaryDataDir()
  dataDir = data.dir
  removeData = data.remove
  await withStores(async () => {
    const { storeLead } = await import('../../functions/lib/db/leads')
    contactIds.push((await storeLead('CONTACT', { ...validContact, email: 'asha@example.com' })).lead.id)
    await storeLead('QUOTE', { ...validQuote, whatsapp: '+91 98765 43210' })
    // Two large exports of earlier today, each a copy of every contact (Asha's included).
    for (const key of ['1764100000000-a/contacts.csv', '1764100001000-b/forms-export.xlsx']) {
      await engineS3().send(
        new PutObjectCommand({
          Bucket: buckets.exports.localName,
          Key: key,
          Body: 'id,email\r\nc1,asha@example.com\r\n',
        }),
      )
    }
  })
})
afterAll(async () => removeData?.())

describe('the activity log of npm run admin', () => {
  it('records each command as cli:<OS user>, and erasure deletes the export files', {
    timeout: 180_000,
  }, async () => {
    expect((await admin(['create-user', 'sunil', '--role', 'sales'])).code).toBe(0)
    expect(await exportKeys()).toHaveLength(2)

    expect((await admin(['find-person', 'asha@example.com'])).stdout).toMatch(/^Found 1:\nCONTACT /)
    const erased = await admin(['erase-person', 'asha@example.com'])
    expect(erased.code).toBe(0)
    expect(erased.stdout).toMatch(/^Deleted 1:\nCONTACT /)
    expect(erased.stdout).toContain(
      'Deleted 2 export files: every large export of the last 1 day, which may name the person.',
    )
    expect(await exportKeys()).toEqual([])
    // A second request finds nothing, and says that no export file was stored.
    expect((await admin(['erase-person', '+91 99999 88888'])).stdout).toBe(
      [
        'No quote, contact or newsletter signup names +91 99999 88888.',
        'No export files were stored.',
        'Exports already downloaded (to a computer or phone) are beyond reach: ask staff to delete theirs.',
        '',
      ].join('\n'),
    )

    expect((await admin(['reindex-leads'])).code).toBe(0)
    expect((await admin(['recount-totals'])).code).toBe(0)
    expect((await admin(['set-role', 'sunil', 'viewer'])).code).toBe(0)
    const rotated = await admin(['rotate-secret', 'signing'])
    expect(rotated.code).toBe(0)
    expect(rotated.stderr).toBe('')

    const entries = await activity()
    const byCli = entries.filter((entry) => entry.actor === actor)
    const find = (action: AuditEntry['action'], target?: string) =>
      byCli.filter((entry) => entry.action === action && (target === undefined || entry.target === target))

    expect(find('person-lookup')).toEqual([
      expect.objectContaining({ target: 'an e-mail address', detail: `1 record: CONTACT ${contactIds[0]}` }),
    ])
    expect(find('person-erasure').map((entry) => [entry.target, entry.detail])).toEqual([
      ['a phone number', '0 records; 0 export files deleted'],
      ['an e-mail address', `1 record: CONTACT ${contactIds[0]}; 2 export files deleted`],
    ])
    expect(find('maintenance', 'reindex-leads')).toEqual([
      expect.objectContaining({
        detail: expect.stringMatching(/^1 leads, \d+ entries written, \d+ stale deleted/),
      }),
    ])
    expect(find('maintenance', 'recount-totals')).toEqual([
      expect.objectContaining({ detail: 'QUOTE 1, CONTACT 0, NEWSLETTER 0, JOB 0, RESOURCE 0' }),
    ])
    expect(find('user-change', 'sunil').map((entry) => entry.detail)).toContain('role-viewer')
    expect(find('secret-rotation')).toEqual([
      expect.objectContaining({ target: 'signing', detail: 'local stand-in' }),
    ])
    // The log names no person: not the e-mail, not the number.
    const text = JSON.stringify(entries)
    expect(text).not.toMatch(/asha|example\.com|99999|88888/i)

    // The CLI's own view of the log shows them by their labels.
    const shown = (await admin(['activity'])).stdout
    expect(shown).toMatch(/Erased a person's data\s+an e-mail address/)
    expect(shown).toMatch(/Rotated a secret\s+signing \(local stand-in\)/)
  })
})
