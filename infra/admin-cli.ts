/**
 * `npm run admin -- <command> [username] [--stack <name>] [--region <region>]`
 *
 *   create-user <username>     create an admin (or reset it if it exists)
 *   reset-password <username>  set a new password for an admin
 *   list-users                 list the admins (username, created, last password change)
 *   delete-user <username>     delete an admin (never the last one)
 *   unlock <username>          clear an admin's failed sign-in attempts (every client network)
 *   enable-mfa <username>      enrol an admin in TOTP MFA: prints the otpauth URI and a QR code once
 *   disable-mfa <username>     remove an admin's MFA enrolment
 *   recount-totals             repair the dashboard's totals by counting the stored items
 *   find-person <email|phone>  list the leads that name a person (for a data request)
 *   erase-person <email|phone> delete every lead that names a person, then recount the totals
 *   rotate-secret signing|origin  rotate a secret without downtime (infra/rotate-secret.ts)
 *   activity [--limit <n>]     the audit trail, newest first (sign-ins, exports, uploads, changes)
 *
 * The password comes from ADMIN_PASSWORD, or is generated and printed once. Without --stack it works on the
 * local data folder (.data, or DATA_DIR; stop `npm start` first); with --stack it works on the deployed
 * stack's content table, using your AWS credentials. Changes to admin users are recorded in the audit trail
 * as `cli:<your OS user name>`.
 */
import { userInfo } from 'node:os'
import { parseArgs } from 'node:util'
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation'
import { tables } from '../functions/lib/stores'
import { removeAdminUser, setAdminPassword } from './local/admin-users'

const usage = `Usage: npm run admin -- <command> [username] [--stack <name>] [--region <region>]
  create-user <username>     create an admin, or reset its password if it exists
  reset-password <username>  set a new password for an existing admin
  list-users                 list the admins
  delete-user <username>     delete an admin (the last one cannot be deleted)
  unlock <username>          clear an admin's failed sign-in attempts, from every client network
  enable-mfa <username>      enrol an admin in TOTP MFA: prints the otpauth:// URI and a QR code, once
  disable-mfa <username>     remove an admin's MFA enrolment (sign-in needs the password only)
  recount-totals             repair the dashboard's totals by counting the stored items
  find-person <email|phone>  list the quotes, contacts and newsletter signups that name a person
  erase-person <email|phone> delete them all (a request to erase personal data), then recount the totals
  rotate-secret signing|origin  new token-signing key / origin secret; the previous one stays accepted
                             (origin needs --stack and deploys the new value to CloudFront)
  activity [--limit <n>]     the audit trail, newest first (default 50 entries, at most 1000)
  The password comes from ADMIN_PASSWORD, or a random one is generated and printed once.
  Without --stack it works on the local data folder (.data or DATA_DIR); stop npm start first.`

const commands = [
  'create-user',
  'reset-password',
  'list-users',
  'delete-user',
  'unlock',
  'enable-mfa',
  'disable-mfa',
  'recount-totals',
  'find-person',
  'erase-person',
  'rotate-secret',
  'activity',
] as const
type Command = (typeof commands)[number]

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
    help: { type: 'boolean', short: 'h' },
  },
})
const [commandName, username] = positionals
if (values.help) {
  console.log(usage)
  process.exit(0)
}
if (!(commands as readonly string[]).includes(commandName ?? '')) fail(usage)
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
  process.exit(0)
}
const withoutUsername: readonly Command[] = ['list-users', 'recount-totals', 'activity']
if (!withoutUsername.includes(command) && !username) fail(usage)
if (values.limit !== undefined && command !== 'activity') fail(usage)
if (withoutUsername.includes(command) && username !== undefined) fail(usage)
const activityLimit = values.limit === undefined ? 50 : Number(values.limit)
if (!Number.isInteger(activityLimit) || activityLimit < 1 || activityLimit > 1000) {
  fail('--limit must be a whole number from 1 to 1000.')
}

let closeLocal: (() => Promise<void>) | undefined
if (values.stack) {
  const client = new CloudFormationClient(values.region ? { region: values.region } : {})
  const reply = await client
    .send(new DescribeStacksCommand({ StackName: values.stack }))
    .catch((error: Error) => fail(`Could not read stack ${values.stack}: ${error.message}`))
  const outputs = reply.Stacks?.[0]?.Outputs ?? []
  const output = (key: string) => outputs.find((candidate) => candidate.OutputKey === key)?.OutputValue
  const table = output('ContentTableName')
  if (!table) fail(`Stack ${values.stack} has no ContentTableName output. Is it deployed?`)
  process.env[tables.content.envVar] = table
  const leadsTable = output('LeadsTableName')
  if (leadsTable) process.env[tables.leads.envVar] = leadsTable
  if (values.region) process.env.AWS_REGION = values.region
} else {
  const { resolve } = await import('node:path')
  const { startEngines } = await import('./local/engines')
  const { configureEnvironment } = await import('./local/server')
  const dataDir = resolve(process.env.DATA_DIR ?? '.data')
  const engines = await startEngines(dataDir).catch((error: Error) => fail(error.message))
  await configureEnvironment(engines, dataDir)
  closeLocal = () => engines.close()
}

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
  detail: 'created' | 'password-reset' | 'deleted' | 'unlocked' | 'mfa-enabled' | 'mfa-disabled',
) {
  const { recordAudit } = await import('../functions/lib/db/audit')
  await recordAudit({ actor: cliActor(), action: 'user-change', target, detail })
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
          `${user.username.padEnd(width)}  ${user.createdAt}  ${user.updatedAt}  ${user.mfa ? 'yes' : 'no'}`,
      )
      return [
        `${'USERNAME'.padEnd(width)}  CREATED                   PASSWORD SET              MFA`,
        ...rows,
      ].join('\n')
    }
    case 'recount-totals': {
      const { recountCounters } = await import('../functions/lib/db/counters')
      const totals = { ...(await recountCounters('leads')), ...(await recountCounters('content')) }
      return Object.entries(totals)
        .map(([kind, total]) => `${kind.padEnd(10)} ${total}`)
        .join('\n')
    }
    case 'find-person':
    case 'erase-person': {
      const { erasePersonalRecords, findPersonalRecords } = await import('../functions/lib/db/erasure')
      const records =
        command === 'erase-person' ? await erasePersonalRecords(name) : await findPersonalRecords(name)
      if (records.length === 0) return `No quote, contact or newsletter signup names ${name}.`
      const lines = records.map(
        (record) => `${record.kind.padEnd(10)} ${record.createdAt}  ${record.id}  ${record.name}`,
      )
      const verb = command === 'erase-person' ? 'Deleted' : 'Found'
      return [`${verb} ${records.length}:`, ...lines].join('\n')
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
      const account = await setAdminPassword(name, process.env.ADMIN_PASSWORD || undefined)
      await auditUserChange(account.username, account.action === 'created' ? 'created' : 'password-reset')
      const lines = [`Admin user "${account.username}" ${account.action}.`]
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
