/**
 * The route table as the browser needs it: id, method, path and roles of each route of functions/routes.ts,
 * as the virtual module `virtual:api-routes` (a Vite plugin of the web build and of the tests). The table
 * stays the one source; the pages do not carry its access declarations, handlers and limits.
 */
import type { Plugin } from 'vite'
import { routes } from '../functions/routes'

export const apiRoutesModuleId = 'virtual:api-routes'
const resolvedId = `\0${apiRoutesModuleId}`

/** What the browser keeps of each route. */
export function browserRoutes() {
  return routes.map((route) => ({
    id: route.id,
    method: route.method,
    path: route.path,
    ...('roles' in route ? { roles: route.roles } : {}),
  }))
}

export function apiRoutesModule(): Plugin {
  return {
    name: 'api-routes',
    resolveId: (id) => (id === apiRoutesModuleId ? resolvedId : undefined),
    load: (id) =>
      id === resolvedId ? `export const apiRoutes = ${JSON.stringify(browserRoutes())}\n` : undefined,
  }
}
