import { importJWK, jwtVerify } from 'jose'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { vapidKeys } from '../../functions/lib/secrets'
import { type FakePushService, startFakePushService } from '../support/fake-push-service'
import { withTestEngines } from '../support/local-server'

/**
 * pushToStaff on dynalite against a local fake push service: the devices a staff member opted in with are
 * read from the PUSH partition, each gets one POST that web-push encrypted for it (decrypted here with the
 * device's keys, as a browser would) and signed with the stack's VAPID key; a device whose service answers
 * 410 or 404 is deleted, any other failure is counted and logged, never thrown.
 */
let service: FakePushService
let store: typeof import('../../functions/lib/db/push-subscriptions')
let webPush: typeof import('../../functions/lib/web-push')

const message = {
  title: 'New lead: Housing society, 25 kW',
  body: 'PIN 5600xx · waiting for a first call',
  url: '/admin/leads/0b5c1e2a',
}

withTestEngines()
beforeAll(async () => {
  service = await startFakePushService()
  store = await import('../../functions/lib/db/push-subscriptions')
  webPush = await import('../../functions/lib/web-push')
})
afterAll(async () => {
  await service?.close()
})
beforeEach(() => {
  service.received.length = 0
  vi.spyOn(console, 'info').mockImplementation(() => undefined)
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})

describe('pushToStaff', () => {
  it('sends each of the person’s devices one encrypted, VAPID-signed POST that decrypts to the message', async () => {
    const phone = service.device('asha-phone')
    const laptop = service.device('asha-laptop')
    await store.savePushSubscription('asha', phone.subscription)
    await store.savePushSubscription('asha', laptop.subscription)
    await store.savePushSubscription('ravi', service.device('ravi-phone').subscription)

    const outcome = await webPush.pushToStaff('asha', message, 'request-1')

    expect(outcome).toEqual({ sent: 2, removed: 0, failed: 0 })
    expect(service.received.map((push) => push.path).sort()).toEqual([
      '/push/asha-laptop',
      '/push/asha-phone',
    ])
    // The stand-in's key pair (its data folder's vapid-secret, which the engines' start put in the environment).
    const keys = await vapidKeys()
    for (const push of service.received) {
      const device = push.path.endsWith('phone') ? phone : laptop
      expect(push.headers['content-encoding']).toBe('aes128gcm')
      expect(push.headers['content-type']).toBe('application/octet-stream')
      expect(push.headers.ttl).toBe(String(webPush.pushTimeToLiveSeconds))
      expect(push.headers.urgency).toBe('high')
      // The body is ciphertext: nothing of the message travels in the clear.
      expect(push.body.toString('latin1')).not.toContain('Housing')
      expect(JSON.parse(service.decrypt(push, device))).toEqual(message)

      // RFC 8292: `vapid t=<JWT signed with the private key>, k=<the public key>`, for this service's origin.
      const authorization = String(push.headers.authorization)
      const [, token, publicKey] = /^vapid t=([^,]+), k=(.+)$/.exec(authorization) ?? []
      expect(publicKey).toBe(keys.publicKey)
      const point = Buffer.from(keys.publicKey, 'base64url')
      const verifyKey = await importJWK(
        {
          kty: 'EC',
          crv: 'P-256',
          x: point.subarray(1, 33).toString('base64url'),
          y: point.subarray(33).toString('base64url'),
        },
        'ES256',
      )
      const { payload } = await jwtVerify(token ?? '', verifyKey, {
        algorithms: ['ES256'],
        audience: service.origin,
      })
      expect(payload.sub).toMatch(/^mailto:/)
      expect(payload.exp).toBeGreaterThan(Date.now() / 1000)
    }
  })

  it('deletes a device whose push service answers 410 or 404, and still sends to the others', async () => {
    const gone = service.device('sunil-old-phone')
    const lost = service.device('sunil-old-tablet')
    const current = service.device('sunil-phone')
    for (const device of [gone, lost, current]) await store.savePushSubscription('sunil', device.subscription)
    service.answer(gone, 410)
    service.answer(lost, 404)

    expect(await webPush.pushToStaff('sunil', message)).toEqual({ sent: 1, removed: 2, failed: 0 })
    expect((await store.listPushSubscriptions('sunil')).map((device) => device.endpoint)).toEqual([
      current.subscription.endpoint,
    ])

    // Next time only the device that is left is tried.
    service.received.length = 0
    expect(await webPush.pushToStaff('sunil', message)).toEqual({ sent: 1, removed: 0, failed: 0 })
    expect(service.received.map((push) => push.path)).toEqual(['/push/sunil-phone'])
  })

  it('keeps a device its service refuses for another reason, logs the service and status only, never throws', async () => {
    const busy = service.device('meena-phone')
    await store.savePushSubscription('meena', busy.subscription)
    // A device whose service does not answer at all (nothing listens on port 9 of this machine).
    await store.savePushSubscription('meena', {
      endpoint: 'http://127.0.0.1:9/push/meena-laptop',
      keys: busy.subscription.keys,
    })
    service.answer(busy, 500)
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined)

    expect(await webPush.pushToStaff('meena', message, 'request-2')).toEqual({
      sent: 0,
      removed: 0,
      failed: 2,
    })
    expect(await store.listPushSubscriptions('meena')).toHaveLength(2)
    const logged = JSON.stringify(warnings.mock.calls)
    expect(logged).toContain('web push refused')
    expect(logged).toContain('500')
    for (const secret of ['meena-phone', 'meena-laptop', 'Housing', busy.subscription.keys.auth]) {
      expect(logged).not.toContain(secret)
    }
  })

  it('sends nothing, and asks no push service, for a person with no device', async () => {
    expect(await webPush.pushToStaff('nobody-here', message)).toEqual({ sent: 0, removed: 0, failed: 0 })
    expect(service.received).toEqual([])
  })
})

