/**
 * THE route table of the HTTP API. The CDK stack creates one Lambda and one API Gateway route per entry;
 * the local stand-in dispatches to the same handler modules; the handler middleware reads `auth` from here.
 * Nothing else lists routes.
 */
import type { TableAccess } from './lib/db/partitions'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/** `public`: anyone may call it. `admin`: a valid Bearer token (see functions/lib/auth/tokens.ts) is required. */
export type RouteAuth = 'public' | 'admin'

/**
 * What a route's function may do with the objects of the uploads bucket, always in its resources/ folder
 * only: `put` (PutObject), `get` (GetObject: read an uploaded file's first bytes), `delete` (DeleteObject).
 */
export type UploadAction = 'put' | 'get' | 'delete'

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
    /**
     * The DynamoDB actions the function calls, by partition of each table (functions/lib/db/partitions.ts):
     * the stack allows exactly these, each on its partitions only (`dynamodb:LeadingKeys`).
     */
    readonly leads?: TableAccess<'leads'>
    readonly content?: TableAccess<'content'>
    readonly uploads?: readonly UploadAction[]
    /**
     * Writes exports too large for one reply into the exports bucket (which CloudFront cannot read) and signs
     * short-lived links to them: PutObject, AbortMultipartUpload and GetObject on that bucket's objects only.
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
    /**
     * Invalidates paths of the /files/* behaviour (a deleted resource's file): the function gets
     * FILES_DISTRIBUTION_ID and CreateInvalidation on that one distribution.
     */
    readonly invalidateFiles?: boolean
  }
  /** Lambda memory in MB (the stack's default otherwise; more memory is also more CPU). */
  readonly memoryMb?: number
  /** Lambda timeout in seconds (defaultTimeoutSeconds otherwise; API Gateway stops waiting at 30). */
  readonly timeoutSeconds?: number
  /**
   * API Gateway throttling of this route alone (the stage's default applies otherwise): its own token
   * bucket, so a flood of one route is refused at the gate before it takes Lambda concurrency from others.
   */
  readonly throttle?: RouteThrottle
}

/** Steady requests per second and burst of one route, over all callers together. */
export interface RouteThrottle {
  readonly rateLimit: number
  readonly burstLimit: number
}

/**
 * The public lead forms together may run at most 3 x 5 = 15 requests a second (a few concurrent Lambdas),
 * which leaves the account's concurrency (10 in a new account) to the sign-in and the admin routes.
 */
const leadFormThrottle = { rateLimit: 5, burstLimit: 10 } as const satisfies RouteThrottle
/**
 * What the contact and quote forms' functions need beside their own leads partition and its counter: the
 * rate limit, the idempotency record and the new-lead notification.
 */
