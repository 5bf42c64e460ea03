import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { chromeAvailable, chromiumLaunchOptions } from '../support/browser'

/**
 * Once per run of the e2e project: one Chromium for all its files, which connect to it (launchBrowser in
 * test/support/browser.ts) instead of each launching and closing its own. Every file still opens contexts of
 * its own (cookies, storage and pages apart), and two files at once each drive theirs.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!chromeAvailable) return undefined
  const server = await chromium.launchServer(chromiumLaunchOptions())
  project.provide('chromiumEndpoint', server.wsEndpoint())
  return () => server.close()
}
