import { isIPv4, isIPv6 } from 'node:net'
import { type HttpEvent, header } from './http'
import { originCheckConfigured } from './secrets'
import { viewerIpHeader } from './store-definitions'

const ipAddress = /^[0-9a-fA-F:.]{2,45}$/

/**
 * The caller's IP address, for rate limits and the login lockout. Behind CloudFront the TCP peer API Gateway
 * sees is CloudFront itself, so CloudFront's viewer-request function names the viewer in `x-viewer-ip`
 * (infra/constructs/site-functions.ts). That header is trusted only when the request provably came through CloudFront
 * (the origin secret is configured, and httpHandler refuses requests without it); otherwise (the stand-in)
 * anyone could send it, and the connection's source address is used.
 */
export function clientIp(event: HttpEvent, behindCloudFront: boolean = originCheckConfigured()): string {
  if (behindCloudFront) {
    const viewer = header(event, viewerIpHeader)?.trim()
    if (viewer && ipAddress.test(viewer)) return viewer
  }
  return event.requestContext?.http?.sourceIp || 'unknown'
}

/** The eight 16-bit groups of an IPv6 address (without a zone), or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined
  let text = address.toLowerCase()
  // A dotted IPv4 tail (`::ffff:192.0.2.1`) is the last two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head = '', tail] = text.split('::')
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16))
  const left = parse(head)
  const right = tail === undefined ? [] : parse(tail)
  const zeros = tail === undefined ? 0 : 8 - left.length - right.length
  const groups = [...left, ...Array<number>(zeros).fill(0), ...right]
  return groups.length === 8 ? groups : undefined
}

/**
 * The client network that every per-client limit counts (lead forms, sign-in): an IPv4 address as it is;
 * an IPv6 address cut to its /64, because one host is usually given a whole /64 and can use any address in
 * it. IPv6 is normalised first (letter case, leading zeros, `::`, a zone), and an IPv4-mapped address
 * (`::ffff:192.0.2.1`) counts as the IPv4 address it carries. Anything else (no address) is kept as given.
 */
export function clientNetworkOf(address: string): string {
  const bare = address.trim().replace(/%.*$/, '')
  if (isIPv4(bare)) return bare
  const groups = ipv6Groups(bare)
  if (!groups) return address
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6)
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/** The caller's client network (see clientNetworkOf): the key of every per-client limit. */
export function clientNetwork(event: HttpEvent): string {
  return clientNetworkOf(clientIp(event))
}
