/**
 * `npm run admin -- <command> <username> [--stack <name>] [--region <region>]`
 *
 *   create-user <username>     create an admin (or reset it if it exists)
 *   reset-password <username>  set a new password for an admin
 *
 * The password comes from ADMIN_PASSWORD, or is generated and printed once. Without --stack it works on the
 * local data folder (.data, or DATA_DIR; stop `npm start` first); with --stack it works on the deployed
 * stack's content table, using your AWS credentials.
 */
import { parseArgs } from 'node:util'
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation'
import { setAdminPassword } from './local/admin-users'
import { tables } from './tables'

const usage = `Usage: npm run admin -- <create-user|reset-password> <username> [--stack <name>] [--region <region>]
  The password comes from ADMIN_PASSWORD, or a random one is generated and printed once.`

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { stack: { type: 'string' }, region: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
})
const [command, username] = positionals
if (values.help) {
  console.log(usage)
  process.exit(0)
}
if (command !== 'create-user' && command !== 'reset-password') fail(usage)
if (!username) fail(usage)

let closeLocal: (() => Promise<void>) | undefined
if (values.stack) {
  const client = new CloudFormationClient(values.region ? { region: values.region } : {})
  const reply = await client
    .send(new DescribeStacksCommand({ StackName: values.stack }))
    .catch((error: Error) => fail(`Could not read stack ${values.stack}: ${error.message}`))
  const outputs = reply.Stacks?.[0]?.Outputs ?? []
  const table = outputs.find((output) => output.OutputKey === 'ContentTableName')?.OutputValue
  if (!table) fail(`Stack ${values.stack} has no ContentTableName output. Is it deployed?`)
  process.env[tables.content.envVar] = table
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

const { getAdminUser } = await import('../functions/lib/db/admin-users')
if (command === 'reset-password' && !(await getAdminUser(username))) {
  await closeLocal?.()
  fail(`No admin user named "${username}". Use create-user to create one.`)
}

try {
  const account = await setAdminPassword(username, process.env.ADMIN_PASSWORD || undefined)
  console.log(`Admin user "${account.username}" ${account.action}.`)
  if (account.generatedPassword) console.log(`Password (shown only once): ${account.generatedPassword}`)
} catch (error) {
  await closeLocal?.()
  fail(error instanceof Error ? error.message : String(error))
}
await closeLocal?.()
