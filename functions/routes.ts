/**
 * THE route table of the HTTP API. The CDK stack creates one Lambda and one API Gateway route per entry;
 * the local stand-in dispatches to the same handler modules; the handler middleware reads `auth` from here.
 * Nothing else lists routes.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** `public`: anyone may call it. `admin`: a valid Bearer token (see functions/lib/auth.ts) is required. */
export type RouteAuth = 'public' | 'admin'

/** What a route's function may do with each data store; the stack turns this into IAM grants. */
export type Access = 'read' | 'write' | 'readWrite'

export interface ApiRoute {
  /** Stable kebab-case id: the bundle folder (dist/functions/<id>) and the Lambda's construct id. */
  readonly id: string
  readonly method: HttpMethod
  /** API Gateway path, including the `/api` prefix CloudFront keeps; parameters as `{name}`. */
  readonly path: string
  /** Handler module, relative to functions/ and without extension; it exports `handler`. */
  readonly handler: string
  readonly auth: RouteAuth
  readonly access: {
    readonly leads?: Access
    readonly content?: Access
    readonly uploads?: Access
    /**
     * Writes exports too large for one reply into the uploads bucket's exports/ folder and signs short-lived
     * links to them: PutObject and GetObject on exports/* only.
     */
    readonly exports?: boolean
    /**
     * Needs the token-signing secret (every admin route and the login). Verifying a token also reads its
     * user's session version, so this grants reading the content table (the admin user records) too.
     */
    readonly signingSecret?: boolean
    /** A public lead route with a per-IP limit: the function gets LEAD_RATE_LIMIT. */
    readonly rateLimited?: boolean
    /** Publishes to the staff-notification topic: the function gets LEADS_TOPIC_ARN and a publish grant. */
    readonly notify?: boolean
  }
  /** Lambda memory in MB (the stack's default otherwise; more memory is also more CPU). */
  readonly memoryMb?: number
  /** Lambda timeout in seconds (defaultTimeoutSeconds otherwise; API Gateway stops waiting at 30). */
  readonly timeoutSeconds?: number
}

/**
 * The Lambda timeout of a route without `timeoutSeconds`. The AWS clients' retries and per-attempt timeouts
 * (functions/lib/aws-config.ts) keep one failing call well within it.
 */
export const defaultTimeoutSeconds = 10