describe('the push subscriptions', () => {
  it('keeps the newest five devices of a person: a sixth replaces the oldest', async () => {
    const devices = Array.from({ length: 6 }, (_, index) => service.device(`kiran-${index}`))
    const start = Date.parse('2026-11-26T10:00:00Z')
    const counts: number[] = []
    for (const [index, device] of devices.entries()) {
      counts.push(
        await store.savePushSubscription('kiran', device.subscription, new Date(start + index * 60_000)),
      )
    }
    expect(counts).toEqual([1, 2, 3, 4, 5, 5])
    expect((await store.listPushSubscriptions('kiran')).map((device) => device.endpoint)).toEqual(
      devices.slice(1).map((device) => device.subscription.endpoint),
    )
  })

  it('stores a device that subscribes again once, with its new keys', async () => {
    const device = service.device('lata-phone')
    await store.savePushSubscription('lata', device.subscription)
    const renewed = service.device('lata-phone')
    await store.savePushSubscription('lata', renewed.subscription)
    expect(await store.listPushSubscriptions('lata')).toEqual([
      expect.objectContaining({ endpoint: device.subscription.endpoint, keys: renewed.subscription.keys }),
    ])
  })

  it("deletes one device, or every device of a deleted user, and nobody else's", async () => {
    const one = service.device('dev-1')
    const two = service.device('dev-2')
    await store.savePushSubscription('gopal', one.subscription)
    await store.savePushSubscription('gopal', two.subscription)
    await store.savePushSubscription('gopala', service.device('dev-3').subscription)

    await store.deletePushSubscription('gopal', one.subscription.endpoint)
    expect(await store.listPushSubscriptions('gopal')).toHaveLength(1)
    expect(await store.deleteAllPushSubscriptions('gopal')).toBe(1)
    expect(await store.listPushSubscriptions('gopal')).toEqual([])
    // A username that starts alike keeps its own.
    expect(await store.listPushSubscriptions('gopala')).toHaveLength(1)
  })
})
