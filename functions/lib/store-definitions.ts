/**
 * The data stores, defined once: the CDK `Data` construct creates them from this, the local stand-in creates
 * them in dynalite and s3rver from this, and the repositories in functions/lib/db read the key names here.
 * Pure data: no CDK or SDK imports, so Lambda bundles can include it.
 */
import { uploadFolder } from '../core/uploads'

export interface TableDefinition {
  /** Construct id in the stack (stable: renaming it replaces the table). */
  readonly constructId: string
  /** Environment variable through which a function learns the generated table name. */
  readonly envVar: string
  /** Table name used by the local stand-in. */
  readonly localName: string
  readonly partitionKey: string
  readonly sortKey: string
  /** Attribute holding an epoch-seconds expiry (DynamoDB TTL); the code checks expiry itself too. */
  readonly timeToLiveAttribute?: string
}

export interface BucketDefinition {
  readonly constructId: string
  readonly envVar: string
  readonly localName: string
}

/** Key prefixes (folders) of the uploads bucket. */
export const uploadsFolders = {
  /** Admin uploads of resources, public under /files/resources/…. */
  resources: `${uploadFolder}/`,
  /**
   * Where exports were written before they had their own bucket (`buckets.exports`). Nothing writes here
   * any more and CloudFront never serves it; the bucket's lifecycle rule still empties it.
   */
  exports: 'exports/',
} as const

export const tables = {
  /** Leads: pk = kind (QUOTE, CONTACT, NEWSLETTER, COUNTER), sk = `<ISO time>#<id>` (counters: the kind). */
  leads: {
    constructId: 'Leads',
    envVar: 'LEADS_TABLE',
    localName: 'leads',
    partitionKey: 'pk',
    sortKey: 'sk',
  },
  /** Content: jobs, resources, admin users, counters, rate-limit and lockout records. */
  content: {
    constructId: 'Content',
    envVar: 'CONTENT_TABLE',
    localName: 'content',
    partitionKey: 'pk',
    sortKey: 'sk',
    timeToLiveAttribute: 'expiresAt',
  },
} as const satisfies Record<string, TableDefinition>

export const buckets = {
  /** Admin uploads, served read-only under /files/*. */
  uploads: {
    constructId: 'Uploads',
    envVar: 'UPLOADS_BUCKET',
    localName: 'resources',
  },
  /**
   * Exports too large for an API response, read only through a short-lived presigned link; deleted after a
   * day by a lifecycle rule. No CloudFront origin reads this bucket.
   */
  exports: {
    constructId: 'Exports',
    envVar: 'EXPORTS_BUCKET',
    localName: 'exports',
  },
} as const satisfies Record<string, BucketDefinition>

