import { createECDH, randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import ece from 'http_ece'

/**
 * A local stand-in for a push service (FCM, Mozilla's autopush, Apple's): a small HTTP server that records
 * every POST web-push makes to it, with its headers and encrypted body, and answers each device's endpoint
 * with the status a test gives it (201 by default; 410 for a device that unsubscribed). Tests of pushToStaff
 * send to it instead of a real push service, and decrypt what it received with the device's keys.
 */

/** A browser's side of a subscription: the keys it would hand over, and the private key it decrypts with. */
export interface FakeDevice {
  readonly subscription: { readonly endpoint: string; readonly keys: { p256dh: string; auth: string } }
  /** The device's P-256 private key (base64url). */
  readonly privateKey: string
}

/** Keys as a browser makes them for one subscription (P-256 key pair, 16-byte auth secret). */
export function deviceKeys(): { p256dh: string; auth: string; privateKey: string } {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return {
    p256dh: ecdh.getPublicKey('base64url'),
    auth: randomBytes(16).toString('base64url'),
    privateKey: ecdh.getPrivateKey('base64url'),
  }
}

/** A valid body of POST /api/admin/push-subscriptions (an endpoint of a push service by name). */
export function validPushSubscription(endpoint = 'https://push.example.com/send/device-1') {
  const { p256dh, auth } = deviceKeys()
  return { endpoint, keys: { p256dh, auth } }
}

/** One POST the fake push service received. */
export interface ReceivedPush {
  readonly path: string
  readonly headers: IncomingHttpHeaders
  readonly body: Buffer
}

export interface FakePushService {
  /** Where it listens, `http://127.0.0.1:<port>`. */
  readonly origin: string
  readonly received: ReceivedPush[]
  /** A new device with an endpoint on this service. */
  device(name: string): FakeDevice
  /** Answers the endpoint of `device` with `status` from now on (410: it unsubscribed). */
  answer(device: FakeDevice, status: number): void
  /** The plaintext of a received push, decrypted with the device's keys as a browser would. */
  decrypt(push: ReceivedPush, device: FakeDevice): string
  close(): Promise<void>
}

/** Starts a fake push service on a free port of 127.0.0.1. */
export async function startFakePushService(): Promise<FakePushService> {
  const received: ReceivedPush[] = []
  const statuses = new Map<string, number>()
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const path = request.url ?? '/'
      if (request.method === 'POST')
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks) })
      response.writeHead(statuses.get(path) ?? 201)
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    received,
    device(name) {
      const { p256dh, auth, privateKey } = deviceKeys()
      return { subscription: { endpoint: `${origin}/push/${name}`, keys: { p256dh, auth } }, privateKey }
    },
    answer(device, status) {
      statuses.set(new URL(device.subscription.endpoint).pathname, status)
    },
    decrypt(push, device) {
      const ecdh = createECDH('prime256v1')
      ecdh.setPrivateKey(Buffer.from(device.privateKey, 'base64url'))
      return ece
        .decrypt(push.body, {
          version: 'aes128gcm',
          privateKey: ecdh,
          authSecret: device.subscription.keys.auth,
        })
        .toString('utf8')
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
