import { createECDH } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { vapidKeysFrom } from '../../../functions/lib/secrets'

describe('vapidKeysFrom', () => {
  it('derives a valid P-256 pair from a secret value: the public key is the private key’s point', () => {
    const keys = vapidKeysFrom('a generated secret value, as the parameter holds it')
    const privateKey = Buffer.from(keys.privateKey, 'base64url')
    const publicKey = Buffer.from(keys.publicKey, 'base64url')
    expect(privateKey).toHaveLength(32)
    // Uncompressed point: 0x04, then x and y (what PushManager.subscribe takes as applicationServerKey).
    expect(publicKey).toHaveLength(65)
    expect(publicKey[0]).toBe(4)
    const ecdh = createECDH('prime256v1')
    ecdh.setPrivateKey(privateKey)
    expect(ecdh.getPublicKey('base64url')).toBe(keys.publicKey)
  })

  it('gives the same pair for the same value and another pair for another value (a rotation)', () => {
    expect(vapidKeysFrom('value one')).toEqual(vapidKeysFrom('value one'))
    expect(vapidKeysFrom('value two').publicKey).not.toBe(vapidKeysFrom('value one').publicKey)
  })
})
