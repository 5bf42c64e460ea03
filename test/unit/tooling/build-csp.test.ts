import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { inlineScriptHashes, withScriptPolicy } from '../../../infra/build-csp'
import {
  companyContentHosts,
  contentSecurityPolicy,
  siteSecurityHeaders,
} from '../../../infra/security-headers'
import { company } from '../../../web/app/content/company'

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64')

const page = `<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>x</title><script>window.a = 1</script>
<script type="module" src="/assets/entry.js"></script><script type="application/ld+json">{"@type":"Organization"}</script>
</head><body><script>window.a = 1</script><script type="module" async="">import("/assets/app.js")</script></body></html>`

describe('per-page script policy', () => {
  it('hashes each distinct inline script, not external scripts or JSON data blocks', () => {
    expect(inlineScriptHashes(page)).toEqual([sha('window.a = 1'), sha('import("/assets/app.js")')])
  })

  it('puts the policy right after the charset, before any script, and recomputes it when run again', () => {
    const once = withScriptPolicy(page)
    const meta = `<meta http-equiv="Content-Security-Policy" content="script-src 'self' 'sha256-${sha('window.a = 1')}' 'sha256-${sha('import("/assets/app.js")')}'"/>`
    expect(once).toContain(`<meta charSet="utf-8"/>${meta}<title>`)
    expect(withScriptPolicy(once)).toBe(once)
    const changed = withScriptPolicy(once.replace('<body><script>window.a = 1', '<body><script>window.a = 2'))
    expect(changed).toContain(sha('window.a = 2'))
    expect(changed.match(/http-equiv/g)).toHaveLength(1)
  })
})

describe('site-wide policy', () => {
  it('refuses plugins, base changes and framing, and allows frames only from the configured hosts', () => {
    const policy = contentSecurityPolicy()
    expect(policy).toContain("object-src 'none'")
    expect(policy).toContain("base-uri 'none'")
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).toContain("frame-src 'none'")
    expect(policy).toContain("connect-src 'self'")
    const configured = contentSecurityPolicy({
      analytics: ['https://plausible.io'],
      video: ['https://media.example.org'],
      map: ['https://www.openstreetmap.org'],
    })
    expect(configured).toContain("connect-src 'self' https://plausible.io")
    expect(configured).toContain('frame-src https://www.openstreetmap.org;')
    expect(configured).toContain("media-src 'self' https://media.example.org;")
  })

  it("allows the map embed and remote videos of the company's content, and the pages are served with them", () => {
    expect(companyContentHosts().map).toEqual([new URL(company.map.embedUrl).origin])
    const remoteVideos = Object.values(company.videos).filter((video) => video.src.startsWith('https://'))
    expect(companyContentHosts().video).toEqual(remoteVideos.map((video) => new URL(video.src).origin))
    expect(siteSecurityHeaders()['content-security-policy']).toContain(
      `frame-src ${new URL(company.map.embedUrl).origin}`,
    )
  })

  it('refuses a host that is not a plain https origin', () => {
    expect(() => contentSecurityPolicy({ video: ['http://example.com'] })).toThrow(/https origin/)
    expect(() => contentSecurityPolicy({ map: ["https://x.com; script-src 'unsafe-eval'"] })).toThrow()
    expect(() => contentSecurityPolicy({ analytics: ['https://x.com/path'] })).toThrow()
    expect(() => contentSecurityPolicy({ uploads: [`https://${['$', '{Token[X]}'].join('')} *`] })).toThrow()
    expect(() => contentSecurityPolicy({ uploads: ['*'] })).toThrow()
  })

  /** How a CDK token looks inside a string before deployment. */
  const token = ['$', '{Token[TOKEN.123]}'].join('')

  it('lets pages connect to the uploads endpoint, also when its host is known only at deploy time', () => {
    expect(contentSecurityPolicy({ uploads: ['https://resources.s3.ap-south-1.amazonaws.com'] })).toContain(
      "connect-src 'self' https://resources.s3.ap-south-1.amazonaws.com;",
    )
    expect(contentSecurityPolicy({ uploads: [`https://${token}`] })).toContain(
      `connect-src 'self' https://${token};`,
    )
  })
})
