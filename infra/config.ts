/**
 * The deployment's configuration, from CDK context (`cdk.json` → "context", or `-c key=value` on the command
 * line; `npm run deploy -- -c notificationEmail=ops@example.com`). Every knob is listed here once, with its
 * default; README "Configuration" lists the same. Invalid values stop the synth with the key's name.
 */
import { RetentionDays } from 'aws-cdk-lib/aws-logs'
import { isHttpsOrigin } from '../functions/core/site-config'
import { defaultLeadRateLimit, parseRateLimit } from '../functions/lib/config'

export interface DeploymentConfig {
  /**
   * Stack name. Context `stackName`, else env STACK_NAME, else from the stage.
   * @default 'SuryodayaSite' for the stage prod, `SuryodayaSite-<stage>` for any other
   */
  readonly stackName: string
  /**
   * The deployment's stage, added as the tag `stage` to every resource. Each stage is its own stack (name
   * above) with its own tables, buckets, secrets and topics: `-c stage=staging` deploys beside prod.
   * @default 'prod'
   */
  readonly stage: string
  /** Custom domain of the site (e.g. `www.example.in`). Needs `certificateArn`. @default none */
  readonly domainName: string | undefined
  /** ACM certificate in us-east-1 covering `domainName`. @default none */
  readonly certificateArn: string | undefined
  /** Where new leads and alarms are e-mailed (an SNS e-mail subscription to confirm). @default none */
  readonly notificationEmail: string | undefined
  /**
   * Page-view analytics: the site posts `{ name: 'pageview', url, domain }` to `<analyticsHost>/api/event`
   * (the Plausible events API; no third-party script), with `analyticsId` as the domain. Both or neither.
   * @default none: no page views are sent
   */
  readonly analyticsHost: string | undefined
  readonly analyticsId: string | undefined
  /** Days the function logs and the API access log are kept. @default 30 */
  readonly logRetentionDays: RetentionDays
  /** Per-IP limit of the public lead forms, e.g. `5/10m`, or `off`. @default '5/10m' */
  readonly leadRateLimit: string
  /**
   * Monthly amount in US dollars of an AWS Budget that e-mails `notificationEmail` at 80 % of actual and
   * 100 % of forecast spend (the account's whole bill). 0, or no e-mail, makes no budget.
   * @default 10
   */
  readonly budgetMonthlyUsd: number
  /**
   * DynamoDB deletion protection of the tables: a DeleteTable call (console, CLI, a mistaken script) fails
   * until it is switched off. Turn it off for throw-away stages only.
   * @default true
   */
  readonly deletionProtection: boolean
  /**
   * Use these existing tables instead of the stack's own, e.g. a table restored from a point-in-time backup
   * (README "Restoring a table"). The stack's own table leaves the stack and is kept.
   * @default none: the stack's own tables
   */
  readonly leadsTableName: string | undefined
  readonly contentTableName: string | undefined
  /**
   * An AWS WAF web ACL on the distribution with a per-IP rate-based rule on POST requests. A fixed fee of
   * US$6 a month (web ACL $5 + one rule $1) plus $0.60 per million requests; CloudFront web ACLs live in
   * us-east-1, so the stack must be deployed there.
   * @default false
   */
  readonly waf: boolean
}

/** The context keys, for the README and error messages. */
export const configKeys = [
  'stackName',
  'stage',
  'domainName',
  'certificateArn',
  'notificationEmail',
  'analyticsHost',
  'analyticsId',
  'logRetentionDays',
  'leadRateLimit',
  'budgetMonthlyUsd',
  'deletionProtection',
  'leadsTableName',
  'contentTableName',
  'waf',
] as const

/** The stack name of a stage when neither `stackName` nor STACK_NAME is given. */
export function stageStackName(stage: string): string {
  return stage === 'prod' ? 'SuryodayaSite' : `SuryodayaSite-${stage}`
}

type Context = (key: string) => unknown

const allowedRetention = new Set<number>(
  Object.values(RetentionDays).filter((value): value is number => typeof value === 'number'),
)

function optionalString(context: Context, key: string): string | undefined {
  const value = context(key)
  if (value === undefined || value === null || value === '') return undefined
  if (typeof value !== 'string') throw new Error(`Context ${key} must be a string`)
  return value.trim()
}

