/** The route table as the browser has it (infra/api-routes-module.ts builds it from functions/routes.ts). */
declare module 'virtual:api-routes' {
  import type { StaffRole } from '../../functions/core/roles'
  import type { HttpMethod, RouteId } from '../../functions/routes'
  export const apiRoutes: readonly {
    readonly id: RouteId
    readonly method: HttpMethod
    readonly path: string
    readonly roles?: readonly StaffRole[]
  }[]
}
