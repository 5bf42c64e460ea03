import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import type { SentVisitorMail } from '../../functions/lib/privacy/visitor-mail'
import { functionEnv } from '../../functions/lib/store-definitions'

/**
 * The messages an outbox file holds (one JSON object a line), oldest first; none before the first. By default
 * the file the functions keep visitor mail in now (VISITOR_OUTBOX_FILE), which `startTestEngines` sets to one
 * in its data folder, as the stand-in does.
 */
export async function readOutbox<Line = SentVisitorMail>(
  file = process.env[functionEnv.visitorOutbox],
): Promise<Line[]> {
  if (!file) throw new Error(`${functionEnv.visitorOutbox} is not set: the functions keep no visitor mail`)
  const text = await readFile(file, 'utf8').catch(() => '')
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Line)
}

/** The messages of the functions' outbox (readOutbox) to `address`, as it was written, oldest first. */
export async function outboxTo(address: string): Promise<SentVisitorMail[]> {
  return (await readOutbox()).filter((mail) => mail.to === address)
}

/**
 * For tests without the engines (whose `startTestEngines` gives the functions an outbox): has the functions
 * keep visitor mail in an outbox file in a temporary folder for the tests of the calling scope, a fresh one
 * for each test (`each`) or one for them all (`all`). After them the folder is removed and the variable is put
 * back as it was. Answers how to read the file.
 */
export function withVisitorOutbox(scope: 'each' | 'all'): () => Promise<SentVisitorMail[]> {
  const name = functionEnv.visitorOutbox
  let folder: string | undefined
  let file = ''
  let before: string | undefined
  ;(scope === 'each' ? beforeEach : beforeAll)(async () => {
    folder = await mkdtemp(join(tmpdir(), 'visitor-outbox-'))
    file = join(folder, 'visitor-outbox.jsonl')
    before = process.env[name]
    process.env[name] = file
  })
  ;(scope === 'each' ? afterEach : afterAll)(async () => {
    if (before === undefined) delete process.env[name]
    else process.env[name] = before
    if (folder) await rm(folder, { recursive: true, force: true })
    folder = undefined
  })
  return () => readOutbox(file)
}
