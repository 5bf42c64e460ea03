/**
 * Completes package-lock.json with the platform packages the registry this project is built against
 * does not serve (rollup, biome and tailwind binaries for macOS, Windows, Android, BSD, musl ...).
 *
 * Why: npm records an optional dependency in the lock file only when it can read its manifest. The
 * registry mirror here answers 404 for many foreign-platform binaries, so `npm install` leaves them
 * out, and then `npm ci` refuses the lock file ("Missing: @rollup/rollup-darwin-arm64@ from lock
 * file"). This adds each missing entry with the version its parent asks for and the os/cpu/libc read
 * from its name, exactly as npm writes them for a reachable registry. On this platform they never
 * match, so nothing is fetched; on a developer's Mac, npm fetches them from the public registry.
 *
 * Run after any change of dependencies: `npm run lock:complete`. A unit test fails while the lock
 * file misses an entry (test/unit/tooling/lockfile.test.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

interface LockEntry {
  version?: string
  optional?: boolean
  dev?: boolean
  os?: string[]
  cpu?: string[]
  libc?: string[]
  optionalDependencies?: Record<string, string>
  [key: string]: unknown
}

interface Lockfile {
  packages: Record<string, LockEntry>
  [key: string]: unknown
}

const operatingSystems = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32']
const cpus = ['arm64', 'x64', 'ia32', 'arm', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32']

/** The os, cpu and libc of a platform package, read from its name (`@rollup/rollup-linux-arm64-musl`). */
export function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> | undefined {
  const tokens = (name.split('/').pop() ?? name).split('-')
  const os = tokens.find((token) => operatingSystems.includes(token))
  const cpu = tokens.find((token) => cpus.includes(token))
  if (cpu === 'wasm32') return { cpu: ['wasm32'] }
  if (!os || !cpu) return undefined
  const platform: Pick<LockEntry, 'os' | 'cpu' | 'libc'> = { cpu: [cpu], os: [os] }
  if (os === 'linux') {
    const musl = tokens.some((token) => token === 'musl' || token === 'musleabihf')
    platform.libc = [musl ? 'musl' : 'glibc']
  }
  return platform
}

/** Where npm would look for `name` when `from` (a lock key such as `node_modules/rollup`) requires it. */
function resolves(lock: Lockfile, from: string, name: string): boolean {
  let base = from
  for (;;) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`
    if (lock.packages[candidate]) return true
    if (base === '') return false
    const cut = base.lastIndexOf('/node_modules/')
    base = cut === -1 ? '' : base.slice(0, cut)
  }
}

/** Adds the missing optional platform entries; returns the names it added. */
export function completeLockfile(lock: Lockfile): string[] {
  const added: string[] = []
  for (const [key, entry] of Object.entries(lock.packages)) {
    for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
      if (resolves(lock, key, name)) continue
      const platform = platformOf(name)
      // fsevents and similar are named without a platform; npm leaves them out on Linux too
      if (!platform) continue
      const version = range.replace(/^[~^=]/, '')
      if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) {
        throw new Error(`cannot pin ${name}@${range} (asked for by ${key || 'the root'})`)
      }
      lock.packages[`node_modules/${name}`] = {
        version,
        ...platform,
        ...(entry.dev ? { dev: true } : {}),
        optional: true,
      }
      added.push(`${name}@${version}`)
    }
  }
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => a.localeCompare(b, 'en')),
  )
  return added
}

/** The optional platform dependencies that the lock file does not resolve. */
export function missingPlatformEntries(lock: Lockfile): string[] {
  const missing: string[] = []
  for (const [key, entry] of Object.entries(lock.packages)) {
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      if (platformOf(name) && !resolves(lock, key, name)) missing.push(name)
    }
  }
  return missing
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const path = fileURLToPath(new URL('../../package-lock.json', import.meta.url))
  const lock = JSON.parse(readFileSync(path, 'utf8')) as Lockfile
  const added = completeLockfile(lock)
  writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`)
  console.log(
    added.length ? `added ${added.length} platform entries:\n  ${added.join('\n  ')}` : 'lock file complete',
  )
}
