/**
 * Web Push for the staff: what a device's subscription is, the rules it must meet before it is stored, and
 * what a push message carries. Shared by the API (functions/admin/*push-subscription*.ts, functions/lib/web-push.ts)
 * and the workspace's opt-in control. Free of zod: the request schemas are in push-subscription-schema.ts, so
 * the functions that only send pushes or delete a user's devices do not carry it.
 */

/** Subscriptions kept per staff member: a phone, a desktop, a laptop or two. A newer one replaces the oldest. */
export const maxPushSubscriptionsPerUser = 5

/** The longest endpoint URL stored (the push services' are about 200 to 500 characters). */
export const maxPushEndpointLength = 1000

const ipv4Host = /^\d{1,3}(\.\d{1,3}){3}$/

/**
 * Why `endpoint` may not be a push endpoint, or undefined when it may: an https URL with a host name (no
 * address, no local name, no credentials). The functions POST to it, so it must never lead them to a
 * service of the local network or of the Lambda runtime itself.
 */
export function pushEndpointProblem(endpoint: string): string | undefined {
  if (endpoint.length > maxPushEndpointLength) return `At most ${maxPushEndpointLength} characters`
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return 'Not a URL'
  }
  if (url.protocol !== 'https:') return 'The push endpoint must be an https URL'
  if (url.username || url.password) return 'The push endpoint may not carry credentials'
  const host = url.hostname.toLowerCase()
  if (
    host.startsWith('[') ||
    ipv4Host.test(host) ||
    !host.includes('.') ||
    /\.(localhost|local|internal)$/.test(host)
  ) {
    return 'The push endpoint must name a push service by its host name'
  }
  return undefined
}

/** GET /api/admin/push-subscriptions: the key a device subscribes with, and how many devices this user has. */
export interface PushStatusReply {
  /** The VAPID public key (base64url), the browser's `applicationServerKey`. */
  readonly publicKey: string
  /** The signed-in user's subscribed devices. */
  readonly devices: number
}

/**
 * What a push carries to a device (JSON, encrypted for it): the notification's title and body, and the
 * workspace path a tap opens. No more of a lead than the staff need to decide to open it: never a name,
 * phone or e-mail.
 */
export interface StaffPush {
  readonly title: string
  readonly body: string
  /** A path of the workspace (`/admin/leads/<id>`) or an absolute URL of the site. */
  readonly url: string
}
