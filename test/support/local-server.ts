import type { ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { functionEnv } from '../../functions/lib/store-definitions'
import { startEngines } from '../../infra/local/engines'
import { configureEnvironment, type LocalServer, startLocalServer } from '../../infra/local/server'

/** A temporary data folder, removed by the returned cleanup. */
export async function temporaryDataDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'suryodaya-data-'))
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) }
}

/**
 * dynalite and s3rver in a temporary folder, with the environment the handlers read set to them, for tests
 * that call handlers in process. The returned function closes the engines and removes the folder.
 */
export async function startTestEngines(): Promise<() => Promise<void>> {
  const data = await temporaryDataDir()
  const engines = await startEngines(data.dir)
  await configureEnvironment(engines, data.dir)
  // Handlers called in process export many times: the per-user export limit is off unless a test sets it (its
  // own tests, test/integration/export-limit.test.ts, keep the default).
  process.env[functionEnv.exportRateLimit] ??= 'off'
  return async () => {
    await engines.close()
    await data.remove()
  }
}

/**
 * The engines of startTestEngines for the file that calls this (at its top level, before its own hooks): started
 * before its first test and its own beforeAll, closed after its own afterAll.
 */
export function withTestEngines(): void {
  let stopEngines: (() => Promise<void>) | undefined
  beforeAll(async () => {
    stopEngines = await startTestEngines()
  })
  afterAll(async () => {
    await stopEngines?.()
  })
}

/**
 * Starts the local stand-in on a free port with its data in `dataDir` (the build must exist). Its scheduled
 * functions (the response sweep) run only when a test calls `runSchedule`, unless `scheduleSeconds` says: a
 * test decides when a lead's clock is looked at.
 */
export function startTestServer(
  dataDir: string,
  options: { scheduleSeconds?: number | 'off' } = {},
): Promise<LocalServer> {
  return startLocalServer({ dataDir, port: 0, scheduleSeconds: options.scheduleSeconds ?? 'off' })
}

/** JSON over HTTP against the stand-in. */
export async function request(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Headers; body: any; text: string }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    ...(init.body === undefined
      ? {}
      : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
  })
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = undefined
  }
  return { status: response.status, headers: response.headers, body, text }
}

/** Stops a child process started by a test (SIGTERM) and waits until it has exited; nothing if it already has. */
export async function stopProcess(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}
