/**
 * The deployment's configuration, from CDK context (`cdk.json` → "context", or `-c key=value` on the command
 * line; `npm run deploy -- -c notificationEmail=ops@example.com`). Every knob is listed here once, with its
 * default; README "Configuration" lists the same. Invalid values stop the synth with the key's name.
 */
import { RetentionDays } from 'aws-cdk-lib/aws-logs'
import * as z from 'zod'
import { isHttpsOrigin } from '../functions/core/site-config'
import {
  defaultLeadRateLimit,
  deployedRequiredMfaRoles,
  parseRateLimit,
  parseRequiredMfaRoles,
} from '../functions/lib/config'
import { defaultPricingPlan, type PricingPlan, pricingPlans } from './constructs/edge'

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
   * The staff roles that must sign in with MFA, comma-separated (`owner,sales,viewer`), or `none`: a user of
   * such a role who has not enrolled signs in to the enrolment screen only (functions/lib/auth/sign-in.ts).
   * @default 'owner,sales,viewer' (the roles that can read leads)
   */
  readonly requireMfa: string
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
   * How the distribution is billed; every plan has the web ACL with the per-IP rules on the sign-in and the
   * lead forms (infra/constructs/edge.ts, README "Edge protection and its cost"). `free`: CloudFront's
   * flat-rate Free plan (US$0, 1M requests and 100 GB a month, WAF included); `pro`: the Pro plan (US$15,
   * 10M requests); `pay-as-you-go`: usage prices and WAF's own (US$7 a month for the web ACL and its two
   * rules), no subscription, so the stage can be destroyed at once (and AWS Free Tier accounts, which cannot
   * take a flat-rate plan, can deploy).
   * @default 'free' for the stage prod, 'pay-as-you-go' for any other
   */
  readonly pricingPlan: PricingPlan
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
  'requireMfa',
  'budgetMonthlyUsd',
  'deletionProtection',
  'leadsTableName',
  'contentTableName',
  'pricingPlan',
] as const

/** The stack name of a stage when neither `stackName` nor STACK_NAME is given. */
export function stageStackName(stage: string): string {
  return stage === 'prod' ? 'SuryodayaSite' : `SuryodayaSite-${stage}`
}

type Context = (key: string) => unknown

const allowedRetention = new Set<number>(
  Object.values(RetentionDays).filter((value): value is number => typeof value === 'number'),
)

const retentionMessage = `Context logRetentionDays must be one of CloudWatch's values (${[...allowedRetention].join(', ')})`
const budgetMessage = 'Context budgetMonthlyUsd must be a number of US dollars, 0 or more (0: no budget)'

const isBlank = (value: unknown) => value === undefined || value === null || value === ''

/** An optional text knob: blank is unset, anything else must be a string (trimmed). */
const optionalText = (key: string) =>
  z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    z.optional(z.string({ error: `Context ${key} must be a string` }).transform((value) => value.trim())),
  )

/** An optional text knob that must match `pattern` when set; `message` gets the value. */
const matching = (key: string, pattern: RegExp, message: (value: string) => string) =>
  optionalText(key).refine((value) => value === undefined || pattern.test(value), {
    error: (issue) => message(String(issue.input)),
  })

/** A true/false knob, also as the strings the command line gives. */
const flag = (key: string, fallback: boolean) =>
  z.preprocess(
    (value) => (isBlank(value) ? fallback : value),
    z
      .union([z.boolean(), z.enum(['true', 'false'])], { error: `Context ${key} must be true or false` })
      .transform((value) => value === true || value === 'true'),
  )

/** DynamoDB's rule for table names. */
const tableNamePattern = /^[A-Za-z0-9_.-]{3,255}$/
const tableName = (key: string) =>
  matching(
    key,
    tableNamePattern,
    (value) => `Context ${key} ${JSON.stringify(value)} is not a DynamoDB table name`,
  )

/**
 * The context knobs and their rules. Every message names its key: the first one found stops the synth.
 * The stack name is checked after it is resolved (it may come from STACK_NAME or the stage).
 */