/** Environment variables of the functions that are not table or bucket names. */
export const functionEnv = {
  /**
   * Name of the SSM SecureString parameter holding the token-signing keys, current and previous, each with
   * its `kid` (cloud; functions/lib/secrets.ts reads it, cached for minutes).
   */
  signingSecretParameter: 'SIGNING_SECRET_PARAMETER',
  /** The token-signing secret itself (local stand-in and tests only; takes precedence over the parameter). */
  signingSecret: 'SIGNING_SECRET',
  /** The previous token-signing secret, still accepted for tokens signed with it (local stand-in and tests). */
  signingSecretPrevious: 'SIGNING_SECRET_PREVIOUS',
  /** `true` on the local stand-in: address s3rver buckets by path. */
  s3ForcePathStyle: 'S3_FORCE_PATH_STYLE',
  /**
   * Name of the SSM SecureString parameter holding the value CloudFront sends in `originSecretHeader` with
   * every /api request, current and previous (cloud). When set, a request carrying neither value is refused,
   * so nobody can reach the API around CloudFront's headers and limits.
   */
  originSecretParameter: 'ORIGIN_SECRET_PARAMETER',
  /**
   * The origin secret value itself (tests only; takes precedence over the parameter). Unset on the local
   * stand-in, which has no CloudFront in front: then every request passes.
   */
  originSecret: 'ORIGIN_SECRET',
  /** The previous origin secret value, still accepted (tests only). */
  originSecretPrevious: 'ORIGIN_SECRET_PREVIOUS',
  /**
   * Per-IP limit of each public lead POST, `<count>/<window>` (`5/10m`, `20/1h`, `3/30s`) or `off`.
   * @default 5/10m
   */
  leadRateLimit: 'LEAD_RATE_LIMIT',
  /**
   * Local stand-in only: the URL prefix that replaces the S3 endpoint in presigned URLs (`/_s3`), so the
   * browser reaches s3rver through the stand-in, on the site's own origin. Unset in the cloud.
   */
  presignedUrlBase: 'S3_PRESIGNED_URL_BASE',
  /**
   * The largest export, in bytes, answered in the reply itself; a larger one becomes a download link. Only
   * ever lowered (the stand-in and tests use it to try the link path with small data).
   * @default 4 MiB
   */
  exportDirectMaxBytes: 'EXPORT_DIRECT_MAX_BYTES',
  /**
   * Per-user limit of the three export routes together, `<count>/<window>` or `off` (functions/lib/exports.ts).
   * Unset in the cloud and on the stand-in, which both keep the default; the handler tests switch it off
   * unless they test it.
   * @default 10/10m
   */
  exportRateLimit: 'EXPORT_RATE_LIMIT',
  /** ARN of the SNS topic that tells staff about new quotes and contacts; unset locally (the message is logged). */
  leadsTopicArn: 'LEADS_TOPIC_ARN',
  /**
   * Local stand-in only: the file (JSON Lines, under its data directory) that keeps every staff message the
   * cloud would publish, with whom it is for, so people and tests can read what was sent. Unset in the cloud.
   */
  staffOutbox: 'STAFF_OUTBOX_FILE',
  /**
   * The sender of the messages to visitors (one-time codes, newsletter confirmations, notices): an address of
   * an identity verified in Amazon SES in the stack's region (the stack's `mailFrom`). Unset: nothing is sent
   * to visitors, and the routes that would say so (functions/lib/privacy/visitor-mail.ts).
   */
  mailFrom: 'MAIL_FROM',
  /**
   * Local stand-in only: the file (JSON Lines, under its data directory) that keeps every message to a visitor
   * the cloud would send through SES, so people and tests can read the codes and links. Unset in the cloud.
   */
  visitorOutbox: 'VISITOR_OUTBOX_FILE',
  /**
   * The site's origin (`https://www.example.in`), which the staff alerts' lead links start with: the stack gives
   * the scheduled functions and the routes that notify its site URL. Unset: the alerts carry the path alone
   * (`/admin/leads/<id>`).
   */
  siteUrl: 'SITE_URL',
  /**
   * Local stand-in only: seconds between two runs of each scheduled function (functions/schedules.ts), instead
   * of its minutes in the cloud; `0` or `off` runs none (tests that run the sweep themselves).
   * @default each schedule's own period (the response sweep: 60)
   */
  scheduleSeconds: 'SCHEDULE_SECONDS',
  /**
   * The staff roles that must sign in with MFA, comma-separated (`owner,sales,viewer`): a user of one of them
   * who has not enrolled gets an enrolment-only token at sign-in (functions/lib/auth/sign-in.ts). Given to the
   * routes whose access says `mfaPolicy`; empty or unset: MFA is optional for everyone.
   * @default '' (the stack passes its `requireMfa` setting, deployed default `owner,sales,viewer`)
   */
  requireMfa: 'REQUIRE_MFA',
  /**
   * Id of the CloudFront distribution that serves /files/*, so deleting a resource can invalidate its file's
   * cached copy (cloud; unset on the local stand-in, which caches nothing).
   */
  filesDistributionId: 'FILES_DISTRIBUTION_ID',
  /**
   * Name of the SSM SecureString parameter whose current value the Web Push (VAPID) key pair is derived from
   * (cloud; functions/lib/secrets.ts `vapidKeys`). Given to the routes and schedules whose access says `pushKeys`.
   */
  vapidSecretParameter: 'VAPID_SECRET_PARAMETER',
  /** The VAPID secret itself (local stand-in and tests only; takes precedence over the parameter). */
  vapidSecret: 'VAPID_SECRET',
  /**
   * Name of the SSM SecureString parameter holding the consent ledger's HMAC key (cloud;
   * functions/lib/secrets.ts `consentKeys`): the ledger keys each entry by the HMAC of the person's contact,
   * so it holds no contact itself. Given to the routes whose access says `consentKey`.
   */
  consentKeyParameter: 'CONSENT_KEY_PARAMETER',
  /** The consent ledger's HMAC key itself (local stand-in and tests only; takes precedence over the parameter). */
  consentKey: 'CONSENT_KEY',
  /**
   * `sns`: one-time codes reach mobile numbers by SMS through Amazon SNS (the stack's `smsSender`), with the
   * three DLT settings below, which India's operators require of every commercial SMS. Unset (the default):
   * no SMS is sent (functions/lib/privacy/phone-codes.ts).
   */
  smsSender: 'SMS_SENDER',
  /** The company's principal entity id on India's DLT platform (`AWS.MM.SMS.EntityId`). */
  smsDltEntityId: 'SMS_DLT_ENTITY_ID',
  /** The id of the code's registered DLT template, privacy-choices.ts smsCodeTemplate (`AWS.MM.SMS.TemplateId`). */
  smsDltTemplateId: 'SMS_DLT_TEMPLATE_ID',
  /** The SMS header registered on the DLT platform (`AWS.SNS.SMS.SenderID`), six letters in India. */
  smsSenderId: 'SMS_SENDER_ID',
  /**
   * Local stand-in only, when started with STAND_IN_SMS=outbox: the file (JSON Lines, under its data
   * directory) that keeps each code's SMS instead of sending it, so people and tests can read the codes.
   */
  smsOutbox: 'SMS_OUTBOX_FILE',
  /**
   * The WhatsApp Cloud API's phone number id the codes are sent from (the stack's `whatsappPhoneNumberId`).
   * Unset (the default): no WhatsApp message is sent.
   */
  whatsappPhoneNumberId: 'WHATSAPP_PHONE_NUMBER_ID',
  /** The name of the approved authentication template that carries the code. */
  whatsappTemplate: 'WHATSAPP_TEMPLATE',
  /** The language the template was approved in (`en`, `en_US`). */
  whatsappTemplateLanguage: 'WHATSAPP_TEMPLATE_LANGUAGE',
  /**
   * Name of the SSM SecureString parameter that holds the WhatsApp Cloud API's access token (a system user's
   * token the owners put there; functions/lib/secrets.ts whatsappToken).
   */
  whatsappTokenParameter: 'WHATSAPP_TOKEN_PARAMETER',
  /** The WhatsApp access token itself (tests only; takes precedence over the parameter). */
  whatsappToken: 'WHATSAPP_TOKEN',
} as const

