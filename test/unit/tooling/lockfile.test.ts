import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { completeLockfile, missingPlatformEntries, platformOf } from '../../../infra/tools/complete-lockfile'

describe('package-lock.json', () => {
  it('resolves every optional platform package, so `npm ci` accepts it (run `npm run lock:complete`)', () => {
    const lock = JSON.parse(readFileSync(new URL('../../../package-lock.json', import.meta.url), 'utf8'))
    expect(missingPlatformEntries(lock)).toEqual([])
  })
})

describe('completeLockfile', () => {
  it('adds a missing platform entry with the os, cpu and libc read from its name', () => {
    const lock = {
      packages: {
        '': { name: 'x' },
        'node_modules/rollup': {
          version: '4.1.0',
          dev: true,
          optionalDependencies: { '@rollup/rollup-linux-arm64-musl': '4.1.0', fsevents: '~2.3.2' },
        },
      },
    }
    expect(completeLockfile(lock)).toEqual(['@rollup/rollup-linux-arm64-musl@4.1.0'])
    expect(lock.packages).toHaveProperty(['node_modules/@rollup/rollup-linux-arm64-musl'], {
      version: '4.1.0',
      cpu: ['arm64'],
      os: ['linux'],
      libc: ['musl'],
      dev: true,
      optional: true,
    })
    expect(missingPlatformEntries(lock)).toEqual([])
  })

  it('leaves an entry alone when a nested or hoisted copy resolves it', () => {
    const lock = {
      packages: {
        '': {},
        'node_modules/a': { optionalDependencies: { '@x/x-darwin-x64': '1.0.0' } },
        'node_modules/@x/x-darwin-x64': { version: '1.0.0' },
      },
    }
    expect(completeLockfile(lock)).toEqual([])
  })

  it('reads platforms from the names the binaries use', () => {
    expect(platformOf('@biomejs/cli-win32-x64')).toEqual({ os: ['win32'], cpu: ['x64'] })
    expect(platformOf('@rollup/rollup-linux-arm-gnueabihf')).toEqual({
      os: ['linux'],
      cpu: ['arm'],
      libc: ['glibc'],
    })
    expect(platformOf('@tailwindcss/oxide-wasm32-wasi')).toEqual({ cpu: ['wasm32'] })
    expect(platformOf('fsevents')).toBeUndefined()
  })
})
