/**
 * Setup of the `unit` and `dom` test projects, run before each test file. The files of a worker share its
 * module loader (isolate: false in vitest.config.ts, so the AWS SDK, React and the test environment load once
 * per worker, not once per file); this gives each file what isolation gave it: its own copy of our modules,
 * and, when it ends, nothing it stubbed left behind.
 */
import { createRequire } from 'node:module'
import { afterAll, vi } from 'vitest'

// Our modules (functions, web, test support) evaluated afresh for this file, with this file's vi.mock: no
// cache, counter or mocked import of an earlier file. Packages stay loaded.
vi.resetModules()

// aws-sdk-client-mock stubs `send` on a client class's prototype with sinon's default sandbox; a stub left
// behind would answer the next file's calls. The sinon to restore is the one aws-sdk-client-mock loads,
// hence the require from beside it.
const require = createRequire(import.meta.url)
const sinon: { restore(): void } = createRequire(require.resolve('aws-sdk-client-mock'))('sinon')

// A user added through the API (POST /api/admin/users) is hashed at a test's cost, not 2^17: the security
// suites call that route hundreds of times. test/unit/functions/create-user.test.ts checks the real cost.
const { setNewPasswordCostForTests } = await import('../../functions/lib/auth/passwords')
setNewPasswordCostForTests({ N: 1024, r: 8, p: 1 })

afterAll(() => {
  sinon.restore()
  vi.restoreAllMocks()
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})
