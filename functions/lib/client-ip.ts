import { viewerIpHeader } from '../../infra/tables'
import { type HttpEvent, header } from './http'
import { originCheckConfigured } from './secrets'

const ipAddress = /^[0-9a-fA-F:.]{2,45}$/

/**
 * The caller's IP address, for rate limits and the login lockout. Behind CloudFront the TCP peer API Gateway
 * sees is CloudFront itself, so CloudFront's viewer-request function names the viewer in `x-viewer-ip`
 * (infra/constructs/site.ts). That header is trusted only when the request provably came through CloudFront
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