export const routes = [
  {
    id: 'create-contact',
    method: 'POST',
    path: '/api/contacts',
    handler: 'contacts/create-contact',
    auth: 'public',
    access: { leads: 'write', content: 'readWrite', rateLimited: true, notify: true },
  },
  {
    id: 'create-quote',
    method: 'POST',
    path: '/api/quotes',
    handler: 'quotes/create-quote',
    auth: 'public',
    access: { leads: 'write', content: 'readWrite', rateLimited: true, notify: true },
  },
  {
    id: 'subscribe-newsletter',
    method: 'POST',
    path: '/api/newsletter',
    handler: 'newsletter/subscribe',
    auth: 'public',
    access: { leads: 'readWrite', content: 'readWrite', rateLimited: true },
  },
  {
    id: 'admin-login',
    method: 'POST',
    path: '/api/admin/login',
    handler: 'admin/login',
    auth: 'public',
    access: { content: 'readWrite', signingSecret: true },
  },
  {
    id: 'admin-logout',
    method: 'POST',
    path: '/api/admin/logout',
    handler: 'admin/logout',
    auth: 'admin',
    access: { content: 'readWrite', signingSecret: true },
  },
  {
    id: 'admin-list-contacts',
    method: 'GET',
    path: '/api/admin/contacts',
    handler: 'admin/list-contacts',
    auth: 'admin',
    access: { leads: 'read', signingSecret: true },
  },
  {
    id: 'admin-list-quotes',
    method: 'GET',
    path: '/api/admin/quotes',
    handler: 'admin/list-quotes',
    auth: 'admin',
    access: { leads: 'read', signingSecret: true },
  },
  {
    id: 'admin-list-newsletter',
    method: 'GET',
    path: '/api/admin/newsletter',
    handler: 'admin/list-newsletter',
    auth: 'admin',
    access: { leads: 'read', signingSecret: true },
  },
  {
    id: 'admin-analytics',
    method: 'GET',
    path: '/api/admin/analytics',
    handler: 'admin/analytics',
    auth: 'admin',
    access: { leads: 'read', content: 'read', signingSecret: true },
  },
  {
    id: 'admin-list-jobs',
    method: 'GET',
    path: '/api/admin/jobs',
    handler: 'admin/list-jobs',
    auth: 'admin',
    access: { content: 'read', signingSecret: true },
  },
  {
    id: 'admin-create-job',
    method: 'POST',
    path: '/api/admin/jobs',
    handler: 'admin/create-job',
    auth: 'admin',
    access: { content: 'write', signingSecret: true },
  },
  {
    id: 'admin-delete-job',
    method: 'DELETE',
    path: '/api/admin/jobs/{id}',
    handler: 'admin/delete-job',
    auth: 'admin',
    access: { content: 'write', signingSecret: true },
  },
  {
    id: 'admin-list-resources',
    method: 'GET',
    path: '/api/admin/resources',
    handler: 'admin/list-resources',
    auth: 'admin',
    access: { content: 'read', signingSecret: true },
  },
  {
    id: 'admin-create-resource',
    method: 'POST',
    path: '/api/admin/resources',
    handler: 'admin/create-resource',
    auth: 'admin',
    access: { content: 'write', signingSecret: true },
  },
  {
    id: 'admin-delete-resource',
    method: 'DELETE',
    path: '/api/admin/resources/{id}',
    handler: 'admin/delete-resource',
    auth: 'admin',
    access: { content: 'write', signingSecret: true },
  },
  {
    id: 'list-jobs',
    method: 'GET',
    path: '/api/jobs',
    handler: 'jobs/list-jobs',
    auth: 'public',
    access: { content: 'read' },
  },
  {
    id: 'list-resources',
    method: 'GET',
    path: '/api/resources',
    handler: 'resources/list-resources',
    auth: 'public',
    access: { content: 'read' },
  },
  {
    id: 'admin-export-kind',
    method: 'GET',
    path: '/api/admin/export/{kind}',
    handler: 'admin/export-kind',
    auth: 'admin',
    access: { leads: 'read', content: 'read', exports: true, signingSecret: true },
    // Exports hold every row in memory and build the file on the CPU: 1,769 MB is one full vCPU, and a
    // 100,000-row workbook takes about 6 s on one local core; API Gateway stops waiting at 30 s.
    memoryMb: 1769,
    timeoutSeconds: 29,
  },
  {
    id: 'admin-export-all',
    method: 'GET',
    path: '/api/admin/export-all/xlsx',
    handler: 'admin/export-all',
    auth: 'admin',
    access: { leads: 'read', content: 'read', exports: true, signingSecret: true },
    // Exports hold every row in memory and build the file on the CPU: 1,769 MB is one full vCPU, and a
    // 100,000-row workbook takes about 6 s on one local core; API Gateway stops waiting at 30 s.
    memoryMb: 1769,
    timeoutSeconds: 29,
  },
  {
    id: 'admin-upload',
    method: 'POST',
    path: '/api/admin/upload',
    handler: 'admin/upload',
    auth: 'admin',
    access: { uploads: 'write', signingSecret: true },
  },
  {
    id: 'admin-upload-url',
    method: 'POST',
    path: '/api/admin/upload-url',
    handler: 'admin/upload-url',
    auth: 'admin',
    access: { uploads: 'write', signingSecret: true },
  },
] as const satisfies readonly ApiRoute[]

export type RouteId = (typeof routes)[number]['id']

export function routeById(id: RouteId): ApiRoute {
  const route = routes.find((candidate) => candidate.id === id)
  if (!route) throw new Error(`Unknown route id: ${id}`)
  return route
}
