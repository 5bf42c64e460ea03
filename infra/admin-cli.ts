/**
 * `npm run admin -- <command> [argument] [--stack <name>] [--region <region>]`: the admin users, the data
 * stores' repairs and data requests, secret rotation and the audit trail. The commands and their help are
 * the table `commands` below (`npm run admin -- --help` prints it).
 *
 * The password comes from ADMIN_PASSWORD, or is generated and printed once. Without --stack it works on the
 * local data folder (.data, or DATA_DIR; stop `npm start` first); with --stack it works on the deployed
 * stack's tables, using your AWS credentials. Every command that changes or reveals something is recorded
 * in the audit trail as `cli:<your OS user name>`: changes to admin users, the data requests (find-person,
 * erase-person: the kind of identifier and the records' ids, never the e-mail or number itself), the
 * repairs (reindex-leads, recount-totals) and secret rotations.
 */
import { userInfo } from 'node:os'
import { parseArgs } from 'node:util'
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation'
import { isStaffRole, type StaffRole, staffRoleDescriptions, staffRoles } from '../functions/core/roles'
import { newStaffUserSchema } from '../functions/core/staff-user-schema'
import { validate } from '../functions/core/validation'
import { buckets, functionEnv, tables } from '../functions/lib/store-definitions'
import { removeAdminUser, setAdminPassword } from './local/admin-users'

/** Every command, once: what it takes (shown in the help; `<...>` is required) and what it does. */
const commands = {
  'create-user': {
    takes: '<username> [--role <role>] [--email <address>]',
    does: 'create an admin (an owner unless --role), or reset its password if it exists; --email: where their alerts go',
  },
  'reset-password': { takes: '<username>', does: 'set a new password for an existing admin' },
  'set-role': { takes: '<username> <role>', does: 'change what an admin may do (takes effect within 30 s)' },
  'list-users': { takes: '', does: 'list the admins with their roles' },
  'delete-user': { takes: '<username>', does: 'delete an admin (the last one cannot be deleted)' },
  unlock: {
    takes: '<username>',
    does: "clear an admin's failed sign-in attempts, from every client network",
  },
  'enable-mfa': {
    takes: '<username>',
    does: 'enrol an admin in TOTP MFA: prints the otpauth:// URI and a QR code, once',
  },
  'disable-mfa': {
    takes: '<username>',
    does: "remove an admin's MFA enrolment (sign-in needs the password only)",
  },
  'recount-totals': { takes: '', does: "repair the dashboard's totals by counting the stored items" },
  upgrade: {
    takes: '',
    does: 'upgrade admin records of earlier versions: owner for those without a role (npm start and deploy run it)',
  },
  'reindex-leads': {
    takes: '',
    does: "rebuild the lead inbox's entries and figures from the leads (after an upgrade, or its alarm)",
  },
  'find-person': {
    takes: '<email|phone>',
    does: 'list the quotes, contacts and newsletter signups that name a person',
  },
  'erase-person': {
    takes: '<email|phone>',
    does: 'delete them all (a request to erase personal data), then recount the totals',
  },
  'rotate-secret': {
    takes: '<signing|origin>',
    does: 'new token-signing key / origin secret; the previous one stays accepted (origin needs --stack)',
  },
  'breach-report': {
    takes: '--from <ISO> --to <ISO> [--aware-at <ISO>] [--user <username>] [--access <list>] [--out <dir>]',
    does: "draft the breach notices and the Board's report for an incident window (SECURITY.md)",
  },
  'replay-erasures': {
    takes: '--from <ISO>',
    does: 'after a table restore: erase again the leads the activity log says were erased since that time',
  },
  activity: {
    takes: '[--limit <n>]',
    does: 'the audit trail, newest first (default 50 entries, at most 1000)',
  },
} as const satisfies Record<string, { readonly takes: string; readonly does: string }>
type Command = keyof typeof commands

