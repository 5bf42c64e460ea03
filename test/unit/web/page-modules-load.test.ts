import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

/**
 * Creating an `Intl` formatter (or calling a toLocale… method) starts ICU: about 12 ms of a phone's main
 * thread, four times that at Lighthouse's mobile settings, in the task that hydrates the page. A public page's
 * modules must not do it when they load (a formatter is made on first use, or the digits are grouped without
 * Intl: functions/core/indian-number.ts).
 */
describe('public page modules at load', () => {
  beforeEach(() => {
    vi.resetModules()
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('create no Intl formatter and format no number or date', async () => {
    const modules = import.meta.glob('../../../web/app/routes/*.tsx')
    const spies = [
      vi.spyOn(Intl, 'NumberFormat'),
      vi.spyOn(Intl, 'DateTimeFormat'),
      vi.spyOn(Number.prototype, 'toLocaleString'),
      vi.spyOn(Date.prototype, 'toLocaleString'),
      vi.spyOn(Date.prototype, 'toLocaleDateString'),
      vi.spyOn(Date.prototype, 'toLocaleTimeString'),
    ]
    // Left: the subsidy guide writes its dates and rupee amounts as its module loads (formatInr, core/quote.ts,
    // is Intl's en-IN currency format). Its page is one static island, nothing hydrates (TBT 0 in the bench),
    // and the quote pages' budget has no room for an Intl-free writer's chunk (a try: /get-quote 135.2 KB).
    const left = new Set(['solar-subsidy.tsx'])
    const publicModules = Object.entries(modules).filter(
      ([path]) => !/\/admin[-.]/.test(path) && !left.has(path.split('/').pop() ?? ''),
    )
    expect(publicModules.length).toBeGreaterThan(25)
    const starting: string[] = []
    for (const [path, load] of publicModules) {
      await load()
      if (spies.some((spy) => spy.mock.calls.length > 0)) {
        starting.push(path.split('/').pop() ?? path)
        for (const spy of spies) spy.mockClear()
      }
    }
    expect(starting, 'page modules that start ICU when they load').toEqual([])
  }, 60_000)
})
