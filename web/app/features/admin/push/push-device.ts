import {
  fetchPushStatus,
  removePushSubscription,
  savePushSubscription,
} from '~/features/admin/push/api/admin-push'

/**
 * This device's side of the staff's Web Push: the workspace's service worker (web/public/admin-sw.js, scope
 * /admin: it shows the alerts and opens the lead on a tap, and intercepts no request) and the browser's
 * subscription, which the API stores for the signed-in staff member.
 */
export const workspaceWorker = { script: '/admin-sw.js', scope: '/admin' } as const

/** What this browser can do about push. */
export type PushSupport = 'supported' | 'install-first' | 'unsupported'

/** Whether this browser can receive push; an iPhone or iPad only from the workspace added to its Home Screen. */
export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported'
  const capable = 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  if (capable) return 'supported'
  const appleMobile = /iPhone|iPad|iPod/.test(navigator.userAgent)
  const installed = window.matchMedia?.('(display-mode: standalone)').matches
  return appleMobile && !installed ? 'install-first' : 'unsupported'
}

/** The base64url VAPID key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/')
  const text = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))
  const bytes = new Uint8Array(new ArrayBuffer(text.length))
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index)
  return bytes
}

const sameKey = (subscription: PushSubscription, key: Uint8Array): boolean => {
  const held = subscription.options.applicationServerKey
  if (!held) return false
  const bytes = new Uint8Array(held)
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index])
}

/** This device's current subscription to the workspace's alerts, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(workspaceWorker.scope)
  return (await registration?.pushManager.getSubscription()) ?? null
}

/**
 * Whether this device receives the workspace's alerts: it holds a subscription made with the server's current
 * key. One made for an earlier key (the keys were rotated) no longer reaches it, so it counts as none.
 */
export async function deviceSubscribed(): Promise<boolean> {
  const subscription = await currentSubscription()
  if (!subscription) return false
  const { publicKey } = await fetchPushStatus()
  return sameKey(subscription, keyBytes(publicKey))
}

/** Why turning push on stopped: the person blocked notifications, or something failed. */
export class PushRefusedError extends Error {
  constructor() {
    super('Notifications are not allowed for this site.')
    this.name = 'PushRefusedError'
  }
}

/**
 * Turns push on for this device: asks permission, registers the worker, subscribes with the server's key
 * (again if the device held a subscription for an earlier key: the keys were rotated) and saves it.
 */
export async function enablePush(): Promise<void> {
  const permission = await Notification.requestPermission()
  if (permission !== 'granted') throw new PushRefusedError()
  const { publicKey } = await fetchPushStatus()
  const key = keyBytes(publicKey)
  const registration = await navigator.serviceWorker.register(workspaceWorker.script, {
    scope: workspaceWorker.scope,
  })
  await navigator.serviceWorker.ready
  let subscription = await registration.pushManager.getSubscription()
  if (subscription && !sameKey(subscription, key)) {
    // Made for an earlier key: the server forgets it (its push service would refuse every message) and so
    // does the browser, before a new one is made.
    await removePushSubscription(subscription.endpoint)
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  })
  await savePushSubscription(subscription.toJSON())
}

/** Turns push off for this device: the server forgets it, then the browser. */
export async function disablePush(): Promise<void> {
  const subscription = await currentSubscription()
  if (!subscription) return
  await removePushSubscription(subscription.endpoint)
  await subscription.unsubscribe()
}
