import { index, type RouteConfig, route } from '@react-router/dev/routes'

/** The site's pages. Every path without parameters is prerendered (react-router.config.ts). */
export default [
  index('routes/home.tsx'),
  route('about', 'routes/about.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('get-quote', 'routes/get-quote.tsx'),
  route('admin', 'routes/admin.tsx'),
  // Files generated from content/pages.ts at build time.
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  // Any other path. Prerendered once as /404, which the server answers unknown paths with (status 404).
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
