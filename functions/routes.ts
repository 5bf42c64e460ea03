/**
 * THE route table of the HTTP API. The CDK stack creates one Lambda and one API Gateway route per entry;
 * the local stand-in dispatches to the same handler modules; the handler middleware reads `auth` from here.
 * Nothing else lists routes.
 */
import { contentEditors, everyRole, leadReaders, leadWorkers, ownerOnly, type StaffRole } from './core/roles'
import {
  inboxIndexPartitions,
  inboxListPartitions,
  onPartitions,
  type TableAccess,
  withdrawalAccess,
} from './lib/db/partition-access'
import type { StoreAccess } from './lib/store-definitions'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/** `public`: anyone may call it. `admin`: a valid Bearer token (see functions/lib/auth/tokens.ts) is required. */
export type RouteAuth = 'public' | 'admin'

/**
 * What a route's function may do with the objects of the uploads bucket, always in its resources/ folder
 * only: `put` (PutObject), `get` (GetObject: read an uploaded file's first bytes), `delete` (DeleteObject).
 */
export type UploadAction = 'put' | 'get' | 'delete'

/**
 * What a route's function may use: the store flags of functions/lib/store-definitions.ts (which also give it
 * their environment), with the tables and uploads narrowed to what the stack grants.
 */
export interface RouteAccess extends StoreAccess {
  /**
   * The DynamoDB actions the function calls, by partition of each table (functions/lib/db/partition-access.ts):
   * the stack allows exactly these, each on its partitions only (`dynamodb:LeadingKeys`).
   */
  readonly leads?: TableAccess<'leads'>
  readonly content?: TableAccess<'content'>
  readonly uploads?: readonly UploadAction[]
  /** A public lead route with a per-IP limit: the function gets LEAD_RATE_LIMIT. */
  readonly rateLimited?: boolean
}

