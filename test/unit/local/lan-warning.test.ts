import { describe, expect, it } from 'vitest'
import { isLoopbackHost, plainHttpWarning } from '../../../infra/local/server'

describe('plainHttpWarning', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    'localhost',
    'LOCALHOST',
  ])('says nothing for the loopback host %s', (host) => {
    expect(isLoopbackHost(host)).toBe(true)
    expect(plainHttpWarning(host)).toBeUndefined()
  })

  it.each(['0.0.0.0', '::', '192.168.1.20', '10.0.0.5', 'fe80::1', 'my-laptop.local', '128.0.0.1'])(
    "warns for %s that the admin's password travels over plain HTTP",
    (host) => {
      expect(isLoopbackHost(host)).toBe(false)
      const warning = plainHttpWarning(host) ?? ''
      expect(warning).toContain(`HOST=${host}`)
      expect(warning).toMatch(/plain HTTP/)
      expect(warning).toMatch(/admin's password/)
    },
  )
})
