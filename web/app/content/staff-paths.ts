/** The staff workspace's paths: its own frame instead of the site's header and footer. */
export const staffPathPrefix = '/admin'

export function isStaffPath(pathname: string): boolean {
  return pathname === staffPathPrefix || pathname.startsWith(`${staffPathPrefix}/`)
}
