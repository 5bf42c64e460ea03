import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { localSiteUrl, readContext, stackSiteUrl } from '../../../infra/site-build'

const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123'

describe('readContext', () => {
  let dir: string
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'site-build-'))
  })
  afterEach(() => rm(dir, { recursive: true, force: true }))

  it('reads cdk.json, then cdk.context.json under it, then -c arguments over both', async () => {
    await writeFile(join(dir, 'cdk.json'), JSON.stringify({ context: { domainName: '', stage: 'prod' } }))
    await writeFile(join(dir, 'cdk.context.json'), JSON.stringify({ stage: 'cached', other: 1 }))
    expect(readContext([], dir)).toMatchObject({ domainName: '', stage: 'prod', other: 1 })
    const args = [
      'deploy',
      '-c',
      'domainName=solar.example.in',
      '--context=stage=staging',
      '--require-approval',
      'never',
    ]
    expect(readContext(args, dir)).toMatchObject({ domainName: 'solar.example.in', stage: 'staging' })
    expect(readContext(['--context', 'certificateArn=a=b'], dir)).toMatchObject({ certificateArn: 'a=b' })
  })

  it('refuses a -c without key=value', () => {
    expect(() => readContext(['deploy', '-c'], dir)).toThrow(/-c needs key=value/)
    expect(() => readContext(['deploy', '-c', '=x'], dir)).toThrow(/key=value/)
  })

  it("reads this repository's cdk.json by default", async () => {
    const cdk = JSON.parse(await readFile('cdk.json', 'utf8')) as { context: Record<string, unknown> }
    expect(readContext([])).toMatchObject({ stage: cdk.context.stage, stages: cdk.context.stages })
  })
})

/** A context with one prod stage of these settings (a domain belongs to its stage, infra/config.ts). */
const prod = (settings: Record<string, unknown>) => ({ stages: { prod: settings } })

describe('stackSiteUrl', () => {
  it("builds a stack's site for https://<domainName>", () => {
    expect(stackSiteUrl(prod({ domainName: 'Solar.Example.in', certificateArn }), {})).toBe(
      'https://solar.example.in',
    )
  })

  it('builds without a site URL when the stack has no domain and SITE_URL is not set', () => {
    expect(stackSiteUrl(prod({ domainName: '' }), {})).toBeUndefined()
  })

  it('takes an explicit SITE_URL for a stack without a domain (its CloudFront address)', () => {
    expect(stackSiteUrl({}, { SITE_URL: 'https://d111111abcdef8.cloudfront.net' })).toBe(
      'https://d111111abcdef8.cloudfront.net',
    )
  })

  it('stops when SITE_URL and domainName disagree, or the configuration is invalid', () => {
    expect(() =>
      stackSiteUrl(prod({ domainName: 'solar.example.in', certificateArn }), {
        SITE_URL: 'https://other.example.in',
      }),
    ).toThrow(/disagrees with the stack's domainName/)
    expect(
      stackSiteUrl(prod({ domainName: 'solar.example.in', certificateArn }), {
        SITE_URL: 'https://solar.example.in/',
      }),
    ).toBe('https://solar.example.in')
    expect(() => stackSiteUrl(prod({ domainName: 'solar.example.in' }), {})).toThrow(/certificateArn/)
    // A domain outside its stage's block would reach every stage: refused.
    expect(() => stackSiteUrl({ domainName: 'solar.example.in', certificateArn }, {})).toThrow(
      /belongs to one stage/,
    )
    expect(() => stackSiteUrl({}, { SITE_URL: 'http://solar.example.in' })).toThrow(/SITE_URL must be/)
  })
})

describe('localSiteUrl', () => {
  it("is the stand-in's address: HOST and PORT, 127.0.0.1:3000 by default", () => {
    expect(localSiteUrl({})).toBe('http://127.0.0.1:3000')
    expect(localSiteUrl({ PORT: '4173', HOST: 'localhost' })).toBe('http://localhost:4173')
  })

  it('is SITE_URL when set, and unknown for a host other than the loopback', () => {
    expect(localSiteUrl({ SITE_URL: 'https://solar.example.in' })).toBe('https://solar.example.in')
    expect(localSiteUrl({ HOST: '0.0.0.0' })).toBeUndefined()
  })
})

describe('package.json', () => {
  it('builds for the site URL before cdk deploys or synthesises, and before the stand-in starts', async () => {
    const { scripts } = JSON.parse(await readFile('package.json', 'utf8')) as {
      scripts: Record<string, string>
    }
    // --all: the site's stack with its us-east-1 companions (web ACL first, plan last: infra/constructs/edge.ts).
    expect(scripts.deploy).toBe('tsx infra/site-build.ts cdk deploy --all')
    expect(scripts.destroy).toBe('tsx infra/site-build.ts cdk destroy --all')
    expect(scripts.synth).toMatch(/^tsx infra\/site-build\.ts cdk synth\b/)
    expect(scripts.start).toMatch(/^tsx infra\/site-build\.ts local && /)
    expect(scripts.smoke).toBe('tsx infra/smoke.ts')
  })
})