function optionalBoolean(context: Context, key: string, fallback: boolean): boolean {
  const value = context(key)
  if (value === undefined || value === null || value === '') return fallback
  if (value === true || value === 'true') return true
  if (value === false || value === 'false') return false
  throw new Error(`Context ${key} must be true or false`)
}

/** DynamoDB's rule for table names. */
const tableNamePattern = /^[A-Za-z0-9_.-]{3,255}$/

/** Reads and checks the configuration; `env` is consulted for the stack name only. */
export function readConfig(context: Context, env: NodeJS.ProcessEnv = {}): DeploymentConfig {
  const stage = optionalString(context, 'stage') ?? 'prod'
  if (!/^[a-z0-9-]{1,32}$/.test(stage))
    throw new Error('Context stage must be lower-case letters, digits and -')
  const stackName = optionalString(context, 'stackName') ?? (env.STACK_NAME || stageStackName(stage))
  if (!/^[A-Za-z][A-Za-z0-9-]{0,127}$/.test(stackName)) {
    throw new Error(`Context stackName ${JSON.stringify(stackName)} is not a valid CloudFormation stack name`)
  }

  const domainName = optionalString(context, 'domainName')
  const certificateArn = optionalString(context, 'certificateArn')
  if (Boolean(domainName) !== Boolean(certificateArn)) {
    throw new Error('Context domainName and certificateArn go together: set both or neither')
  }
  if (domainName && !/^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/i.test(domainName)) {
    throw new Error(`Context domainName ${JSON.stringify(domainName)} is not a domain name`)
  }
  if (certificateArn && !/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn)) {
    throw new Error(
      'Context certificateArn must be an ACM certificate ARN in us-east-1 (CloudFront needs it there)',
    )
  }

  const notificationEmail = optionalString(context, 'notificationEmail')
  if (notificationEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(notificationEmail)) {
    throw new Error(`Context notificationEmail ${JSON.stringify(notificationEmail)} is not an e-mail address`)
  }

  const analyticsHost = optionalString(context, 'analyticsHost')
  const analyticsId = optionalString(context, 'analyticsId')
  if (Boolean(analyticsHost) !== Boolean(analyticsId)) {
    throw new Error('Context analyticsHost and analyticsId go together: set both or neither')
  }
  if (analyticsHost && !isHttpsOrigin(analyticsHost)) {
    throw new Error('Context analyticsHost must be an https origin such as https://plausible.io')
  }

  const retentionValue = context('logRetentionDays') ?? 30
  const logRetentionDays = Number(retentionValue)
  if (!allowedRetention.has(logRetentionDays)) {
    throw new Error(
      `Context logRetentionDays must be one of CloudWatch's values (${[...allowedRetention].join(', ')})`,
    )
  }

  const leadRateLimit = optionalString(context, 'leadRateLimit') ?? defaultLeadRateLimit
  parseRateLimit(leadRateLimit, 'Context leadRateLimit')

  const budgetValue = context('budgetMonthlyUsd') ?? 10
  const budgetMonthlyUsd = Number(budgetValue)
  if (budgetValue === '' || !Number.isFinite(budgetMonthlyUsd) || budgetMonthlyUsd < 0) {
    throw new Error('Context budgetMonthlyUsd must be a number of US dollars, 0 or more (0: no budget)')
  }

  const deletionProtection = optionalBoolean(context, 'deletionProtection', true)
  const leadsTableName = optionalString(context, 'leadsTableName')
  const contentTableName = optionalString(context, 'contentTableName')
  for (const [key, value] of [
    ['leadsTableName', leadsTableName],
    ['contentTableName', contentTableName],
  ] as const) {
    if (value !== undefined && !tableNamePattern.test(value)) {
      throw new Error(`Context ${key} ${JSON.stringify(value)} is not a DynamoDB table name`)
    }
  }
  const waf = optionalBoolean(context, 'waf', false)

  return {
    stackName,
    stage,
    domainName,
    certificateArn,
    notificationEmail,
    analyticsHost,
    analyticsId,
    logRetentionDays: logRetentionDays as RetentionDays,
    leadRateLimit,
    budgetMonthlyUsd,
    deletionProtection,
    leadsTableName,
    contentTableName,
    waf,
  }
}
