import type { Config } from '@react-router/dev/config'
import { webBuildDirectory } from './infra/build-paths'
import { pageShells } from './web/app/content/page-shells'

/** The not-found page's prerendered path: the local server and CloudFront answer unknown paths with it (404). */
const notFoundPath = '/404'

export default {
  appDirectory: 'web/app',
  // WEB_BUILD_DIR builds elsewhere under the repository (a test builds for another SITE_URL beside dist/web).
  buildDirectory: process.env.WEB_BUILD_DIR || webBuildDirectory,
  // Static site: every known path is prerendered to its own index.html, nothing renders on a server. A path
  // with an id is prerendered once, as its shell, which the servers answer every id with.
  ssr: false,
  prerender: ({ getStaticPaths }) => [
    ...getStaticPaths(),
    ...pageShells.map((page) => page.shell),
    notFoundPath,
  ],
  // React Router 8's behaviour now, so the upgrade changes nothing (and the build prints no warnings).
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config
