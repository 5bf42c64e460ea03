import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { apiRoutesModule } from './infra/api-routes-module'

// Kept apart from vite.config.ts on purpose: the reactRouter() Vite plugin must not load under Vitest.
// The local stand-in imports the built Lambda bundles (dist/functions/*/index.mjs, one per route). Vitest
// would transform each of them on every server start (seconds per bundle); Node loads them as they are.
const server = { deps: { external: [/\/dist\/functions\//] } }

// The functions' logger (functions/lib/logging.ts) writes through the global console in its dev mode, so the
// tests that silence or read the functions' logs with a console spy see every line (in Lambda it writes to
// the process streams itself; test/unit/functions/logging.test.ts checks that output).
const logEnv = { POWERTOOLS_DEV: 'true' }

// The site URL the unit tests' pages are built for (web/app/lib/site-url.ts reads SITE_URL).
const unitEnv = { ...logEnv, SITE_URL: 'https://solar.example.in' }

const alias = {
  '@core': fileURLToPath(new URL('./functions/core', import.meta.url)),
  '~': fileURLToPath(new URL('./web/app', import.meta.url)),
}

// The route table as the browser has it (virtual:api-routes), for the web code under test.
const plugins = [apiRoutesModule()]

/** The end-to-end files that run in processes of their own (the e2e-push project). */
const pushFiles = ['test/e2e/workspace-push.test.ts']

export default defineConfig({
  plugins,
  resolve: { alias },
  test: {
    // Both cores of the 2-core machines this runs on (Vitest's default is one fewer than the cores, which is one
    // worker there: the whole suite ran file by file). The end-to-end files spend most of their time waiting on
    // the browser and the stand-in, so two of them at once fit beside each other.
    maxWorkers: 2,
    projects: [
      {
        plugins,
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/unit/**/*.test.ts'],
          // One worker thread for many files instead of one per file (test/unit/setup.ts gives each file
          // fresh modules and undoes its stubs).
          pool: 'threads',
          isolate: false,
          setupFiles: ['test/support/env.ts', 'test/unit/setup.ts'],
          env: unitEnv,
        },
      },
      {
        plugins,
        resolve: { alias },
        test: {
          name: 'dom',
          environment: 'happy-dom',
          pool: 'threads',
          isolate: false,
          include: ['test/unit/**/*.test.tsx'],
          setupFiles: ['test/unit/setup.ts', 'test/unit/web/setup.ts'],
          env: unitEnv,
        },
      },
      {
        plugins,
        resolve: { alias },
        test: {
          name: 'integration',
          environment: 'node',
          server,
          include: ['test/integration/**/*.test.ts'],
          // Bundles the admin CLI and the smoke test once; their tests run the bundles many times (runScript).
          globalSetup: ['test/integration/global-setup.ts'],
          env: logEnv,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins,
        resolve: { alias },
        test: {
          name: 'infra',
          environment: 'node',
          include: ['test/infra/**/*.test.ts'],
          // The files share their workers' loaded modules: aws-cdk-lib and cdk-nag load (and warm up) once per
          // worker instead of once per file, which was most of each file's time.
          isolate: false,
          env: logEnv,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins,
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          server,
          include: ['test/e2e/**/*.test.ts'],
          exclude: [...pushFiles],
          // One Chromium for all the files (each connects to it and opens its own contexts).
          globalSetup: ['test/e2e/global-setup.ts'],
          setupFiles: ['test/e2e/setup.ts'],
          // The files of a worker share its loaded modules: the stand-in, the engines and the handlers' code load
          // once per worker instead of once per file, which was a large share of each file's time. Each file
          // still starts its own stand-in on its own data (fresh handler instances, infra/local/server.ts).
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // a login computes a scrypt hash (about half a second, more on a busy CI machine)
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        plugins,
        resolve: { alias },
        test: {
          name: 'e2e-push',
          environment: 'node',
          server,
          include: [...pushFiles],
          // One Chromium for all the files (each connects to it and opens its own contexts).
          globalSetup: ['test/e2e/global-setup.ts'],
          setupFiles: ['test/e2e/setup.ts'],
          // Web Push keeps a process of its own: sharing a worker's modules with the files before it, its push
          // once never reached the fake push service (CI21), a failure not seen with isolation.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // a login computes a scrypt hash (about half a second, more on a busy CI machine)
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
})
