import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { routes } from '../../../functions/routes'

/**
 * Creating an `Intl` formatter (or calling toLocaleString) starts ICU, ~27 ms of CPU on a Lambda cold start.
 * The shared domain modules that the lead forms and the login import must not do it at module load.
 */
describe('functions/core at module load', () => {
  beforeEach(() => {
    vi.resetModules()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('creates no Intl formatter and formats no number when quote and pipeline load', async () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat')
    const dateFormat = vi.spyOn(Intl, 'DateTimeFormat')
    const toLocale = vi.spyOn(Number.prototype, 'toLocaleString')
    await import('../../../functions/core/quote')
    await import('../../../functions/core/pipeline')
    // The lead functions assign each lead on arrival with these.
    await import('../../../functions/core/assignment')
    await import('../../../functions/core/business-clock')
    await import('../../../functions/core/sales-settings-schema')
    expect(numberFormat).not.toHaveBeenCalled()
    expect(dateFormat).not.toHaveBeenCalled()
    expect(toLocale).not.toHaveBeenCalled()
  })

  it('creates no Intl formatter and formats no number when any handler of the route table loads', async () => {
    const handlers = import.meta.glob('../../../functions/*/*.ts')
    const numberFormat = vi.spyOn(Intl, 'NumberFormat')
    const dateFormat = vi.spyOn(Intl, 'DateTimeFormat')
    const toLocale = vi.spyOn(Number.prototype, 'toLocaleString')
    const loaded: string[] = []
    for (const route of routes) {
      const load = handlers[`../../../functions/${route.handler}.ts`]
      if (!load) throw new Error(`No handler module functions/${route.handler}.ts`)
      await load()
      if (numberFormat.mock.calls.length + dateFormat.mock.calls.length + toLocale.mock.calls.length > 0) {
        loaded.push(route.id)
        vi.clearAllMocks()
      }
    }
    expect(loaded, 'routes whose modules start ICU when they load').toEqual([])
  }, 60_000)

  it('still formats rupees and the note limits when they are needed', async () => {
    const { formatInr } = await import('../../../functions/core/quote')
    const { leadNoteSchema, leadChangeSchema } = await import('../../../functions/core/pipeline')
    expect(formatInr(205000)).toBe('₹2,05,000')
    const note = leadNoteSchema.safeParse({ text: 'x'.repeat(2001) })
    expect(note.success).toBe(false)
    expect(note.error?.issues[0]?.message).toBe('Keep a note to 2,000 characters or fewer')
    const lost = leadChangeSchema.safeParse({
      version: 1,
      status: 'lost',
      lostReason: 'other',
      lostNote: 'y'.repeat(5000),
    })
    expect(lost.success).toBe(false)
    expect(lost.error?.issues.map((issue) => issue.message)).toContainEqual(
      expect.stringMatching(/^Keep it to [\d,]+ characters or fewer$/),
    )
  })
})
