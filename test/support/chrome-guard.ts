import { describe, it } from 'vitest'
import { chromeAvailable, missingChromeMessage } from './browser'

/**
 * For an end-to-end file that needs Chromium: without it, a warning locally, and on CI a failing test, so a
 * missing install step cannot pass as a green run with the browser tests skipped. Called at the file's top.
 */
export function requireChromeOnCi(): void {
  if (chromeAvailable) return
  console.warn(missingChromeMessage)
  if (process.env.CI === 'true') {
    describe('end-to-end', () => {
      it('has Chromium to run in', () => {
        throw new Error(missingChromeMessage)
      })
    })
  }
}
