import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  linkWorkspaceManifest,
  withWorkspaceManifest,
  workspaceManifestLink,
} from '../../../infra/workspace-manifest'

const page = '<!DOCTYPE html><html><head><meta charset="utf-8"/><title>x</title></head><body></body></html>'

describe('workspace manifest link', () => {
  it('goes right after the charset, once however often the step runs', () => {
    const linked = withWorkspaceManifest(page)
    expect(linked).toContain(`<meta charset="utf-8"/>${workspaceManifestLink}<title>`)
    expect(withWorkspaceManifest(linked)).toBe(linked)
    expect(() => withWorkspaceManifest('<html><head></head></html>')).toThrow(/charset/)
  })

  it('links the workspace pages under /admin and no page of the public site', async () => {
    const site = await mkdtemp(join(tmpdir(), 'manifest-'))
    try {
      for (const dir of ['', 'contact', 'admin', 'admin/leads', 'admin/leads/lead']) {
        await mkdir(join(site, dir), { recursive: true })
        await writeFile(join(site, dir, 'index.html'), page)
      }
      expect(linkWorkspaceManifest(site)).toBe(3)
      const read = (dir: string) => readFile(join(site, dir, 'index.html'), 'utf8')
      for (const dir of ['admin', 'admin/leads', 'admin/leads/lead']) {
        expect(await read(dir), dir).toContain(workspaceManifestLink)
      }
      for (const dir of ['', 'contact'])
        expect(await read(dir), dir || '/').not.toContain(workspaceManifestLink)
    } finally {
      await rm(site, { recursive: true, force: true })
    }
  })
})
