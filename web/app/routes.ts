import { index, type RouteConfig, route } from '@react-router/dev/routes'
import { parseSiteUrl } from '../../functions/core/site-config'
import { leadPageShell, privacyCasePageShell } from './content/page-shells'
import { sitePages } from './content/pages'

/**
 * The site's public origin for this build (SITE_URL; web/app/lib/site-url.ts gives it to the pages). Read
 * here too so that a bad value stops the build at once, and because a sitemap needs absolute URLs: a build
 * without one has no /sitemap.xml (and robots.txt names none).
 */
const siteUrl = parseSiteUrl(process.env.SITE_URL)

/** The solution pages, as content/pages.ts lists them. */
const solutionPaths = sitePages.map((page) => page.path).filter((path) => path.startsWith('/solutions/'))

/** The site's pages. Every path without parameters is prerendered (react-router.config.ts). */
export default [
  index('routes/home.tsx'),
  route('about', 'routes/about.tsx'),
  route('solutions', 'routes/solutions.tsx'),
  // Each solution page has a module of its own (routes/solution-<name>.tsx) with only its own copy
  // (content/solutions/<name>.ts), so a page loads none of the six others' text.
  ...solutionPaths.map((path) => route(path.slice(1), `routes/solution-${path.split('/').pop()}.tsx`)),
  route('services', 'routes/services.tsx'),
  route('advisory', 'routes/advisory.tsx'),
  route('procurement', 'routes/procurement.tsx'),
  route('digital-solutions', 'routes/digital-solutions.tsx'),
  route('sectors', 'routes/sectors.tsx'),
  route('resources', 'routes/resources.tsx'),
  route('careers', 'routes/careers.tsx'),
  route('login', 'routes/login.tsx'),
  // The privacy notice (functions/core/privacy-notice.ts): a module of its own, its words load only there.
  route('privacy', 'routes/privacy.tsx'),
  // Where a newsletter confirmation e-mail leads (double opt-in): the button confirms, opening it does not.
  route('newsletter/confirm', 'routes/newsletter-confirm.tsx'),
  // Seeing and withdrawing one's consents: its steps call the choices routes (functions/privacy/).
  route('privacy/choices', 'routes/privacy-choices.tsx'),
  // Asking about one's data (the rights desk): its steps call the request routes (functions/privacy/).
  route('privacy/request', 'routes/privacy-request.tsx'),
  // Where the retention sweep's ask leads: the button keeps the enquiry, opening the link does not.
  route('privacy/keep', 'routes/privacy-keep.tsx'),
  // The three legal placeholders share one module (content/legal.ts); each needs its own route id.
  route('terms', 'routes/legal.tsx', { id: 'legal-terms' }),
  route('cookies', 'routes/legal.tsx', { id: 'legal-cookies' }),
  route('compliance', 'routes/legal.tsx', { id: 'legal-compliance' }),
  route('contact', 'routes/contact.tsx'),
  route('get-quote', 'routes/get-quote.tsx'),
  route('solar-calculator', 'routes/solar-calculator.tsx'),
  route('solar-subsidy', 'routes/solar-subsidy.tsx'),
  // The staff workspace: each page a module of its own, in the workspace's frame (not the site's).
  route('admin', 'routes/admin.tsx'),
  route('admin/leads', 'routes/admin-leads.tsx'),
  // Prerendered once, at its shell path (content/pages.ts pageShells), whose HTML answers every lead id.
  route(leadPageShell.route, 'routes/admin-lead.tsx'),
  route('admin/activity', 'routes/admin-activity.tsx'),
  route('admin/reports', 'routes/admin-reports.tsx'),
  route('admin/content', 'routes/admin-content.tsx'),
  route('admin/visits', 'routes/admin-visits.tsx'),
  route('admin/users', 'routes/admin-users.tsx'),
  route('admin/settings', 'routes/admin-settings.tsx'),
  route('admin/privacy/requests', 'routes/admin-privacy-requests.tsx'),
  // One case, prerendered once at its shell path like a lead's page.
  route(privacyCasePageShell.route, 'routes/admin-privacy-case.tsx'),
  route('admin/privacy/breach', 'routes/admin-breach.tsx'),
  // Files generated from content/pages.ts at build time.
  ...(siteUrl === undefined ? [] : [route('sitemap.xml', 'routes/sitemap.ts')]),
  route('robots.txt', 'routes/robots.ts'),
  // Any other path. Prerendered once as /404, which the server answers unknown paths with (status 404).
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