const usage = [
  'Usage: npm run admin -- <command> [argument] [--stack <name>] [--region <region>]',
  ...Object.entries(commands).map(([name, { takes, does }]) => `  ${`${name} ${takes}`.padEnd(40)} ${does}`),
  `  Roles: ${staffRoles.map((role) => `${role} (${staffRoleDescriptions[role]})`).join('; ')}`,
  '  The password comes from ADMIN_PASSWORD, or a random one is generated and printed once.',
  '  Without --stack it works on the local data folder (.data or DATA_DIR); stop npm start first.',
].join('\n')

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    stack: { type: 'string' },
    region: { type: 'string' },
    limit: { type: 'string' },
    role: { type: 'string' },
    email: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    'aware-at': { type: 'string' },
    user: { type: 'string' },
    access: { type: 'string' },
    out: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
})
const [commandName, username, extra] = positionals
if (values.help) {
  console.log(usage)
  process.exit(0)
}
if (!Object.hasOwn(commands, commandName ?? '')) fail(usage)
const command = commandName as Command
if (command === 'rotate-secret') {
  const { awsClients, RotationError, rotateSecret } = await import('./rotate-secret')
  const { resolve } = await import('node:path')
  const lines = await rotateSecret(
    {
      kind: username,
      stack: values.stack,
      region: values.region,
      dataDir: resolve(process.env.DATA_DIR ?? '.data'),
    },
    () => awsClients(values.region),
  ).catch((error: Error) =>
    fail(error instanceof RotationError ? error.message : `Rotation failed: ${error.message}`),
  )
  console.log(lines.join('\n'))
  // Recorded once the rotation is done; the stores open after it (a refused rotation writes nothing).
  try {
    const close = await openStores()
    await recordCliAction(
      'secret-rotation',
      String(username),
      values.stack ? `stack ${values.stack}` : 'local stand-in',
    )
    await close?.()
  } catch (error) {
    console.error(
      `The rotation is done, but the activity log could not record it: ${(error as Error).message}`,
    )
  }
  process.exit(0)
}
// The table says what each command takes: a required argument, `--limit`, `--role`, a second argument.
const { takes } = commands[command]
const needsArgument = takes.startsWith('<')
if (needsArgument !== (username !== undefined)) fail(usage)
if (values.limit !== undefined && !takes.includes('--limit')) fail(usage)
if (values.role !== undefined && !takes.includes('--role')) fail(usage)
if (values.email !== undefined && !takes.includes('--email')) fail(usage)
const breachOptions = ['from', 'to', 'aware-at', 'user', 'access', 'out'] as const
if (breachOptions.some((name) => values[name] !== undefined && !takes.includes(`--${name}`))) fail(usage)
if ((extra !== undefined) !== (command === 'set-role')) fail(usage)
const roleArgument = command === 'set-role' ? extra : values.role
if (roleArgument !== undefined && !isStaffRole(roleArgument)) {
  fail(`The role must be one of: ${staffRoles.join(', ')}.`)
}
const role = roleArgument as StaffRole | undefined
const activityLimit = values.limit === undefined ? 50 : Number(values.limit)
if (!Number.isInteger(activityLimit) || activityLimit < 1 || activityLimit > 1000) {
  fail('--limit must be a whole number from 1 to 1000.')
}

/** The --email value, checked as the workspace checks a staff e-mail; a message for people otherwise. */
function checkedEmail(text: string): string {
  const result = validate(newStaffUserSchema.shape.email, text)
  if (!result.ok) fail(`--email: ${Object.values(result.fields)[0] ?? 'not an e-mail address'}`)
  return result.value
}

/**
 * Points this process at the data stores: with --stack, the deployed stack's tables and exports bucket (from
 * its outputs); without, the local data folder's engines, which it returns how to close. Throws a message
 * for people when it cannot.
 */
