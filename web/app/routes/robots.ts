import { robotsTxt } from '~/lib/site-files'

/** /robots.txt, prerendered to a file at build time from content/pages.ts. */
export function loader() {
  return new Response(robotsTxt(), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}
