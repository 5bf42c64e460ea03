import type { AddressInfo } from 'node:net'
import { parseSiteUrl } from '@core/site-config'
import { describe, expect, it } from 'vitest'
import { isLoopbackHost, ownSiteUrl, plainHttpWarning } from '../../../infra/local/server'

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

describe('ownSiteUrl', () => {
  const listening = (address: string, family: 'IPv4' | 'IPv6'): AddressInfo => ({
    address,
    family,
    port: 3000,
  })

  it.each([
    ['127.0.0.1', 'IPv4', 'http://127.0.0.1:3000'],
    ['0.0.0.0', 'IPv4', 'http://127.0.0.1:3000'],
    ['::1', 'IPv6', 'http://localhost:3000'],
    ['::', 'IPv6', 'http://localhost:3000'],
  ] as const)(
    'links the functions to this machine when the stand-in listens on %s',
    (address, family, url) => {
      expect(ownSiteUrl(listening(address, family))).toBe(url)
      // A site URL the functions accept (plain HTTP on loopback only).
      expect(parseSiteUrl(url)).toBe(url)
    },
  )

  it.each([
    ['192.168.1.20', 'IPv4'],
    ['fe80::1', 'IPv6'],
  ] as const)('names no address for a stand-in on %s only: the links stay paths', (address, family) => {
    expect(ownSiteUrl(listening(address, family))).toBeUndefined()
  })
})
