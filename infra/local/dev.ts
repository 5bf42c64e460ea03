/**
 * `npm run dev`: the stand-in (API, files, presigned transfers, engines) on API_PORT (default 3001) with
 * every function bundle rebuilt when its code changes, and the React Router dev server with hot reload on
 * PORT (default 5173), proxying every stand-in path (infra/local/paths.ts) to it.
 */
import { spawn } from 'node:child_process'
import { watchFunctions } from '../build-functions'
import { bootstrapAdmin } from './admin-users'
import { startLocalServer } from './server'

const apiPort = Number(process.env.API_PORT ?? 3001)
const webPort = process.env.PORT ?? '5173'

const stopWatching = await watchFunctions()
const server = await startLocalServer({
  port: apiPort,
  // The links of the messages it keeps open the site with hot reload, which proxies the API to it.
  siteUrl: `http://127.0.0.1:${webPort}`,
  ...(process.env.DATA_DIR ? { dataDir: process.env.DATA_DIR } : {}),
  beforeListening: async () => {
    const account = await bootstrapAdmin(process.env)
    if (account?.generatedPassword) {
      console.log(
        `Created admin user "${account.username}" with password: ${account.generatedPassword} (shown once)`,
      )
    }
  },
})
console.log(
  `Stand-in (API, files) on ${server.url}, rebuilding functions on change; the site with hot reload follows on port ${webPort}.`,
)

const vite = spawn('npx', ['react-router', 'dev', '--port', webPort, '--host', '127.0.0.1'], {
  stdio: 'inherit',
  env: { ...process.env, API_PROXY_TARGET: server.url },
})

async function stop(code = 0) {
  vite.kill('SIGTERM')
  await stopWatching()
  await server.close()
  process.exit(code)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
vite.on('exit', (code) => void stop(code ?? 0))
