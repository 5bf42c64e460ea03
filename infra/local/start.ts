/**
 * `npm start` (after the build) and `npm run serve`: the whole product on http://127.0.0.1:3000.
 * PORT, HOST and DATA_DIR override the defaults; ADMIN_USERNAME / ADMIN_PASSWORD create or reset an admin.
 */
import { upgradeAdminUsers } from '../../functions/lib/db/admin-users'
import { bootstrapAdmin } from './admin-users'
import { startLocalServer } from './server'

const port = Number(process.env.PORT ?? 3000)
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, not "${process.env.PORT}"`)
  process.exit(1)
}

let signIn =
  'Sign in with the admin account you created earlier (`npm run admin -- reset-password <name>` resets it).'

/**
 * Upgrades the admin records of earlier versions (an owner role for those without one, as `npm run admin --
 * upgrade` does), then creates or resets the admin, before the port opens, so a sign-in right after the
 * first answer works.
 */
async function prepareAdmin(): Promise<void> {
  const { ownersGiven } = await upgradeAdminUsers()
  if (ownersGiven.length > 0)
    console.log(`Gave the owner role to admin users without one: ${ownersGiven.join(', ')}`)
  const account = await bootstrapAdmin(process.env)
  if (account?.generatedPassword) {
    signIn = [
      `Created admin user "${account.username}" with password: ${account.generatedPassword}`,
      '  This password is shown only once. Change it with `npm run admin -- reset-password admin`.',
    ].join('\n')
  } else if (account) {
    signIn = `Admin user "${account.username}" ${account.action} with the password from ADMIN_PASSWORD.`
  }
}

let server: Awaited<ReturnType<typeof startLocalServer>>
try {
  server = await startLocalServer({
    port,
    host: process.env.HOST ?? '127.0.0.1',
    ...(process.env.DATA_DIR ? { dataDir: process.env.DATA_DIR } : {}),
    beforeListening: prepareAdmin,
  })
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'EADDRINUSE') console.error(`Port ${port} is in use. Stop the other server or set PORT.`)
  else console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}

console.log(
  [
    '',
    `  Site:   ${server.url}/`,
    `  Admin:  ${server.url}/admin`,
    `  Data:   ${server.dataDir}`,
    '',
    `  ${signIn}`,
    '',
    '  Press Ctrl-C to stop.',
    '',
  ].join('\n'),
)

let stopping = false
async function stop(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`\n${signal} received, stopping…`)
  await server.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop('SIGINT'))
process.on('SIGTERM', () => void stop('SIGTERM'))
