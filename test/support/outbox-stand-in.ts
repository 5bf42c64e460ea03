import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import type { LocalServer } from '../../infra/local/server'
import { launchBrowser } from './browser'
import { startTestServer, temporaryDataDir } from './local-server'
import { readOutbox } from './visitor-outbox'

/** The stand-in of a browser test that reads the messages visitors are sent, and its browser. */
export interface OutboxStandIn {
  readonly server: LocalServer
  readonly browser: Browser
  /** The last message the stand-in's outbox holds (one JSON object a line under its data folder). */
  lastMessage<Message>(): Promise<Message>
}

/**
 * Starts, for the tests of the calling `describe`, the stand-in on a fresh data folder and a browser, then
 * `prepare` (what the tests need stored first); stops both and removes the folder after them. The fields of
 * the answer are set once the set-up has run.
 */
export function useOutboxStandIn(prepare?: (server: LocalServer) => Promise<void>): OutboxStandIn {
  let closeBrowser: (() => Promise<void>) | undefined
  let removeData: (() => Promise<void>) | undefined
  let outbox = ''
  const stand = {
    async lastMessage<Message>(): Promise<Message> {
      return (await readOutbox<Message>(outbox)).at(-1) ?? ({} as Message)
    },
  } as { server: LocalServer; browser: Browser } & Pick<OutboxStandIn, 'lastMessage'>
  beforeAll(async () => {
    const data = await temporaryDataDir()
    removeData = data.remove
    outbox = join(data.dir, 'visitor-outbox.jsonl')
    stand.server = await startTestServer(data.dir)
    const launched = await launchBrowser()
    stand.browser = launched.browser
    closeBrowser = launched.close
    await prepare?.(stand.server)
  })
  afterAll(async () => {
    await closeBrowser?.()
    await stand.server?.close()
    await removeData?.()
  })
  return stand
}