/**
 * The settings of the one-time codes' sender to mobile numbers, as the stack gives them to the routes whose
 * access says `phoneCodes` (functions/lib/privacy/phone-codes.ts reads them; each unset where not used).
 */
export const phoneCodeEnvironment = [
  functionEnv.smsSender,
  functionEnv.smsDltEntityId,
  functionEnv.smsDltTemplateId,
  functionEnv.smsSenderId,
  functionEnv.whatsappPhoneNumberId,
  functionEnv.whatsappTemplate,
  functionEnv.whatsappTemplateLanguage,
  functionEnv.whatsappTokenParameter,
] as const

/** The header that carries the origin secret from CloudFront to the API (see `functionEnv.originSecret`). */
export const originSecretHeader = 'x-origin-verify'

/**
 * The header in which CloudFront tells the API the viewer's IP address: set on every /api request by a
 * viewer-request function (which overwrites whatever a client sent under that name). Trusted by the functions
 * only when the origin secret is configured, i.e. when the request provably came through CloudFront.
 */
export const viewerIpHeader = 'x-viewer-ip'

export type TableName = keyof typeof tables

/**
 * What a route declares it uses besides its tables and uploads (functions/routes.ts `RouteAccess` narrows
 * those): each flag grants what it names and gives the function the environment routeEnvironmentNames lists.
 */