async function openStores(): Promise<(() => Promise<void>) | undefined> {
  if (values.stack) {
    const client = new CloudFormationClient(values.region ? { region: values.region } : {})
    const reply = await client
      .send(new DescribeStacksCommand({ StackName: values.stack }))
      .catch((error: Error) => {
        throw new Error(`Could not read stack ${values.stack}: ${error.message}`)
      })
    const outputs = reply.Stacks?.[0]?.Outputs ?? []
    const output = (key: string) => outputs.find((candidate) => candidate.OutputKey === key)?.OutputValue
    const table = output('ContentTableName')
    if (!table) throw new Error(`Stack ${values.stack} has no ContentTableName output. Is it deployed?`)
    process.env[tables.content.envVar] = table
    const leadsTable = output('LeadsTableName')
    if (leadsTable) process.env[tables.leads.envVar] = leadsTable
    const exportsBucket = output('ExportsBucketName')
    if (exportsBucket) process.env[buckets.exports.envVar] = exportsBucket
    // A user's e-mail is subscribed to their own alerts on the stack's staff topic (--email).
    const topic = output('NotificationTopicArn')
    if (topic) process.env[functionEnv.leadsTopicArn] = topic
    if (values.region) process.env.AWS_REGION = values.region
    return undefined
  }
  const { resolve } = await import('node:path')
  const { startEngines } = await import('./local/engines')
  const { configureEnvironment } = await import('./local/server')
  const dataDir = resolve(process.env.DATA_DIR ?? '.data')
  const engines = await startEngines(dataDir)
  await configureEnvironment(engines, dataDir)
  return () => engines.close()
}

const closeLocal = await openStores().catch((error: Error) => fail(error.message))

/** Who the audit trail names for a change made here: the person at this terminal. */
function cliActor(): string {
  try {
    return `cli:${userInfo().username}`
  } catch {
    return 'cli'
  }
}

/** Records a change to an admin user in the audit trail (never fails the command). */
async function auditUserChange(
  target: string,
  detail:
    | 'created'
    | 'password-reset'
    | 'deleted'
    | 'unlocked'
    | 'mfa-enabled'
    | 'mfa-disabled'
    | 'email changed'
    | `role-${StaffRole}`,
) {
  const { recordAudit } = await import('../functions/lib/db/audit')
  await recordAudit({ actor: cliActor(), action: 'user-change', target, detail })
}

/**
 * Records a command that is not a change to an admin user (never fails the command): a data request (the
 * kind of identifier as `target`, never the identifier), a repair, a secret rotation.
 */
async function recordCliAction(
  action: 'person-lookup' | 'person-erasure' | 'maintenance' | 'secret-rotation' | 'breach-report',
  target: string,
  detail: string,
) {
  const { recordAudit } = await import('../functions/lib/db/audit')
  await recordAudit({ actor: cliActor(), action, target, detail })
}

/** The latest `limit` entries of the audit trail as a table, newest first. */
async function activityTable(limit: number): Promise<string> {
  const { auditText, listAudit, maxAuditPageSize } = await import('../functions/lib/db/audit')
  const { auditActionLabels } = await import('../functions/core/audit')
  const entries = []
  let cursor: string | undefined
  do {
    const page = await listAudit({ limit: Math.min(maxAuditPageSize, limit - entries.length), cursor })
    entries.push(...page.items)
    cursor = page.nextCursor
  } while (cursor && entries.length < limit)
  if (entries.length === 0) return 'No activity recorded.'
  const rows = entries.map((entry) =>
    [
      entry.at.replace('T', ' ').slice(0, 19),
      entry.actor,
      auditActionLabels[entry.action],
      [entry.target, entry.detail && `(${entry.detail})`].filter(Boolean).join(' '),
      entry.network ?? '',
    ].map(auditText),
  )
  const header = ['WHEN (UTC)', 'WHO', 'WHAT', 'TARGET', 'NETWORK']
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  )
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd()
  const more = cursor ? [`(the latest ${entries.length}; --limit shows more)`] : []
  return [line(header), ...rows.map(line), ...more].join('\n')
}

/**
 * The breach drill: checks the window, finds the people and data it touched (the activity log and the
 * store), writes the Board's report, the list of people and one notice each to the --out folder, and records
 * the drill (the window and the counts, never a person).
 */
