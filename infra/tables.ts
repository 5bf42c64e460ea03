/**
 * The data stores, defined once: the CDK `Data` construct creates them from this, the local stand-in creates
 * them in dynalite and s3rver from this, and the repositories in functions/lib/db read the key names here.
 * Pure data: no CDK or SDK imports, so Lambda bundles can include it.
 */
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
} as const satisfies Record<string, BucketDefinition>

/** Environment variables of the functions that are not table or bucket names. */
export const functionEnv = {
  /** Secrets Manager ARN of the token-signing secret (cloud). */
  signingSecretArn: 'SIGNING_SECRET_ARN',
  /** The token-signing secret itself (local stand-in and tests only). */
  signingSecret: 'SIGNING_SECRET',
  /** `true` on the local stand-in: address s3rver buckets by path. */
  s3ForcePathStyle: 'S3_FORCE_PATH_STYLE',
  /**
   * Per-IP limit of each public lead POST, `<count>/<window>` (`5/10m`, `20/1h`, `3/30s`) or `off`.
   * @default 5/10m
   */
  leadRateLimit: 'LEAD_RATE_LIMIT',
  /** ARN of the SNS topic that tells staff about new quotes and contacts; unset locally (the message is logged). */
  leadsTopicArn: 'LEADS_TOPIC_ARN',
} as const

export type TableName = keyof typeof tables