export interface ApiRoute {
  /** Stable kebab-case id: the bundle folder (dist/functions/<id>) and the Lambda's construct id. */
  readonly id: string
  readonly method: HttpMethod
  /** API Gateway path, including the `/api` prefix CloudFront keeps; parameters as `{name}`. */
  readonly path: string
  /** Handler module, relative to functions/ and without extension; it exports `handler`. */
  readonly handler: string
  readonly auth: RouteAuth
  /**
   * The staff roles that may call an `admin` route (functions/core/roles.ts); any other role gets 403. Public
   * routes have none. The admin pages offer an action only to the roles its route lists here.
   */
  readonly roles?: readonly StaffRole[]
  readonly access: RouteAccess
  /**
   * An `admin` route that also accepts the enrolment-only token the sign-in gives a user who must enrol in
   * MFA first (functions/lib/auth/tokens.ts); every other route refuses that token (401).
   */
  readonly acceptsEnrolmentToken?: boolean
  /**
   * An `admin` route that also accepts the password-change-only token the sign-in gives a user still holding
   * a one-time password (functions/lib/auth/tokens.ts passwordChangeScope); every other route refuses it.
   */
  readonly acceptsPasswordChangeToken?: boolean
  /** Lambda memory in MB (the stack's default otherwise; more memory is also more CPU). */
  readonly memoryMb?: number
  /** Lambda timeout in seconds (defaultTimeoutSeconds otherwise; API Gateway stops waiting at 30). */
  readonly timeoutSeconds?: number
  /**
   * V8 flags of this function, added to its NODE_OPTIONS by the stack (the bench runs the handler with the
   * same): only flags Node accepts in NODE_OPTIONS.
   */
  readonly v8Flags?: readonly string[]
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
 * A ceiling that protects the account's concurrency, not the per-client limit: one bucket is shared by every
 * caller, so a single client could empty it. Each client is limited before that, per IP at the edge (the
 * web ACL's rate rules, infra/constructs/edge.ts) and per IP in the function (LEAD_RATE_LIMIT).
 */
const leadFormThrottle = { rateLimit: 5, burstLimit: 10 } as const satisfies RouteThrottle
/**
 * The privacy pages' routes (codes, choices, rights requests): a person uses them a few times a year, so
 * together they stay well below the stage's default, beside the lead forms.
 */
const privacyThrottle = { rateLimit: 2, burstLimit: 5 } as const satisfies RouteThrottle
/**
 * Sign-in: far above what staff need, far below what a password-guessing flood would want. Like the lead
 * forms' throttle, a ceiling for the account's concurrency shared by every caller; the per-IP limit is the
 * web ACL's login rule at the edge (infra/constructs/edge.ts), then the login lockout.
 */
const loginThrottle = { rateLimit: 5, burstLimit: 10 } as const satisfies RouteThrottle
/**
 * The sign-in's function. scrypt (N = 2^17, 128 MiB per hash, functions/lib/auth/passwords.ts) is CPU-bound:
 * Lambda gives CPU in proportion to memory, so 1,024 MB hashes about twice as fast as 512 MB for about the
 * same GB-seconds, i.e. the same cost per sign-in.
 */
const loginFunction = { memoryMb: 1024 } as const

/**
 * The Lambda timeout of a route without `timeoutSeconds`. The AWS clients' retries and per-attempt timeouts
 * (functions/lib/aws-config.ts) keep one failing call well within it.
 */
export const defaultTimeoutSeconds = 10

/**
 * The exports' functions. Exports stream their rows (memory stays bounded, functions/lib/exports.ts) but build
 * the file on the CPU: 1,769 MB is one full vCPU. API Gateway stops waiting at 30 s, so the function stops just
 * before (the export times of the bench report show the headroom).
 */
const exportFunction = { memoryMb: 1769, timeoutSeconds: 29 } as const

/**
 * The functions that write workbooks. exceljs makes several short-lived objects per cell: a young generation of
 * 64 MB semi-spaces (V8's default is 16 MB; the function has memory to spare) collects them in fewer, cheaper
 * scavenges. The bench report shows the time it saves and the memory it costs.
 */
const workbookFunction = { ...exportFunction, v8Flags: ['--max-semi-space-size=64'] } as const

/**
 * The NODE_OPTIONS a route's function runs with (its V8 flags), or none. Any flag there costs its cold start
 * about 10–25 ms on this machine (Node's own code cache is made for its default flags): the bench measures the
 * cold import with it.
 */
export function nodeOptionsOf(route: Pick<ApiRoute, 'v8Flags'>): Record<string, string> {
  return route.v8Flags?.length ? { NODE_OPTIONS: route.v8Flags.join(' ') } : {}
}

/**
 * What every admin route does in the content table before its handler runs (functions/lib/admin-http.ts):
 * reads the caller's session (ADMIN), and records a refused token or role in the audit trail (AUDIT), at most
 * a few per actor or client network (a RATE_LIMIT window, functions/lib/audit-http.ts).
 */
const adminSession = {
  ADMIN: ['GetItem'],
  AUDIT: ['PutItem'],
  RATE_LIMIT: ['UpdateItem', 'GetItem'],
} as const satisfies TableAccess<'content'>

/**
 * The per-user export window every export route counts against before it reads (functions/lib/exports.ts
 * `countExport`: 10 exports per 10 minutes per user, the three routes together).
 */
const exportLimit = {
  'RATE_LIMIT#EXPORT': ['UpdateItem', 'GetItem'],
} as const satisfies TableAccess<'content'>

/** What the exports of whole kinds read: every lead and content kind, newest first (and they audit). */
const everyKindExportAccess = {
  leads: { QUOTE: ['Query'], CONTACT: ['Query'], NEWSLETTER: ['Query'] },
  content: { ...exportLimit, ...adminSession, JOB: ['Query'], RESOURCE: ['Query'] },
  exports: true,
  signingSecret: true,
} as const satisfies ApiRoute['access']

/**
 * What the contact and quote forms share besides their own partitions: the per-client limit, the idempotency
 * record of a form fill, and the staff notification (with its per-minute count).
 */
/**
 * The consent ledger (functions/lib/db/consent-ledger.ts), as every public form writes it: a new entry only
 * (a Put whose condition is that nothing is there), never a read or an update, and the HMAC key its entries
 * are keyed with.
 */
const consentLedgerAccess = {
  content: { CONSENT: ['PutItem'] },
  consentKey: true,
} as const satisfies Pick<ApiRoute['access'], 'content' | 'consentKey'>

/**
 * What every choices route does in the content table (functions/lib/privacy/choices-http.ts): counts the
 * client's requests (RATE_LIMIT) and records each refused attempt in the activity log (AUDIT). The signed
 * links and codes need the consent key.
 */
const privacyRouteAccess = {
  RATE_LIMIT: ['UpdateItem', 'GetItem'],
  AUDIT: ['PutItem'],
} as const satisfies TableAccess<'content'>

/** A withdrawal (the choices page, a message's one-click link): the ledger's entries and the person's leads. */
const withdrawalRouteAccess = {
  leads: withdrawalAccess,
  rateLimited: true,
  consentKey: true,
} as const satisfies ApiRoute['access']
/** The one-click link withdraws the newsletter only, which the quote form never asks for: no quote changes. */
const { QUOTE: _quoteWithdrawal, ...newsletterWithdrawalAccess } = withdrawalAccess

const leadFormAccess = {
  content: {
    RATE_LIMIT: ['UpdateItem', 'GetItem'],
    IDEMPOTENCY: ['PutItem', 'GetItem'],
    NOTIFY: ['UpdateItem'],
    // The assignment on arrival reads the sales settings and moves the round robin's pointer: nothing else of
    // the settings, and nothing of the staff records (functions/lib/db/sales-settings.ts).
    SETTINGS: ['BatchGetItem'],
    ROTATION: ['BatchGetItem', 'UpdateItem'],
    ...consentLedgerAccess.content,
  },
  rateLimited: true,
  notify: true,
  consentKey: true,
} as const satisfies Pick<ApiRoute['access'], 'content' | 'rateLimited' | 'notify' | 'consentKey'>

/**
 * What every change of one lead does (functions/lib/db/lead-changes.ts and the routes built on it): finds it
 * by its id entry, updates its item under a condition on its version, and rewrites its index entries (which
 * carry what the inbox shows). A route adds what its change moves besides.
 */
const leadChange = {
  'INBOX#ID': ['GetItem', 'PutItem'],
  QUOTE: ['GetItem', 'UpdateItem'],
  CONTACT: ['GetItem', 'UpdateItem'],
  ...onPartitions('leads', inboxIndexPartitions, ['PutItem']),
  // Every change moves the lead's retention entry (keyed by its last change, inbox.ts).
  'INBOX#RETAIN': ['PutItem', 'DeleteItem'],
} as const satisfies TableAccess<'leads'>

/**
 * What storing a new lead moves besides its item and index entries (functions/lib/db/leads.ts storeLead): its
 * kind's counter, its response clock (waiting.ts) and response-time figure (response-figures.ts), and its
 * reference, claimed if absent (lead-references.ts), with its inbox entry.
 */
const newLeadFollowUps = {
  COUNTER: ['UpdateItem'],
  'INBOX#WAITING': ['PutItem'],
  FIGURES: ['PutItem'],
  REFERENCE: ['PutItem'],
  'INBOX#REF': ['PutItem'],
} as const satisfies TableAccess<'leads'>

/**
 * The access of a route by which a lead worker changes one lead: the admin session, what every change of a
 * lead does (leadChange) and what this route's change moves besides (`moves`, which may widen leadChange's
 * actions on a partition), with `more` for whatever else the route needs (it may replace the content access).
 */
function leadWorkerChange<const More extends Omit<ApiRoute['access'], 'leads'> = Record<never, never>>(
  moves: TableAccess<'leads'>,
  more?: More,
) {
  return { content: adminSession, leads: { ...leadChange, ...moves }, signingSecret: true, ...more } as const
}

/** The index entries a new lead of each kind gets (functions/lib/db/inbox.ts): all but assignee and follow-up. */
const newQuoteEntries = onPartitions(
  'leads',
  [
    'INBOX',
    'INBOX#ID',
    'INBOX#STATUS',
    'INBOX#SEGMENT',
    'INBOX#ASSIGNEE',
    'INBOX#PHONE',
    'INBOX#PIN',
    'INBOX#NAME',
    'INBOX#SOURCE',
    'INBOX#RETAIN',
  ],
  ['PutItem'],
)
const newContactEntries = onPartitions(
  'leads',
  [
    'INBOX',
    'INBOX#ID',
    'INBOX#STATUS',
    'INBOX#ASSIGNEE',
    'INBOX#EMAIL',
    'INBOX#PHONE',
    'INBOX#NAME',
    'INBOX#SOURCE',
    'INBOX#RETAIN',
  ],
  ['PutItem'],
)

/** The index partitions a contact's entries may be in (no segment or PIN code: quotes only). */
const contactIndexPartitions = inboxIndexPartitions.filter(
  (partition) => partition !== 'INBOX#SEGMENT' && partition !== 'INBOX#PIN',
)

export const routes = [
  {
    id: 'create-contact',
    method: 'POST',
    path: '/api/contacts',
    throttle: leadFormThrottle,
    handler: 'contacts/create-contact',
    auth: 'public',
    access: {
      // The phone and e-mail entries are read too: the person's open lead keeps its assignee (person-leads.ts).
      leads: {
        CONTACT: ['PutItem'],
        ...newContactEntries,
        ...onPartitions('leads', ['INBOX#EMAIL', 'INBOX#PHONE'], ['PutItem', 'Query']),
        // Its counter, response clock (not a job application's), figure and the visitor's reference.
        ...newLeadFollowUps,
        // A ticked newsletter box: the pending signup, with its confirmation e-mail (newsletter-signup.ts).
        NEWSLETTER: ['PutItem', 'GetItem'],
      },
      ...leadFormAccess,
      visitorMail: true,
    },
  },
  {
    id: 'create-quote',
    method: 'POST',
    path: '/api/quotes',
    throttle: leadFormThrottle,
    handler: 'quotes/create-quote',
    auth: 'public',
    access: {
      // The phone entries are read too: the person's open lead keeps its assignee (person-leads.ts).
      leads: {
        QUOTE: ['PutItem'],
        ...newQuoteEntries,
        'INBOX#PHONE': ['PutItem', 'Query'],
        ...newLeadFollowUps,
      },
      ...leadFormAccess,
    },
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
      content: { RATE_LIMIT: ['UpdateItem', 'GetItem'], ...consentLedgerAccess.content },
      rateLimited: true,
      consentKey: true,
      // The confirmation e-mail of the double opt-in (functions/lib/newsletter-signup.ts).
      visitorMail: true,
    },
  },
  {
    // The confirmation page's button (/newsletter/confirm): the signed link's token confirms the signup.
    id: 'confirm-newsletter',
    method: 'POST',
    path: '/api/newsletter/confirm',
    throttle: leadFormThrottle,
    handler: 'newsletter/confirm',
    auth: 'public',
    access: {
      leads: { NEWSLETTER: ['GetItem', 'UpdateItem'] },
      // AUDIT: each refused confirmation in the activity log, as the choices routes' refusals.
      content: { RATE_LIMIT: ['UpdateItem', 'GetItem'], ...consentLedgerAccess.content, AUDIT: ['PutItem'] },
      rateLimited: true,
      consentKey: true,
    },
  },
  // The choices page (/privacy/choices) and the one-click link of every message to a visitor: README, Privacy.
  {
    id: 'privacy-codes',
    method: 'POST',
    path: '/api/privacy/codes',
    throttle: privacyThrottle,
    handler: 'privacy/ask-code',
    auth: 'public',
    access: {
      content: { ...privacyRouteAccess, CODE: ['PutItem'] },
      rateLimited: true,
      // A mobile number gets a code by SMS or WhatsApp where the stack sets a sender; else the owners are
      // told to call it back.
      notify: true,
      visitorMail: true,
      phoneCodes: true,
      consentKey: true,
    },
  },
  {
    id: 'privacy-open-choices',
    method: 'POST',
    path: '/api/privacy/choices/open',
    throttle: privacyThrottle,
    handler: 'privacy/open-choices',
    auth: 'public',
    access: {
      content: { ...privacyRouteAccess, CODE: ['GetItem', 'UpdateItem', 'DeleteItem'], CONSENT: ['Query'] },
      rateLimited: true,
      consentKey: true,
    },
  },
  {
    id: 'privacy-choices',
    method: 'POST',
    path: '/api/privacy/choices',
    throttle: privacyThrottle,
    handler: 'privacy/show-choices',
    auth: 'public',
    access: { content: { ...privacyRouteAccess, CONSENT: ['Query'] }, rateLimited: true, consentKey: true },
  },
  {
    id: 'privacy-withdraw',
    method: 'POST',
    path: '/api/privacy/choices/withdraw',
    throttle: privacyThrottle,
    handler: 'privacy/withdraw',
    auth: 'public',
    access: { ...withdrawalRouteAccess, content: { ...privacyRouteAccess, CONSENT: ['PutItem', 'Query'] } },
  },
  {
    id: 'privacy-one-click',
    method: 'POST',
    path: '/api/privacy/one-click',
    throttle: privacyThrottle,
    handler: 'privacy/one-click',
    auth: 'public',
    access: {
      ...withdrawalRouteAccess,
      leads: newsletterWithdrawalAccess,
      content: { ...privacyRouteAccess, CONSENT: ['PutItem'] },
    },
  },
  {
    // The keep page's button (/privacy/keep): the retention sweep's ask answered, the lead touched
    // (functions/lib/db/retention-keep.ts: its last change, its timeline and its index entries).
    id: 'privacy-keep',
    method: 'POST',
    path: '/api/privacy/keep',
    throttle: privacyThrottle,
    handler: 'privacy/keep',
    auth: 'public',
    access: {
      // Only contact messages hold an address to ask (the quote form asks for none): a contact's entries.
      leads: {
        'INBOX#ID': ['GetItem', 'PutItem'],
        CONTACT: ['UpdateItem'],
        ...onPartitions('leads', contactIndexPartitions, ['PutItem']),
        // The touch moves its retention entry from `asked#…` to `untouched#<now>`.
        'INBOX#RETAIN': ['PutItem', 'DeleteItem'],
      },
      content: privacyRouteAccess,
      rateLimited: true,
      consentKey: true,
    },
  },
  {
    id: 'admin-login',
    method: 'POST',
    path: '/api/admin/login',
    throttle: loginThrottle,
    ...loginFunction,
    handler: 'admin/login',
    auth: 'public',
    access: {
      content: {
        ADMIN: ['GetItem'],
        MFA_SECRET: ['GetItem', 'UpdateItem'],
        MFA_STEP: ['UpdateItem'],
        'LOGIN#USER': ['GetItem', 'UpdateItem', 'DeleteItem'],
        'LOGIN#USERNET': ['GetItem', 'UpdateItem', 'DeleteItem'],
        'LOGIN#NET': ['GetItem', 'UpdateItem'],
        'LOGIN#MFA': ['GetItem', 'UpdateItem'],
        AUDIT: ['PutItem'],
      },
      signingSecret: true,
      // An account's MFA step locked by wrong codes is told to the owners on the leads' topic.
      notify: true,
      mfaPolicy: true,
    },
  },
  {
    id: 'admin-logout',
    method: 'POST',
    path: '/api/admin/logout',
    handler: 'admin/logout',
    auth: 'admin',
    roles: everyRole,
    access: { content: { ...adminSession, ADMIN: ['GetItem', 'UpdateItem'] }, signingSecret: true },
  },
  {
    id: 'admin-list-contacts',
    method: 'GET',
    path: '/api/admin/contacts',
    handler: 'admin/list-contacts',
    auth: 'admin',
    roles: leadReaders,
    access: { content: adminSession, leads: { CONTACT: ['Query'] }, signingSecret: true },
  },
  {
    id: 'admin-list-quotes',
    method: 'GET',
    path: '/api/admin/quotes',
    handler: 'admin/list-quotes',
    auth: 'admin',
    roles: leadReaders,
    access: { content: adminSession, leads: { QUOTE: ['Query'] }, signingSecret: true },
  },
  {
    id: 'admin-list-newsletter',
    method: 'GET',
    path: '/api/admin/newsletter',
    handler: 'admin/list-newsletter',
    auth: 'admin',
    roles: leadReaders,
    access: { content: adminSession, leads: { NEWSLETTER: ['Query'] }, signingSecret: true },
  },
  {
    id: 'admin-analytics',
    method: 'GET',
    path: '/api/admin/analytics',
    handler: 'admin/analytics',
    auth: 'admin',
    roles: everyRole,
    access: {
      leads: { COUNTER: ['Query'] },
      content: { ...adminSession, COUNTER: ['Query'] },
      signingSecret: true,
    },
  },
  {
    id: 'admin-list-jobs',
    method: 'GET',
    path: '/api/admin/jobs',
    handler: 'admin/list-jobs',
    auth: 'admin',
    roles: everyRole,
    access: { content: { ...adminSession, JOB: ['Query'] }, signingSecret: true },
  },
  {
    id: 'admin-create-job',
    method: 'POST',
    path: '/api/admin/jobs',
    handler: 'admin/create-job',
    auth: 'admin',
    roles: contentEditors,
    access: {
      content: { ...adminSession, JOB: ['PutItem'], COUNTER: ['UpdateItem'] },
      signingSecret: true,
    },
  },
  {
    id: 'admin-update-job',
    method: 'PUT',
    path: '/api/admin/jobs/{id}',
    handler: 'admin/update-job',
    auth: 'admin',
    roles: contentEditors,
    access: {
      content: { ...adminSession, JOB: ['UpdateItem'] },
      signingSecret: true,
    },
  },
  {
    id: 'admin-delete-job',
    method: 'DELETE',
    path: '/api/admin/jobs/{id}',
    handler: 'admin/delete-job',
    auth: 'admin',
    roles: contentEditors,
    access: {
      content: { ...adminSession, JOB: ['DeleteItem'], COUNTER: ['UpdateItem'] },
      signingSecret: true,
    },
  },
  {
    id: 'admin-list-resources',
    method: 'GET',
    path: '/api/admin/resources',
    handler: 'admin/list-resources',
    auth: 'admin',
    roles: everyRole,
    access: { content: { ...adminSession, RESOURCE: ['Query'] }, signingSecret: true },
  },
  {
    id: 'admin-create-resource',
    method: 'POST',
    path: '/api/admin/resources',
    handler: 'admin/create-resource',
    auth: 'admin',
    roles: contentEditors,
    // Reads an uploaded file's first bytes to check its type; deletes it when they do not match.
    access: {
      content: { ...adminSession, RESOURCE: ['PutItem'], COUNTER: ['UpdateItem'] },
      uploads: ['get', 'delete'],
      signingSecret: true,
    },
  },
  {
    id: 'admin-update-resource',
    method: 'PUT',
    path: '/api/admin/resources/{id}',
    handler: 'admin/update-resource',
    auth: 'admin',
    roles: contentEditors,
    // Checks a newly named upload's first bytes as on create; deletes it when they do not match.
    access: {
      content: { ...adminSession, RESOURCE: ['UpdateItem'] },
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
    roles: contentEditors,
    // Deletes the resource's uploaded file and its cached copy on CloudFront.
    access: {
      content: { ...adminSession, RESOURCE: ['DeleteItem'], COUNTER: ['UpdateItem'] },
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
    roles: leadWorkers,
    access: everyKindExportAccess,
    ...exportFunction,
  },
  {
    id: 'admin-export-all',
    method: 'GET',
    path: '/api/admin/export-all/xlsx',
    handler: 'admin/export-all',
    auth: 'admin',
    roles: ownerOnly,
    access: everyKindExportAccess,
    ...workbookFunction,
  },
  {
    id: 'admin-export-leads',
    method: 'GET',
    path: '/api/admin/export-leads/{format}',
    handler: 'admin/export-leads',
    auth: 'admin',
    roles: leadWorkers,
    // The view's index entries, as the inbox reads them: they hold every column (the latest note too).
    access: {
      content: { ...exportLimit, ...adminSession },
      leads: onPartitions('leads', inboxListPartitions, ['Query']),
      exports: true,
      signingSecret: true,
    },
    ...workbookFunction,
  },
  {
    id: 'admin-upload',
    method: 'POST',
    path: '/api/admin/upload',
    handler: 'admin/upload',
    auth: 'admin',
    roles: contentEditors,
    access: { uploads: ['put'], content: adminSession, signingSecret: true },
  },
  {
    id: 'admin-upload-url',
    method: 'POST',
    path: '/api/admin/upload-url',
    handler: 'admin/upload-url',
    auth: 'admin',
    roles: contentEditors,
    access: { uploads: ['put'], content: adminSession, signingSecret: true },
  },
  {
    id: 'admin-activity',
    method: 'GET',
    path: '/api/admin/activity',
    handler: 'admin/activity',
    auth: 'admin',
    roles: ownerOnly,
    access: { content: { ...adminSession, AUDIT: ['PutItem', 'Query'] }, signingSecret: true },
  },
  {
    id: 'admin-breach-report',
    method: 'POST',
    path: '/api/admin/breach-report',
    handler: 'admin/breach-report',
    auth: 'admin',
    roles: ownerOnly,
    // The breach drill: the activity log's window by key range, then every lead partition (as an export reads
    // them), given an export's time to do it.
    access: {
      content: { ...adminSession, AUDIT: ['PutItem', 'Query'] },
      leads: { QUOTE: ['Query'], CONTACT: ['Query'], NEWSLETTER: ['Query'] },
      signingSecret: true,
    },
    timeoutSeconds: exportFunction.timeoutSeconds,
  },
  {
    id: 'admin-list-leads',
    method: 'GET',
    path: '/api/admin/leads',
    handler: 'admin/list-leads',
    auth: 'admin',
    roles: leadReaders,
    access: {
      content: adminSession,
      leads: {
        COUNTER: ['Query'],
        ...onPartitions('leads', inboxListPartitions, ['Query']),
      },
      signingSecret: true,
    },
  },
  {
    id: 'admin-create-lead',
    method: 'POST',
    path: '/api/admin/leads',
    handler: 'admin/create-lead',
    auth: 'admin',
    roles: leadWorkers,
    // A lead added by hand is stored like a form's (leads.ts storeLead): its item, counters and entries; one
    // nobody has called yet goes through the assignment rules (with the person's other leads) and the clock.
    access: {
      content: {
        ...adminSession,
        SETTINGS: ['BatchGetItem'],
        ROTATION: ['BatchGetItem', 'UpdateItem'],
      },
      leads: {
        QUOTE: ['PutItem'],
        CONTACT: ['PutItem'],
        ...newQuoteEntries,
        ...newContactEntries,
        ...onPartitions('leads', ['INBOX#EMAIL', 'INBOX#PHONE'], ['PutItem', 'Query']),
        // Its counter, response clock, figure and reference: as the forms'.
        ...newLeadFollowUps,
      },
      signingSecret: true,
    },
  },
  {
    id: 'admin-lead-stats',
    method: 'GET',
    path: '/api/admin/lead-stats',
    handler: 'admin/lead-stats',
    auth: 'admin',
    roles: leadReaders,
    access: {
      // The retention periods (the settings item, read with the round robins' pointers as one batch).
      content: { ...adminSession, SETTINGS: ['BatchGetItem'], ROTATION: ['BatchGetItem'] },
      leads: { COUNTER: ['Query'], 'INBOX#FOLLOWUP': ['Query'], 'INBOX#RETAIN': ['Query'] },
      signingSecret: true,
    },
  },
  {
    // The dashboard's response-time tile and the report page: the settings' hours and holidays, the figures of
    // the weeks shown (one Query of a key range) and the count of leads waiting over 24 hours.
    id: 'admin-response-figures',
    method: 'GET',
    path: '/api/admin/response-figures',
    handler: 'admin/response-figures',
    auth: 'admin',
    roles: leadWorkers,
    access: {
      content: { ...adminSession, SETTINGS: ['BatchGetItem'], ROTATION: ['BatchGetItem'] },
      leads: { FIGURES: ['Query'], 'INBOX#WAITING': ['Query'] },
      signingSecret: true,
    },
  },
  {
    id: 'admin-get-lead',
    method: 'GET',
    path: '/api/admin/leads/{id}',
    handler: 'admin/get-lead',
    auth: 'admin',
    roles: leadReaders,
    access: {
      content: adminSession,
      leads: {
        'INBOX#ID': ['GetItem'],
        QUOTE: ['GetItem'],
        CONTACT: ['GetItem'],
        TIMELINE: ['Query'],
        // The same person's other leads (person-leads.ts).
        'INBOX#PHONE': ['Query'],
        'INBOX#EMAIL': ['Query'],
      },
      signingSecret: true,
    },
  },
  {
    id: 'admin-update-lead',
    method: 'PATCH',
    path: '/api/admin/leads/{id}',
    handler: 'admin/update-lead',
    auth: 'admin',
    roles: leadWorkers,
    // The lead and its history change under a condition on its version; then its index entries follow.
    access: leadWorkerChange({
      COUNTER: ['UpdateItem'],
      // The entries whose key holds what a change moves: the status, the assignee, the follow-up date.
      ...onPartitions(
        'leads',
        ['INBOX#STATUS', 'INBOX#ASSIGNEE', 'INBOX#FOLLOWUP'],
        ['PutItem', 'DeleteItem'],
      ),
      // The response-time figures follow a change of status or assignee (response-figures.ts).
      FIGURES: ['UpdateItem'],
      // A move out of `new` ends the response clock (waiting.ts).
      'INBOX#WAITING': ['DeleteItem'],
    }),
  },
  {
    id: 'admin-add-lead-note',
    method: 'POST',
    path: '/api/admin/leads/{id}/notes',
    handler: 'admin/add-lead-note',
    auth: 'admin',
    roles: leadWorkers,
    // The note joins the timeline and becomes the lead's latest, on its item and then on its index entries
    // (the view's export reads it there).
    access: {
      content: adminSession,
      leads: {
        'INBOX#ID': ['GetItem', 'PutItem'],
        QUOTE: ['UpdateItem'],
        CONTACT: ['UpdateItem'],
        TIMELINE: ['PutItem'],
        ...onPartitions('leads', inboxIndexPartitions, ['PutItem']),
      },
      signingSecret: true,
    },
  },
  {
    id: 'admin-add-lead-attempt',
    method: 'POST',
    path: '/api/admin/leads/{id}/attempts',
    handler: 'admin/add-lead-attempt',
    auth: 'admin',
    roles: leadWorkers,
    // One conditional update of the lead: the attempt joins its history, the first stamps firstContactAt,
    // the status and follow-up may move; then the counters and its index entries follow.
    access: leadWorkerChange(
      {
        COUNTER: ['UpdateItem'],
        // The entries whose key holds what an attempt moves: the status and the follow-up date.
        ...onPartitions('leads', ['INBOX#STATUS', 'INBOX#FOLLOWUP'], ['PutItem', 'DeleteItem']),
        // The first attempt ends the response clock (waiting.ts) and is its response-time figure.
        'INBOX#WAITING': ['DeleteItem'],
        FIGURES: ['UpdateItem'],
      },
      // The templates, to refuse an offer to a person without WhatsApp consent.
      { content: { ...adminSession, SETTINGS: ['GetItem'] } },
    ),
  },
  {
    id: 'admin-merge-leads',
    method: 'POST',
    path: '/api/admin/leads/{id}/merge',
    handler: 'admin/merge-leads',
    auth: 'admin',
    roles: leadWorkers,
    // Two conditional updates (the other lead claimed, then the survivor written; the claim released when
    // that fails), the other's notes copied, then both leads' counts and index entries follow.
    access: leadWorkerChange({
      TIMELINE: ['Query', 'PutItem'],
      COUNTER: ['UpdateItem'],
      // The survivor's entries are rewritten; the merged lead's go, but for its entry by id.
      ...onPartitions('leads', inboxIndexPartitions, ['PutItem', 'DeleteItem']),
      // The merged lead leaves the response clock; so does the survivor it answers.
      'INBOX#WAITING': ['DeleteItem'],
    }),
  },
  {
    id: 'admin-book-visit',
    method: 'POST',
    path: '/api/admin/leads/{id}/visits',
    handler: 'admin/book-visit',
    auth: 'admin',
    roles: leadWorkers,
    // One conditional update of the lead: the visit joins its visits, its event the history, and the lead
    // moves to Site visit; then the counters, its index entries and the visit's entry follow. The engineer's
    // role is read (ADMIN), and the engineer is told.
    access: leadWorkerChange(
      { COUNTER: ['UpdateItem'], 'INBOX#STATUS': ['PutItem', 'DeleteItem'], 'INBOX#VISIT': ['PutItem'] },
      { notify: true },
    ),
  },
  {
    id: 'admin-change-visit',
    method: 'PATCH',
    path: '/api/admin/leads/{id}/visits/{visitId}',
    handler: 'admin/change-visit',
    auth: 'admin',
    roles: leadWorkers,
    // Reschedules or cancels a visit in one conditional update of the lead; the visit's entry moves or goes.
    access: leadWorkerChange({ 'INBOX#VISIT': ['PutItem', 'DeleteItem'] }, { notify: true }),
  },
  {
    // A path of its own (not `{visitId}.ics`): API Gateway's path parameters are whole segments.
    id: 'admin-visit-calendar',
    method: 'GET',
    path: '/api/admin/leads/{id}/visits/{visitId}/calendar.ics',
    handler: 'admin/visit-calendar',
    auth: 'admin',
    roles: leadWorkers,
    access: {
      content: adminSession,
      leads: { 'INBOX#ID': ['GetItem'], QUOTE: ['GetItem'], CONTACT: ['GetItem'] },
      signingSecret: true,
    },
  },
  {
    id: 'admin-list-visits',
    method: 'GET',
    path: '/api/admin/visits',
    handler: 'admin/list-visits',
    auth: 'admin',
    roles: leadWorkers,
    access: { content: adminSession, leads: { 'INBOX#VISIT': ['Query'] }, signingSecret: true },
  },
  {
    id: 'admin-list-users',
    method: 'GET',
    path: '/api/admin/users',
    handler: 'admin/list-users',
    auth: 'admin',
    // Sales reads it too: the colleagues a lead can be assigned to.
    roles: leadWorkers,
    access: { content: { ...adminSession, ADMIN: ['GetItem', 'Query'] }, signingSecret: true },
  },
  {
    id: 'admin-mfa-enrol',
    method: 'POST',
    path: '/api/admin/mfa/enrol',
    handler: 'admin/mfa-enrol',
    auth: 'admin',
    roles: everyRole,
    acceptsEnrolmentToken: true,
    access: { content: { ...adminSession, MFA_SECRET: ['GetItem', 'UpdateItem'] }, signingSecret: true },
  },
  {
    id: 'admin-mfa-confirm',
    method: 'POST',
    path: '/api/admin/mfa/confirm',
    handler: 'admin/mfa-confirm',
    auth: 'admin',
    roles: everyRole,
    acceptsEnrolmentToken: true,
    access: {
      content: {
        ...adminSession,
        ADMIN: ['GetItem', 'UpdateItem'],
        MFA_SECRET: ['GetItem', 'UpdateItem'],
        MFA_STEP: ['UpdateItem'],
      },
      signingSecret: true,
    },
  },
  {
    // The caller's own password: the one-time password replaced at first sign-in, or a change from a full
    // session with the current password. scrypt on both sides (checking the old, hashing the new).
    id: 'admin-change-password',
    method: 'POST',
    path: '/api/admin/password',
    handler: 'admin/change-password',
    auth: 'admin',
    roles: everyRole,
    acceptsPasswordChangeToken: true,
    ...loginFunction,
    access: {
      content: { ...adminSession, ADMIN: ['GetItem', 'UpdateItem'] },
      signingSecret: true,
      mfaPolicy: true,
    },
  },
  {
    id: 'admin-unlock-user',
    method: 'POST',
    path: '/api/admin/users/{username}/unlock',
    handler: 'admin/unlock-user',
    auth: 'admin',
    roles: ownerOnly,
    access: {
      content: {
        ...adminSession,
        'LOGIN#USER': ['DeleteItem'],
        'LOGIN#USERNET': ['Query', 'DeleteItem'],
        'LOGIN#MFA': ['DeleteItem'],
      },
      signingSecret: true,
    },
  },
  {
    id: 'admin-get-settings',
    method: 'GET',
    path: '/api/admin/settings',
    handler: 'admin/get-settings',
    auth: 'admin',
    roles: ownerOnly,
    access: {
      content: { ...adminSession, SETTINGS: ['BatchGetItem'], ROTATION: ['BatchGetItem'] },
      signingSecret: true,
    },
  },
  {
    id: 'admin-update-settings',
    method: 'PUT',
    path: '/api/admin/settings',
    handler: 'admin/update-settings',
    auth: 'admin',
    roles: ownerOnly,
    access: {
      content: {
        ...adminSession,
        SETTINGS: ['UpdateItem', 'BatchGetItem'],
        ROTATION: ['BatchGetItem'],
        ADMIN: ['GetItem', 'Query'],
      },
      signingSecret: true,
    },
  },
  {
    // An owner adds a staff member: the password is generated and hashed here (scrypt, as the sign-in's).
    id: 'admin-create-user',
    method: 'POST',
    path: '/api/admin/users',
    handler: 'admin/create-user',
    auth: 'admin',
    roles: ownerOnly,
    ...loginFunction,
    access: {
      content: { ...adminSession, ADMIN: ['GetItem', 'UpdateItem'], SETTINGS: ['UpdateItem'] },
      signingSecret: true,
      alertSubscriptions: true,
    },
  },
  {
    id: 'admin-update-user',
    method: 'PATCH',
    path: '/api/admin/users/{username}',
    handler: 'admin/update-user',
    auth: 'admin',
    roles: ownerOnly,
    access: {
      content: { ...adminSession, ADMIN: ['GetItem', 'UpdateItem'], SETTINGS: ['UpdateItem'] },
      signingSecret: true,
      alertSubscriptions: true,
    },
  },
  {
    id: 'admin-delete-user',
    method: 'DELETE',
    path: '/api/admin/users/{username}',
    handler: 'admin/delete-user',
    auth: 'admin',
    roles: ownerOnly,
    access: {
      // The user's Web Push devices go with them.
      content: {
        ...adminSession,
        ADMIN: ['GetItem', 'DeleteItem'],
        SETTINGS: ['UpdateItem'],
        PUSH: ['Query', 'DeleteItem'],
      },
      signingSecret: true,
      alertSubscriptions: true,
    },
  },
  {
    // A staff member's own away: the frame shows it, and they mark themselves away or back.
    id: 'admin-get-away',
    method: 'GET',
    path: '/api/admin/away',
    handler: 'admin/get-away',
    auth: 'admin',
    roles: leadWorkers,
    access: { content: { ...adminSession, SETTINGS: ['GetItem'] }, signingSecret: true },
  },
  {
    // The WhatsApp messages a tap types in (owners edit them with the settings): read by everyone who reaches
    // leads, only the settings item's `templates`.
    id: 'admin-message-templates',
    method: 'GET',
    path: '/api/admin/message-templates',
    handler: 'admin/message-templates',
    auth: 'admin',
    roles: leadWorkers,
    access: { content: { ...adminSession, SETTINGS: ['GetItem'] }, signingSecret: true },
  },
  {
    id: 'admin-set-away',
    method: 'PUT',
    path: '/api/admin/away',
    handler: 'admin/set-away',
    auth: 'admin',
    roles: leadWorkers,
    access: { content: { ...adminSession, SETTINGS: ['UpdateItem'] }, signingSecret: true },
  },
  {
    // Web Push on a staff member's own devices: the key to subscribe with, opt in, opt out.
    id: 'admin-push-status',
    method: 'GET',
    path: '/api/admin/push-subscriptions',
    handler: 'admin/push-status',
    auth: 'admin',
    roles: everyRole,
    access: { content: { ...adminSession, PUSH: ['Query'] }, signingSecret: true, pushKeys: true },
  },
  {
    id: 'admin-add-push-subscription',
    method: 'POST',
    path: '/api/admin/push-subscriptions',
    handler: 'admin/add-push-subscription',
    auth: 'admin',
    roles: everyRole,
    access: { content: { ...adminSession, PUSH: ['PutItem', 'Query', 'DeleteItem'] }, signingSecret: true },
  },
  {
    id: 'admin-delete-push-subscription',
    method: 'DELETE',
    path: '/api/admin/push-subscriptions',
    handler: 'admin/delete-push-subscription',
    auth: 'admin',
    roles: everyRole,
    access: { content: { ...adminSession, PUSH: ['DeleteItem'] }, signingSecret: true },
  },
  // The rights desk (functions/core/privacy-requests.ts): a person proves their address with a one-time code
  // and asks; each request is a case the owners answer within 90 days.
  {
    id: 'privacy-request-code',
    method: 'POST',
    path: '/api/privacy/request-codes',
    throttle: privacyThrottle,
    handler: 'privacy/request-code',
    auth: 'public',
    access: {
      // The code (one-time-codes.ts), its per-person and per-network windows, and the refusals' audit.
      content: { CODE: ['PutItem'], RATE_LIMIT: ['UpdateItem', 'GetItem'], AUDIT: ['PutItem'] },
      consentKey: true,
      visitorMail: true,
    },
  },
  {
    id: 'privacy-create-request',
    method: 'POST',
    path: '/api/privacy/requests',
    throttle: privacyThrottle,
    handler: 'privacy/create-request',
    auth: 'public',
    access: {
      // The code redeemed (read, a wrong try counted, deleted once right), the case stored, the audit.
      content: { CODE: ['GetItem', 'UpdateItem', 'DeleteItem'], PRIVACY: ['PutItem'], AUDIT: ['PutItem'] },
      consentKey: true,
    },
  },
  {
    id: 'admin-list-privacy-cases',
    method: 'GET',
    path: '/api/admin/privacy/cases',
    handler: 'admin/privacy-cases',
    auth: 'admin',
    roles: ownerOnly,
    access: { content: { ...adminSession, PRIVACY: ['Query'] }, signingSecret: true },
  },
  {
    id: 'admin-open-privacy-case',
    method: 'POST',
    path: '/api/admin/privacy/cases',
    handler: 'admin/open-privacy-case',
    auth: 'admin',
    roles: ownerOnly,
    access: { content: { ...adminSession, PRIVACY: ['PutItem'] }, signingSecret: true },
  },
  {
    id: 'admin-get-privacy-case',
    method: 'GET',
    path: '/api/admin/privacy/cases/{id}',
    handler: 'admin/get-privacy-case',
    auth: 'admin',
    roles: ownerOnly,
    access: {
      // The summary: the person's leads (person-leads.ts), their signup and their consent ledger entries.
      leads: { 'INBOX#PHONE': ['Query'], 'INBOX#EMAIL': ['Query'], NEWSLETTER: ['GetItem'] },
      content: { ...adminSession, PRIVACY: ['GetItem'], CONSENT: ['Query'] },
      signingSecret: true,
      consentKey: true,
    },
  },
  {
    id: 'admin-reply-privacy-case',
    method: 'POST',
    path: '/api/admin/privacy/cases/{id}/reply',
    handler: 'admin/reply-privacy-case',
    auth: 'admin',
    roles: ownerOnly,
    access: {
      content: { ...adminSession, PRIVACY: ['GetItem', 'UpdateItem'] },
      signingSecret: true,
      visitorMail: true,
    },
  },
  {
    id: 'admin-erase-privacy-case',
    method: 'POST',
    path: '/api/admin/privacy/cases/{id}/erase',
    handler: 'admin/erase-privacy-case',
    auth: 'admin',
    roles: ownerOnly,
    // The erasure reads every lead, then rebuilds the totals and the inbox (erase-person's work).
    timeoutSeconds: 29,
    access: {
      leads: {
        // Every lead read and those naming the person deleted (db/erasure.ts), with their notes and waiting
        // entries; the person's open leads found first (person-leads.ts).
        QUOTE: ['Query', 'DeleteItem'],
        CONTACT: ['Query', 'DeleteItem'],
        NEWSLETTER: ['Query', 'DeleteItem'],
        TIMELINE: ['Query', 'DeleteItem'],
        'INBOX#WAITING': ['DeleteItem'],
        // The rebuild (db/reindex.ts) rewrites the index entries and figures and drops what is stale.
        ...onPartitions(
          'leads',
          ['INBOX#ID', ...inboxIndexPartitions, 'FIGURES', 'INBOX#VISIT'],
          ['Query', 'PutItem', 'DeleteItem'],
        ),
        COUNTER: ['Query', 'PutItem'],
      },
      content: { ...adminSession, PRIVACY: ['GetItem', 'UpdateItem'] },
      // Any large export of the last day may name the person: they all go (erase-person's rule).
      exportErasure: true,
      signingSecret: true,
    },
  },
  {
    id: 'admin-withdraw-privacy-case',
    method: 'POST',
    path: '/api/admin/privacy/cases/{id}/withdraw',
    handler: 'admin/withdraw-privacy-case',
    auth: 'admin',
    roles: ownerOnly,
    access: {
      // A withdrawal through staff after a call-back: the choices page's effects on the person's leads and
      // signup, the ledger's new entries (and the standing read back), keyed with the consent key.
      leads: withdrawalAccess,
      content: { ...adminSession, PRIVACY: ['GetItem'], CONSENT: ['PutItem', 'Query'] },
      signingSecret: true,
      consentKey: true,
    },
  },
] as const satisfies readonly ApiRoute[]

export type RouteId = (typeof routes)[number]['id']

export function routeById(id: RouteId): ApiRoute {
  const route = routes.find((candidate) => candidate.id === id)
  if (!route) throw new Error(`Unknown route id: ${id}`)
  return route
}
