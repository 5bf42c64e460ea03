import type { HttpEvent } from './http'

/**
 * The caller's IP address. Behind CloudFront the TCP peer API Gateway sees is CloudFront itself, so the
 * `CloudFront-Viewer-Address` header (`<ip>:<port>`), when the distribution forwards it, names the viewer;
 * otherwise (the stand-in, or a distribution that does not forward it) the connection's source IP is used.
 */
export function clientIp(event: HttpEvent): string {
  const viewer = Object.entries(event.headers ?? {}).find(
    ([name]) => name.toLowerCase() === 'cloudfront-viewer-address',
  )?.[1]
  const fromViewer = viewer ? viewer.slice(0, Math.max(0, viewer.lastIndexOf(':'))) : ''
  if (/^[0-9a-fA-F:.]{2,45}$/.test(fromViewer)) return fromViewer
  return event.requestContext?.http?.sourceIp || 'unknown'
}
