/**
 * `npm run dev`: the stand-in (API, files, engines) on API_PORT (default 3001) and the React Router dev
 * server with hot reload on PORT (default 5173), proxying /api and /files to the stand-in.
 */
import { spawn } from 'node:child_process'
import { buildFunctions } from '../build-functions'
import { bootstrapAdmin } from './admin-users'
import { startLocalServer } from './server'

const apiPort = Number(process.env.API_PORT ?? 3001)
const webPort = process.env.PORT ?? '5173'

await buildFunctions()
const server = await startLocalServer({
  port: apiPort,
  ...(process.env.DATA_DIR ? { dataDir: process.env.DATA_DIR } : {}),
})
const account = await bootstrapAdmin(process.env)
if (account?.generatedPassword) {
  console.log(
    `Created admin user "${account.username}" with password: ${account.generatedPassword} (shown once)`,
  )
}
console.log(`Stand-in (API, files) on ${server.url}; the site with hot reload follows on port ${webPort}.`)

const vite = spawn('npx', ['react-router', 'dev', '--port', webPort, '--host', '127.0.0.1'], {
  stdio: 'inherit',
  env: { ...process.env, API_PROXY_TARGET: server.url },
})

async function stop() {
  vite.kill('SIGTERM')
  await server.close()
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
vite.on('exit', (code) => {
  void server.close().then(() => process.exit(code ?? 0))
})
