import { describe, expect, it } from 'vitest'
import { standInPaths } from '../../../infra/local/paths'
import viteConfig from '../../../vite.config'

describe('npm run dev', () => {
  it('proxies every path the stand-in answers besides the pages, the presigned transfers included', () => {
    const proxied = Object.keys(viteConfig.server?.proxy ?? {})
    expect(proxied.sort()).toEqual(Object.values(standInPaths).sort())
    expect(proxied).toContain('/_s3')
  })
})