export interface StoreAccess {
  readonly leads?: unknown
  readonly content?: unknown
  readonly uploads?: unknown
  /**
   * Writes exports too large for one reply into the exports bucket (which CloudFront cannot read) and signs
   * short-lived links to them: PutObject, AbortMultipartUpload and GetObject on that bucket's objects only.
   */
  readonly exports?: boolean
  /**
   * Deletes every file of the exports bucket after an erasure (functions/lib/db/erasure.ts eraseExportFiles):
   * ListBucket on that bucket and DeleteObject on its objects only, and the bucket's name.
   */
  readonly exportErasure?: boolean
  /**
   * Needs the token-signing secret (every admin route and the login). Verifying a token also reads its
   * user's session version, so this grants reading the content table (the admin user records) too.
   */
  readonly signingSecret?: boolean
  /** Publishes to the staff-notification topic: the function gets LEADS_TOPIC_ARN and a publish grant. */
  readonly notify?: boolean
  /**
   * Keeps the staff's e-mail subscriptions to that topic in step with their records
   * (functions/lib/staff-subscriptions.ts): LEADS_TOPIC_ARN and Subscribe, Unsubscribe and
   * SetSubscriptionAttributes on that topic (its subscriptions), nothing else of SNS.
   */
  readonly alertSubscriptions?: boolean
  /**
   * Invalidates paths of the /files/* behaviour (a deleted resource's file): the function gets
   * FILES_DISTRIBUTION_ID and CreateInvalidation on that one distribution.
   */
  readonly invalidateFiles?: boolean
  /** Enforces the roles that must use MFA (the stack's requireMfa): the function gets REQUIRE_MFA. */
  readonly mfaPolicy?: boolean
  /**
   * Reads the Web Push (VAPID) key pair: the function gets VAPID_SECRET_PARAMETER and may read that
   * parameter. The function that sends pushes (the staff topic's push relay, functions/relays.ts) declares
   * this and the content access `pushSending` (functions/lib/db/partition-access.ts).
   */
  readonly pushKeys?: boolean
  /**
   * Writes the consent ledger (functions/lib/db/consent-ledger.ts): the function gets
   * CONSENT_KEY_PARAMETER and may read that parameter, the HMAC key of the ledger's entries.
   */
  readonly consentKey?: boolean
  /**
   * Sends messages to visitors (functions/lib/privacy/visitor-mail.ts): the function gets MAIL_FROM (the
   * stack's `mailFrom`, where set), SITE_URL for the signed links the messages carry, and the consent key
   * they are signed with; `ses:SendEmail` from that one address.
   */
  readonly visitorMail?: boolean
  /**
   * Sends one-time codes to mobile numbers where the stack sets a sender (functions/lib/privacy/phone-codes.ts,
   * off by default): the function gets the sender's settings (phoneCodeEnvironment) and, for SMS,
   * `sns:Publish` to phone numbers only (no topic), for WhatsApp, reading the token's parameter.
   */
  readonly phoneCodes?: boolean
}

/**
 * The resource environment variables the stack gives a route's function: the name of each store it
 * accesses, the signing secret's parameter name, the topic's ARN, the /files distribution's id. (Every function
 * also gets ORIGIN_SECRET_PARAMETER and the stack-wide settings.) The Api construct and the clean-process
 * bundle test both use this list.
 */
export function routeEnvironmentNames(access: StoreAccess): string[] {
  const names: string[] = []
  for (const name of Object.keys(tables) as TableName[]) if (access[name]) names.push(tables[name].envVar)
  if (access.uploads) names.push(buckets.uploads.envVar)
  if (access.exports || access.exportErasure) names.push(buckets.exports.envVar)
  if (access.signingSecret) names.push(functionEnv.signingSecretParameter)
  if (access.notify) names.push(functionEnv.leadsTopicArn, functionEnv.siteUrl)
  else if (access.alertSubscriptions) names.push(functionEnv.leadsTopicArn)
  if (access.invalidateFiles) names.push(functionEnv.filesDistributionId)
  if (access.mfaPolicy) names.push(functionEnv.requireMfa)
  if (access.pushKeys) names.push(functionEnv.vapidSecretParameter)
  if (access.consentKey || access.visitorMail) names.push(functionEnv.consentKeyParameter)
  if (access.visitorMail) names.push(functionEnv.mailFrom, ...(access.notify ? [] : [functionEnv.siteUrl]))
  if (access.phoneCodes) names.push(...phoneCodeEnvironment)
  return names
}