async function breachReport(): Promise<string> {
  const { breachAuditRecord, breachCounts, breachSummaryLines, checkBreachQuery } = await import(
    '../functions/core/breach-report'
  )
  const checked = checkBreachQuery({
    from: values.from,
    to: values.to,
    ...(values['aware-at'] === undefined ? {} : { awareAt: values['aware-at'] }),
    ...(values.user === undefined ? {} : { user: values.user }),
    ...(values.access === undefined ? {} : { accesses: values.access.split(',').map((part) => part.trim()) }),
  })
  if (!checked.ok) {
    const names: Record<string, string> = { awareAt: 'aware-at', accesses: 'access' }
    const [field, message] = Object.entries(checked.fields)[0] ?? ['from', 'Check the window']
    throw new Error(`--${names[field] ?? field}: ${message}.`)
  }
  const { findBreachScope } = await import('../functions/lib/db/breach-scope')
  const { breachDrafts } = await import('../functions/lib/breach-drafts')
  const { mkdir, writeFile } = await import('node:fs/promises')
  const { join, resolve } = await import('node:path')
  const now = new Date()
  const findings = await findBreachScope(checked.value)
  const drafts = breachDrafts(findings, now)
  const out = resolve(values.out ?? `breach-report-${now.toISOString().replace(/[:.]/g, '-')}`)
  await mkdir(out, { recursive: true })
  for (const draft of drafts) await writeFile(join(out, draft.fileName), draft.text, { flag: 'w' })
  const counts = breachCounts(findings)
  const audit = breachAuditRecord(findings)
  await recordCliAction('breach-report', audit.target, audit.detail)
  return [
    ...breachSummaryLines(findings),
    `Drafts written to ${out}: the Board's report, the list of people and ${counts.people} ${counts.people === 1 ? 'notice' : 'notices'}.`,
    'They name the people affected: keep the folder private, and delete it once the notices are sent.',
  ].join('\n')
}

