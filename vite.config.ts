import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { apiRoutesModule } from './infra/api-routes-module'
import { standInPaths } from './infra/local/paths'

// The web build only. Tests use vitest.config.ts, which must not load the reactRouter() plugin.
const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), apiRoutesModule()],
  publicDir: 'web/public',
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