const leadFormAccess = {
  content: {
    RATE_LIMIT: ['UpdateItem', 'GetItem'],
    IDEMPOTENCY: ['PutItem', 'GetItem'],
    NOTIFY: ['UpdateItem'],
  },
  rateLimited: true,
  notify: true,
} as const
/** Sign-in: far above what staff need, far below what a password-guessing flood would want. */
const loginThrottle = { rateLimit: 5, burstLimit: 10 } as const satisfies RouteThrottle

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
    throttle: leadFormThrottle,
    handler: 'contacts/create-contact',
    auth: 'public',
    access: { leads: { CONTACT: ['PutItem'], COUNTER: ['UpdateItem'] }, ...leadFormAccess },
  },
  {
    id: 'create-quote',
    method: 'POST',
    path: '/api/quotes',
    throttle: leadFormThrottle,
    handler: 'quotes/create-quote',
    auth: 'public',
    access: { leads: { QUOTE: ['PutItem'], COUNTER: ['UpdateItem'] }, ...leadFormAccess },
  },
  {
    id: 'subscribe-newsletter',
    method: 'POST',
    path: '/api/newsletter',
    throttle: leadFormThrottle,
    handler: 'newsletter/subscribe',
    auth: 'public',
    access: {
      leads: { NEWSLETTER: ['PutItem', 'GetItem'], COUNTER: ['UpdateItem'] },
      content: { RATE_LIMIT: ['UpdateItem', 'GetItem'] },
      rateLimited: true,
    },
  },
  {
    id: 'admin-login',
    method: 'POST',
    path: '/api/admin/login',
    throttle: loginThrottle,
    handler: 'admin/login',
    auth: 'public',
    access: {
      content: {
        ADMIN: ['GetItem'],
        MFA_STEP: ['UpdateItem'],
        'LOGIN#USER': ['GetItem', 'UpdateItem', 'DeleteItem'],
        'LOGIN#USERNET': ['GetItem', 'UpdateItem', 'DeleteItem'],
        'LOGIN#NET': ['GetItem', 'UpdateItem'],
        AUDIT: ['PutItem'],
      },
      signingSecret: true,
    },
  },
  {
    id: 'admin-logout',
    method: 'POST',
    path: '/api/admin/logout',
    handler: 'admin/logout',
    auth: 'admin',
    access: { content: { ADMIN: ['GetItem', 'UpdateItem'], AUDIT: ['PutItem'] }, signingSecret: true },
  },
  {
    id: 'admin-list-contacts',
    method: 'GET',
    path: '/api/admin/contacts',
    handler: 'admin/list-contacts',
    auth: 'admin',
    access: { content: { ADMIN: ['GetItem'] }, leads: { CONTACT: ['Query'] }, signingSecret: true },
  },
  {
    id: 'admin-list-quotes',
    method: 'GET',
    path: '/api/admin/quotes',
    handler: 'admin/list-quotes',
    auth: 'admin',
    access: { content: { ADMIN: ['GetItem'] }, leads: { QUOTE: ['Query'] }, signingSecret: true },
  },
  {
    id: 'admin-list-newsletter',
    method: 'GET',
    path: '/api/admin/newsletter',
    handler: 'admin/list-newsletter',
    auth: 'admin',
    access: { content: { ADMIN: ['GetItem'] }, leads: { NEWSLETTER: ['Query'] }, signingSecret: true },
  },
  {
    id: 'admin-analytics',
    method: 'GET',
    path: '/api/admin/analytics',
    handler: 'admin/analytics',
    auth: 'admin',
    access: {
      leads: { COUNTER: ['Query'] },
      content: { ADMIN: ['GetItem'], COUNTER: ['Query'] },
      signingSecret: true,
    },
  },
  {
    id: 'admin-list-jobs',
    method: 'GET',
    path: '/api/admin/jobs',
    handler: 'admin/list-jobs',
    auth: 'admin',
    access: { content: { ADMIN: ['GetItem'], JOB: ['Query'] }, signingSecret: true },
  },
  {
    id: 'admin-create-job',
    method: 'POST',
    path: '/api/admin/jobs',
    handler: 'admin/create-job',
    auth: 'admin',
    access: {
      content: { ADMIN: ['GetItem'], JOB: ['PutItem'], COUNTER: ['UpdateItem'], AUDIT: ['PutItem'] },
      signingSecret: true,
    },
  },
  {
    id: 'admin-delete-job',
    method: 'DELETE',
    path: '/api/admin/jobs/{id}',
    handler: 'admin/delete-job',
    auth: 'admin',
    access: {
      content: { ADMIN: ['GetItem'], JOB: ['DeleteItem'], COUNTER: ['UpdateItem'], AUDIT: ['PutItem'] },
      signingSecret: true,
    },
  },
  {
    id: 'admin-list-resources',
    method: 'GET',
    path: '/api/admin/resources',
    handler: 'admin/list-resources',
    auth: 'admin',
    access: { content: { ADMIN: ['GetItem'], RESOURCE: ['Query'] }, signingSecret: true },
  },
  {
    id: 'admin-create-resource',
    method: 'POST',
    path: '/api/admin/resources',
    handler: 'admin/create-resource',
    auth: 'admin',
    // Reads an uploaded file's first bytes to check its type; deletes it when they do not match.
    access: {
      content: { ADMIN: ['GetItem'], RESOURCE: ['PutItem'], COUNTER: ['UpdateItem'], AUDIT: ['PutItem'] },
      uploads: ['get', 'delete'],
      signingSecret: true,
    },
  },
  {
    id: 'admin-delete-resource',
    method: 'DELETE',
    path: '/api/admin/resources/{id}',
    handler: 'admin/delete-resource',
    auth: 'admin',
    // Deletes the resource's uploaded file and its cached copy on CloudFront.
    access: {
      content: { ADMIN: ['GetItem'], RESOURCE: ['DeleteItem'], COUNTER: ['UpdateItem'], AUDIT: ['PutItem'] },
      uploads: ['delete'],
      invalidateFiles: true,
      signingSecret: true,
    },
  },
  {
    id: 'list-jobs',
    method: 'GET',
    path: '/api/jobs',
    handler: 'jobs/list-jobs',
    auth: 'public',
    access: { content: { JOB: ['Query'] } },
  },
  {
    id: 'list-resources',
    method: 'GET',
    path: '/api/resources',
    handler: 'resources/list-resources',
    auth: 'public',
    access: { content: { RESOURCE: ['Query'] } },
  },
  {
    id: 'admin-export-kind',
    method: 'GET',
    path: '/api/admin/export/{kind}',
    handler: 'admin/export-kind',
    auth: 'admin',
    access: {
      leads: { QUOTE: ['Query'], CONTACT: ['Query'], NEWSLETTER: ['Query'] },
      content: { ADMIN: ['GetItem'], JOB: ['Query'], RESOURCE: ['Query'], AUDIT: ['PutItem'] },
      exports: true,
      signingSecret: true,
    },
    // Exports stream their rows (memory stays bounded, functions/lib/exports.ts) but build the file on the
    // CPU: 1,769 MB is one full vCPU. API Gateway stops waiting at 30 s, so the function stops just before
    // (the export times of the bench report show the headroom).
    memoryMb: 1769,
    timeoutSeconds: 29,
  },
  {
    id: 'admin-export-all',
    method: 'GET',
    path: '/api/admin/export-all/xlsx',
    handler: 'admin/export-all',
    auth: 'admin',
    access: {
      leads: { QUOTE: ['Query'], CONTACT: ['Query'], NEWSLETTER: ['Query'] },
      content: { ADMIN: ['GetItem'], JOB: ['Query'], RESOURCE: ['Query'], AUDIT: ['PutItem'] },
      exports: true,
      signingSecret: true,
    },
    // Exports stream their rows (memory stays bounded, functions/lib/exports.ts) but build the file on the
    // CPU: 1,769 MB is one full vCPU. API Gateway stops waiting at 30 s, so the function stops just before
    // (the export times of the bench report show the headroom).
    memoryMb: 1769,
    timeoutSeconds: 29,
  },
  {
    id: 'admin-upload',
    method: 'POST',
    path: '/api/admin/upload',
    handler: 'admin/upload',
    auth: 'admin',
    access: { uploads: ['put'], content: { ADMIN: ['GetItem'], AUDIT: ['PutItem'] }, signingSecret: true },
  },
  {
    id: 'admin-upload-url',
    method: 'POST',
    path: '/api/admin/upload-url',
    handler: 'admin/upload-url',
    auth: 'admin',
    access: { uploads: ['put'], content: { ADMIN: ['GetItem'], AUDIT: ['PutItem'] }, signingSecret: true },
  },
  {
    id: 'admin-activity',
    method: 'GET',
    path: '/api/admin/activity',
    handler: 'admin/activity',
    auth: 'admin',
    access: { content: { ADMIN: ['GetItem'], AUDIT: ['Query'] }, signingSecret: true },
  },
] as const satisfies readonly ApiRoute[]

export type RouteId = (typeof routes)[number]['id']

export function routeById(id: RouteId): ApiRoute {
  const route = routes.find((candidate) => candidate.id === id)
  if (!route) throw new Error(`Unknown route id: ${id}`)
  return route
}
