import { type RouteId, routeById } from '../../functions/routes'
import { apiEvent, lambdaContext, parseResult } from './events'

/** A handler's reply as API Gateway receives it: the body as sent (JSON, a CSV file, base64). */
export type HandlerReply = {
  statusCode: number
  headers?: Record<string, string>
  body?: string
  isBase64Encoded?: boolean
}
/** A route's handler as Lambda calls it. */
export type RouteHandler = (event: unknown, context: unknown) => Promise<HandlerReply>
const handlerModules = import.meta.glob<{ handler: RouteHandler }>('../../functions/*/*.ts')

/**
 * A route's (by id, or a route of the table) real handler module's `handler`, loaded on first use (with the
 * calling test file's mocks).
 */
export async function routeHandler(route: RouteId | { readonly handler: string }): Promise<RouteHandler> {
  const module = typeof route === 'string' ? routeById(route).handler : route.handler
  const load = handlerModules[`../../functions/${module}.ts`]
  if (!load) throw new Error(`No handler module functions/${module}.ts`)
  return (await load()).handler
}

/** A route call's event (apiEvent's options) and who sends it. */
export type CallOptions = Parameters<typeof apiEvent>[1] & {
  /** The test user it is sent as: their headers (a Bearer token) from the caller's `headers`; none, a visitor. */
  as?: string
}

/**
 * Calls routes' real handlers in process with each route's own event shape. `headers` holds each test user's
 * request headers by username (saveTestStaff fills it); `sourceIp`, when given, names the network each call
 * comes from (API Gateway's `requestContext.http.sourceIp`), asked again for every call. `call` answers the
 * reply with its JSON body parsed, `reply` the reply as sent (a file's body, `Retry-After`).
 */
export function routeCaller(
  settings: { headers?: Record<string, Record<string, string>>; sourceIp?: () => string } = {},
) {
  const { headers = {}, sourceIp } = settings
  async function reply(routeId: RouteId, options: CallOptions = {}): Promise<HandlerReply> {
    const { as, ...eventOptions } = options
    const event = apiEvent(routeId, {
      ...eventOptions,
      headers: { ...(as === undefined ? {} : headers[as]), ...eventOptions.headers },
    })
    if (sourceIp) event.requestContext.http.sourceIp = sourceIp()
    return (await routeHandler(routeId))(event, lambdaContext)
  }
  async function call(routeId: RouteId, options: CallOptions = {}): Promise<ReturnType<typeof parseResult>> {
    return parseResult(await reply(routeId, options))
  }
  return { call, reply }
}