const contextSchema = z
  .object({
    stage: z.preprocess(
      (value) => (isBlank(value) ? 'prod' : value),
      z
        .string({ error: 'Context stage must be a string' })
        .transform((value) => value.trim())
        .pipe(
          z.string().regex(/^[a-z0-9-]{1,32}$/, 'Context stage must be lower-case letters, digits and -'),
        ),
    ),
    stackName: optionalText('stackName'),
    domainName: matching(
      'domainName',
      /^(?=.{1,253}$)([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/i,
      (value) => `Context domainName ${JSON.stringify(value)} is not a domain name`,
    ),
    certificateArn: matching(
      'certificateArn',
      /^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/,
      () => 'Context certificateArn must be an ACM certificate ARN in us-east-1 (CloudFront needs it there)',
    ),
    notificationEmail: matching(
      'notificationEmail',
      /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
      (value) => `Context notificationEmail ${JSON.stringify(value)} is not an e-mail address`,
    ),
    analyticsHost: optionalText('analyticsHost').refine(
      (value) => value === undefined || isHttpsOrigin(value),
      'Context analyticsHost must be an https origin such as https://plausible.io',
    ),
    analyticsId: optionalText('analyticsId'),
    logRetentionDays: z.preprocess(
      (value) => Number(value ?? 30),
      z.number({ error: retentionMessage }).refine((days) => allowedRetention.has(days), retentionMessage),
    ),
    leadRateLimit: optionalText('leadRateLimit')
      .transform((value) => value ?? defaultLeadRateLimit)
      .superRefine((value, context) => {
        try {
          parseRateLimit(value, 'Context leadRateLimit')
        } catch (error) {
          context.addIssue({ code: 'custom', message: (error as Error).message })
        }
      }),
    requireMfa: optionalText('requireMfa')
      .transform((value) => (value === undefined ? deployedRequiredMfaRoles : value === 'none' ? '' : value))
      .superRefine((value, context) => {
        try {
          parseRequiredMfaRoles(value, 'Context requireMfa')
        } catch (error) {
          context.addIssue({ code: 'custom', message: `${(error as Error).message} (or none)` })
        }
      }),
    budgetMonthlyUsd: z.preprocess(
      (value) => (value === '' ? Number.NaN : Number(value ?? 10)),
      z.number({ error: budgetMessage }).refine((usd) => Number.isFinite(usd) && usd >= 0, budgetMessage),
    ),
    deletionProtection: flag('deletionProtection', true),
    leadsTableName: tableName('leadsTableName'),
    contentTableName: tableName('contentTableName'),
    pricingPlan: z.preprocess(
      (value) => (isBlank(value) ? undefined : value),
      z.optional(
        z.enum(pricingPlans, { error: `Context pricingPlan must be one of ${pricingPlans.join(', ')}` }),
      ),
    ),
  })
  .superRefine((config, context) => {
    if (Boolean(config.domainName) !== Boolean(config.certificateArn))
      context.addIssue({
        code: 'custom',
        message: 'Context domainName and certificateArn go together: set both or neither',
      })
    if (Boolean(config.analyticsHost) !== Boolean(config.analyticsId))
      context.addIssue({
        code: 'custom',
        message: 'Context analyticsHost and analyticsId go together: set both or neither',
      })
  })

const stackNameSchema = z.string().refine((name) => /^[A-Za-z][A-Za-z0-9-]{0,127}$/.test(name), {
  error: (issue) =>
    `Context stackName ${JSON.stringify(issue.input)} is not a valid CloudFormation stack name`,
})

/** Parses with `schema`, or throws the first problem's message (each names its context key). */
function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value)
  if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid context')
  return result.data
}

/** Reads and checks the configuration; `env` is consulted for the stack name only. */
export function readConfig(context: Context, env: NodeJS.ProcessEnv = {}): DeploymentConfig {
  const values = parseOrThrow(contextSchema, Object.fromEntries(configKeys.map((key) => [key, context(key)])))
  const stackName = parseOrThrow(
    stackNameSchema,
    values.stackName ?? (env.STACK_NAME || stageStackName(values.stage)),
  )
  return {
    stackName,
    stage: values.stage,
    domainName: values.domainName,
    certificateArn: values.certificateArn,
    notificationEmail: values.notificationEmail,
    analyticsHost: values.analyticsHost,
    analyticsId: values.analyticsId,
    logRetentionDays: values.logRetentionDays as RetentionDays,
    leadRateLimit: values.leadRateLimit,
    requireMfa: values.requireMfa,
    budgetMonthlyUsd: values.budgetMonthlyUsd,
    deletionProtection: values.deletionProtection,
    leadsTableName: values.leadsTableName,
    contentTableName: values.contentTableName,
    pricingPlan: values.pricingPlan ?? defaultPricingPlan(values.stage),
  }
}
