import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin, type Rolldown } from 'vite'
import { apiRoutesModule } from './infra/api-routes-module'
import { standInPaths } from './infra/local/paths'

// The web build only. Tests use vitest.config.ts, which must not load the reactRouter() plugin.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000'

const rootModule = fileURLToPath(new URL('./web/app/root.tsx', import.meta.url))
const ownCode = /[\\/](web[\\/]app|functions[\\/]core)[\\/][^\0?]*\.tsx?$/

/**
 * The site's own modules that the root layout imports, directly or not (the header, footer, navigation,
 * logo, icons, toasts, the page list…): every page loads each of them first anyway, so they go into one
 * `shell` chunk instead of a dozen chunks of a few hundred bytes (each costs its import lines and its own
 * gzip framing). Modules of node_modules (React, React Router) and the stylesheet keep the bundler's chunks.
 */
function shellChunk(): Rolldown.CodeSplittingNameFunction {
  let shell: Set<string> | undefined
  return (id, context) => {
    if (!shell) {
      shell = new Set()
      const pending = [rootModule]
      while (pending.length > 0) {
        const next = pending.pop() as string
        for (const imported of context.getModuleInfo(next)?.importedIds ?? []) {
          if (shell.has(imported) || !ownCode.test(imported)) continue
          shell.add(imported)
          pending.push(imported)
        }
      }
    }
    return shell.has(id) ? 'shell' : null
  }
}

/**
 * Lets an entry chunk (a route module) export more than its module does, which the shell chunk needs
 * (grouping without the shell's dependencies); React Router's plugin asks for 'exports-only', so this
 * runs after it. React Router still finds every export it reads.
 */
function entriesMayExportMore(): Plugin {
  return {
    name: 'entries-may-export-more',
    enforce: 'post',
    options: (options) => ({ ...options, preserveEntrySignatures: 'allow-extension' }),
  }
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), apiRoutesModule(), entriesMayExportMore()],
  publicDir: 'web/public',
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Without the shell's dependencies (React stays in its own chunks), which lets an entry chunk
          // export more than its module does: route modules are entries, React Router reads their exports.
          groups: [{ name: shellChunk(), debugName: 'shell', includeDependenciesRecursively: false }],
        },
      },
    },
  },
  // SITE_URL (the site's public origin, checked by react-router.config.ts) reaches the pages as
  // import.meta.env.SITE_URL: web/app/lib/site-url.ts reads it. Other variables stay out of the bundle.
  envPrefix: ['VITE_', 'SITE_URL'],
  resolve: {
    alias: {
      '@core': fileURLToPath(new URL('./functions/core', import.meta.url)),
      '~': fileURLToPath(new URL('./web/app', import.meta.url)),
    },
  },
  server: {
    // Everything the site calls that the stand-in answers: the API, uploaded files, presigned transfers.
    proxy: Object.fromEntries(
      Object.values(standInPaths).map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]),
    ),
  },
})