async function run(name: string): Promise<string> {
  const { getAdminUser, listAdminUsers } = await import('../functions/lib/db/admin-users')
  switch (command) {
    case 'rotate-secret':
      throw new Error('rotate-secret runs before the data stores are opened')
    case 'activity':
      return await activityTable(activityLimit)
    case 'list-users': {
      const users = await listAdminUsers()
      if (users.length === 0) return 'No admin users.'
      const width = Math.max(8, ...users.map((user) => user.username.length))
      const rows = users.map(
        (user) =>
          `${user.username.padEnd(width)}  ${(user.role ?? 'none').padEnd(6)}  ${user.createdAt}  ${user.updatedAt}  ${user.mfa ? 'yes' : 'no'}`,
      )
      return [
        `${'USERNAME'.padEnd(width)}  ROLE    CREATED                   CHANGED                   MFA`,
        ...rows,
      ].join('\n')
    }
    case 'recount-totals': {
      const { recountCounters } = await import('../functions/lib/db/counters')
      const totals = { ...(await recountCounters('leads')), ...(await recountCounters('content')) }
      await recordCliAction(
        'maintenance',
        'recount-totals',
        Object.entries(totals)
          .map(([kind, total]) => `${kind} ${total}`)
          .join(', '),
      )
      return Object.entries(totals)
        .map(([kind, total]) => `${kind.padEnd(10)} ${total}`)
        .join('\n')
    }
    case 'upgrade': {
      const { upgradeAdminUsers } = await import('../functions/lib/db/admin-users')
      const { legacyStaffRole } = await import('../functions/core/roles')
      const report = await upgradeAdminUsers()
      for (const given of report.ownersGiven) await auditUserChange(given, `role-${legacyStaffRole}`)
      const owners = report.ownersGiven.length
      return [
        owners === 0
          ? 'Every admin user has a role.'
          : `Gave ${owners} admin user${owners === 1 ? '' : 's'} without a role the ${legacyStaffRole} role: ${report.ownersGiven.join(', ')}.`,
        `${report.mfaMarked} MFA enrolment${report.mfaMarked === 1 ? '' : 's'} marked for the Users list.`,
        `${report.mfaSecretsMoved} MFA secret${report.mfaSecretsMoved === 1 ? '' : 's'} moved off the user records.`,
      ].join(' ')
    }
    case 'reindex-leads': {
      const { reindexLeads } = await import('../functions/lib/db/reindex')
      const report = await reindexLeads()
      await recordCliAction(
        'maintenance',
        'reindex-leads',
        `${report.leads} leads, ${report.entriesWritten} entries written, ${report.staleEntriesDeleted} stale deleted, ${report.figures} figures, ${report.responseFigures} response figures`,
      )
      return [
        `Reindexed ${report.leads} lead${report.leads === 1 ? '' : 's'}: ${report.entriesWritten} inbox entries written,`,
        `${report.staleEntriesDeleted} stale entries deleted, ${report.figures} figures recounted,`,
        `${report.responseFigures} response-time figure${report.responseFigures === 1 ? '' : 's'} rebuilt.`,
      ].join(' ')
    }
    case 'set-role': {
      const { setAdminRole } = await import('../functions/lib/db/admin-users')
      if ((await setAdminRole(name, role as StaffRole)) === 'not-found') {
        throw new Error(`No admin user named "${name}".`)
      }
      await auditUserChange(name, `role-${role as StaffRole}`)
      return `Admin user "${name}" is now ${role}. Open sessions follow within 30 seconds.`
    }
    case 'find-person':
    case 'erase-person': {
      const { eraseExportFiles, erasePersonalRecords, exportFileDays, findPersonalRecords } = await import(
        '../functions/lib/db/erasure'
      )
      const erase = command === 'erase-person'
      const records = erase ? await erasePersonalRecords(name) : await findPersonalRecords(name)
      // Any large export of the last day may name the person: erasure deletes them all (erasure.ts). A stack
      // deployed before it named its exports bucket cannot say where they are: then they are only listed.
      const bucketKnown = Boolean(process.env[buckets.exports.envVar])
      const files = erase && bucketKnown ? await eraseExportFiles() : undefined
      const ids = records.map((record) => `${record.kind} ${record.id}`).join(', ')
      await recordCliAction(
        erase ? 'person-erasure' : 'person-lookup',
        name.includes('@') ? 'an e-mail address' : 'a phone number',
        [
          `${records.length} ${records.length === 1 ? 'record' : 'records'}${ids ? `: ${ids}` : ''}`,
          ...(files ? [`${files.deleted.length} export files deleted`] : []),
          ...(erase && !files ? ['export files not deleted (bucket unknown)'] : []),
        ].join('; '),
      )
      const lines =
        records.length === 0
          ? [`No quote, contact or newsletter signup names ${name}.`]
          : [
              `${erase ? 'Deleted' : 'Found'} ${records.length}:`,
              ...records.map(
                (record) => `${record.kind.padEnd(10)} ${record.createdAt}  ${record.id}  ${record.name}`,
              ),
            ]
      if (files) {
        lines.push(
          files.deleted.length === 0
            ? 'No export files were stored.'
            : `Deleted ${files.deleted.length} export file${files.deleted.length === 1 ? '' : 's'}: every large export of the last ${exportFileDays} day, which may name the person.`,
          'Exports already downloaded (to a computer or phone) are beyond reach: ask staff to delete theirs.',
        )
      } else if (erase) {
        lines.push(
          `Stack ${values.stack} does not name its exports bucket (deploy it again): its large exports of the last ${exportFileDays} day, which may name the person, remain until their lifecycle rule deletes them, at most ${exportFileDays} day after each was made.`,
        )
      }
      return lines.join('\n')
    }
    case 'breach-report':
      return await breachReport()
    case 'replay-erasures': {
      const since = values.from ? new Date(values.from) : undefined
      if (
        !values.from ||
        !since ||
        Number.isNaN(since.getTime()) ||
        !/[zZ]|[+-]\d{2}:\d{2}$/.test(values.from)
      ) {
        throw new Error(
          '--from must be the restore point as an ISO time with its zone, e.g. 2026-11-23T08:00:00Z.',
        )
      }
      const { replayErasures } = await import('../functions/lib/db/erasure')
      const replay = await replayErasures(since.toISOString())
      await recordCliAction(
        'maintenance',
        'replay-erasures',
        `since ${since.toISOString()}: ${replay.entries} erasure entries, ${replay.erased.length} leads erased again${
          replay.erased.length
            ? `: ${replay.erased.map((record) => `${record.kind} ${record.id}`).join(', ')}`
            : ''
        }`,
      )
      return replay.erased.length === 0
        ? `${replay.entries} erasure entries since ${since.toISOString()}; none of their leads is in the table.`
        : [
            `${replay.entries} erasure entries since ${since.toISOString()}; erased again ${replay.erased.length}:`,
            ...replay.erased.map((record) => `  ${record.kind} ${record.id} (${record.createdAt})`),
          ].join('\n')
    }
    case 'delete-user': {
      const outcome = await removeAdminUser(name)
      if (outcome === 'not-found') throw new Error(`No admin user named "${name}".`)
      if (outcome === 'last-admin') {
        throw new Error(`"${name}" is the only admin and cannot be deleted. Create another admin first.`)
      }
      await auditUserChange(name, 'deleted')
      return `Admin user "${name}" deleted. Its tokens are refused from now on (within 30 seconds everywhere).`
    }
    case 'unlock': {
      if (!(await getAdminUser(name))) throw new Error(`No admin user named "${name}".`)
      const { clearLoginAttempts } = await import('../functions/lib/db/login-attempts')
      const cleared = await clearLoginAttempts(name)
      await auditUserChange(name, 'unlocked')
      return cleared === 0
        ? `Admin user "${name}" had no failed sign-in attempts to clear.`
        : `Admin user "${name}" unlocked: ${cleared} attempt record${cleared === 1 ? '' : 's'} cleared.`
    }
    case 'enable-mfa': {
      const { enrolMfa } = await import('./local/admin-users')
      const enrolment = await enrolMfa(name)
      await auditUserChange(name, 'mfa-enabled')
      return [
        `Admin user "${name}" is enrolled in MFA. Scan the QR code, or enter the URI, in an authenticator app.`,
        'Both are shown only once; from now on signing in needs the 6-digit code too.',
        enrolment.uri,
        enrolment.qrCode,
      ].join('\n')
    }
    case 'disable-mfa': {
      const { disableAdminMfa } = await import('../functions/lib/db/admin-users')
      const outcome = await disableAdminMfa(name)
      if (outcome === 'not-found') throw new Error(`No admin user named "${name}".`)
      if (outcome === 'unchanged') return `Admin user "${name}" was not enrolled in MFA; nothing changed.`
      await auditUserChange(name, 'mfa-disabled')
      return `Admin user "${name}" signs in with the password only from now on.`
    }
    case 'reset-password':
    case 'create-user': {
      if (command === 'reset-password' && !(await getAdminUser(name))) {
        throw new Error(`No admin user named "${name}". Use create-user to create one.`)
      }
      const email = values.email === undefined ? undefined : checkedEmail(values.email)
      const account = await setAdminPassword(name, process.env.ADMIN_PASSWORD || undefined, role)
      await auditUserChange(account.username, account.action === 'created' ? 'created' : 'password-reset')
      if (role) await auditUserChange(account.username, `role-${role}`)
      const lines = [`Admin user "${account.username}" ${account.action}${role ? ` (${role})` : ''}.`]
      if (email) {
        const { setAdminEmail } = await import('../functions/lib/db/admin-users')
        const { syncAlertSubscription } = await import('../functions/lib/staff-subscriptions')
        await setAdminEmail(account.username, email)
        await auditUserChange(account.username, 'email changed')
        await syncAlertSubscription(account.username, 'admin-cli')
        lines.push(
          process.env[functionEnv.leadsTopicArn]
            ? `Alerts go to ${email} once its owner follows the link in AWS's confirmation e-mail.`
            : `Alerts for ${email} are kept in the stand-in's outbox (.data/outbox.jsonl).`,
        )
      }
      if (account.generatedPassword) lines.push(`Password (shown only once): ${account.generatedPassword}`)
      return lines.join('\n')
    }
  }
}

try {
  console.log(await run(username ?? ''))
} catch (error) {
  await closeLocal?.()
  fail(error instanceof Error ? error.message : String(error))
}
await closeLocal?.()
