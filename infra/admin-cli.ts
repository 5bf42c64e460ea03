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
 *
 * The password comes from ADMIN_PASSWORD, or is generated and printed once. Without --stack it works on the
 * local data folder (.data, or DATA_DIR; stop `npm start` first); with --stack it works on the deployed
 * stack's content table, using your AWS credentials.
 */
import { parseArgs } from 'node:util'
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation'
import { removeAdminUser, setAdminPassword } from './local/admin-users'
import { tables } from './tables'

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
] as const
type Command = (typeof commands)[number]

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { stack: { type: 'string' }, region: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
})
const [commandName, username] = positionals
if (values.help) {
  console.log(usage)
  process.exit(0)
}
if (!(commands as readonly string[]).includes(commandName ?? '')) fail(usage)
const command = commandName as Command
if (command !== 'list-users' && command !== 'recount-totals' && !username) fail(usage)

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

async function run(name: string): Promise<string> {
  const { getAdminUser, listAdminUsers } = await import('../functions/lib/db/admin-users')
  switch (command) {
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
      return `Admin user "${name}" deleted. Its tokens are refused from now on (within 30 seconds everywhere).`
    }
    case 'unlock': {
      if (!(await getAdminUser(name))) throw new Error(`No admin user named "${name}".`)
      const { clearLoginAttempts } = await import('../functions/lib/db/login-attempts')
      const cleared = await clearLoginAttempts(name)
      return cleared === 0
        ? `Admin user "${name}" had no failed sign-in attempts to clear.`
        : `Admin user "${name}" unlocked: ${cleared} attempt record${cleared === 1 ? '' : 's'} cleared.`
    }
    case 'enable-mfa': {
      const { enrolMfa } = await import('./local/admin-users')
      const enrolment = await enrolMfa(name)
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
      return `Admin user "${name}" signs in with the password only from now on.`
    }
    case 'reset-password':
    case 'create-user': {
      if (command === 'reset-password' && !(await getAdminUser(name))) {
        throw new Error(`No admin user named "${name}". Use create-user to create one.`)
      }
      const account = await setAdminPassword(name, process.env.ADMIN_PASSWORD || undefined)
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
