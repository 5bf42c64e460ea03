/**
 * The deployment's configuration, from CDK context (`cdk.json` → "context", or `-c key=value` on the command
 * line). Every knob is listed here once, with its default; README "Configuration" lists the same. Invalid
 * values stop the synth with the key's name.
 *
 * One config per stage: `-c stage=<name>` picks `stages.<name>` of the context (cdk.json), which holds that
 * stage's own settings. The settings that name one stage's resources or people (`stageKeys`: stack name,
 * domain, certificate, e-mails, restored tables, analytics) are read from there only, so one stage's values
 * can never reach another; the other knobs may be set at the top level (every stage, `-c key=value`) and
 * overridden per stage.
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
import type { PhoneCodeSender } from '../functions/lib/privacy/phone-codes'
import { defaultPricingPlan, type PricingPlan, pricingPlans } from './constructs/edge'
import { operatorSecrets } from './stack-secrets'

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
  /** Where new quotes and contacts are e-mailed (an SNS e-mail subscription to confirm). @default none */
  readonly leadsEmail: string | undefined
  /**
   * Where the alarms and the budget are e-mailed (an SNS e-mail subscription to confirm; the budget writes
   * itself). @default none
   */
  readonly alarmEmail: string | undefined
  /**
   * The sender of the messages to visitors (one-time codes of the privacy pages, newsletter confirmations): an
   * address whose identity (the address or its domain) is verified in Amazon SES in the stack's region, out of
   * the SES sandbox to reach any address. @default none (the privacy pages then say no code can be sent and
   * send the person to the privacy contact)
   */
  readonly mailFrom: string | undefined
  /**
   * How one-time codes reach mobile numbers on the privacy choices page: by SMS through Amazon SNS
   * (`smsSender: sns` with `smsDltEntityId`, `smsDltTemplateId` and `smsSenderId`, India's DLT registration)
   * or by WhatsApp (`whatsappPhoneNumberId`, `whatsappTemplate`, `whatsappTemplateLanguage`; the token in the
   * SSM parameter `/<stack name>/whatsapp-token`). One or neither. @default none: a number is called back by
   * the staff instead
   */
  readonly phoneCodeSender: PhoneCodeSender | undefined
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
   * Monthly amount in US dollars of an AWS Budget that e-mails `alarmEmail` at 80 % of actual and
   * 100 % of forecast spend (the account's whole bill). 0, or no e-mail, makes no budget.
   * @default 10
   */
  readonly budgetMonthlyUsd: number
  /**
   * Whether the stage's data outlives its stack: the tables, buckets and log groups are retained when the
   * stack is deleted (or a resource leaves it). `false` lets `npm run destroy` delete them all, the buckets
   * emptied first: for staging and preview stages.
   * @default true for the stage prod, false for any other
   */
  readonly retainData: boolean
  /**
   * DynamoDB deletion protection of the tables: a DeleteTable call (console, CLI, a mistaken script) fails
   * until it is switched off. Needs `retainData` (a protected table would stop the stack's deletion).
   * @default retainData
   */
  readonly deletionProtection: boolean
  /**
   * Reserved concurrency of each public route's function (lead forms, public lists, sign-in): each may run
   * at most this many at once, and that many are set aside for it, so calls straight to the API (around
   * CloudFront) cannot take the whole account's concurrency. Lambda keeps 100 executions unreserved, so the
   * account's quota must be at least 100 + this × the public routes (a new account's 10 is not).
   * @default 0: off, no reservation
   */
  readonly reservedConcurrency: number
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

/**
 * The context keys (for the README and error messages), each with where it is read. `stage`: a setting that
 * belongs to one stage, read from `stages.<stage>` only; at the top level (cdk.json's context or
 * `-c key=value`) it would reach every stage, so a value there stops the synth. `any`: a stage's own value,
 * else the top level's (`stage` itself, which names the stage, is read at the top level only).
 */
const keyScopes = {
  stackName: 'stage',
  stage: 'any',
  domainName: 'stage',
  certificateArn: 'stage',
  leadsEmail: 'stage',
  alarmEmail: 'stage',
  mailFrom: 'stage',
  smsSender: 'stage',
  smsDltEntityId: 'stage',
  smsDltTemplateId: 'stage',
  smsSenderId: 'stage',
  whatsappPhoneNumberId: 'stage',
  whatsappTemplate: 'stage',
  whatsappTemplateLanguage: 'stage',
  analyticsHost: 'stage',
  analyticsId: 'stage',
  logRetentionDays: 'any',
  leadRateLimit: 'any',
  requireMfa: 'any',
  budgetMonthlyUsd: 'any',
  retainData: 'any',
  deletionProtection: 'any',
  reservedConcurrency: 'any',
  leadsTableName: 'stage',
  contentTableName: 'stage',
  pricingPlan: 'any',
} as const satisfies Record<string, 'stage' | 'any'>

type ConfigKey = keyof typeof keyScopes

export const configKeys = Object.keys(keyScopes) as readonly ConfigKey[]

/** The settings that belong to one stage (see keyScopes). */
export const stageKeys: readonly ConfigKey[] = configKeys.filter((key) => keyScopes[key] === 'stage')

/** Replaced by `leadsEmail` and `alarmEmail`: refused wherever it is set, with a message saying so. */
const retiredKeys: Record<string, string> = {
  notificationEmail:
    'Context notificationEmail is replaced by two settings of the stage: leadsEmail (new quotes and contacts) and alarmEmail (alarms and the budget). Set them under stages.<stage> in cdk.json and remove notificationEmail',
}

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

/** A true/false knob whose default depends on others: blank is unset. */
const optionalFlag = (key: string) =>
  z.preprocess(
    (value) => (isBlank(value) ? undefined : value),
    z.optional(
      z
        .union([z.boolean(), z.enum(['true', 'false'])], { error: `Context ${key} must be true or false` })
        .transform((value) => value === true || value === 'true'),
    ),
  )

/** DynamoDB's rule for table names. */
const tableNamePattern = /^[A-Za-z0-9_.-]{3,255}$/
const email = (key: string) =>
  matching(
    key,
    /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
    (value) => `Context ${key} ${JSON.stringify(value)} is not an e-mail address`,
  )
/** An id of India's DLT platform (an entity's, a template's): digits. */
const dltId = (key: string) =>
  matching(key, /^\d{1,30}$/, (value) => `Context ${key} ${JSON.stringify(value)} is not a DLT id (digits)`)
const concurrencyMessage =
  'Context reservedConcurrency must be a whole number from 0 (off) to 1000 (executions per public function)'

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
    leadsEmail: email('leadsEmail'),
    alarmEmail: email('alarmEmail'),
    mailFrom: email('mailFrom'),
    smsSender: z.preprocess(
      (value) => (isBlank(value) ? undefined : value),
      z.optional(z.enum(['sns'], { error: 'Context smsSender must be sns (Amazon SNS), or unset' })),
    ),
    smsDltEntityId: dltId('smsDltEntityId'),
    smsDltTemplateId: dltId('smsDltTemplateId'),
    smsSenderId: matching(
      'smsSenderId',
      /^(?=.*[A-Za-z])[A-Za-z0-9]{1,11}$/,
      (value) =>
        `Context smsSenderId ${JSON.stringify(value)} is not an SMS header (the DLT header: up to 11 letters and digits, six letters in India)`,
    ),
    whatsappPhoneNumberId: matching(
      'whatsappPhoneNumberId',
      /^\d{5,30}$/,
      (value) =>
        `Context whatsappPhoneNumberId ${JSON.stringify(value)} is not a WhatsApp phone number id (digits, from the app's WhatsApp settings)`,
    ),
    whatsappTemplate: matching(
      'whatsappTemplate',
      /^[a-z0-9_]{1,512}$/,
      (value) =>
        `Context whatsappTemplate ${JSON.stringify(value)} is not a template name (lower-case letters, digits and _)`,
    ),
    whatsappTemplateLanguage: matching(
      'whatsappTemplateLanguage',
      /^[a-z]{2,3}(_[A-Z]{2})?$/,
      (value) =>
        `Context whatsappTemplateLanguage ${JSON.stringify(value)} is not a language code (en, en_US)`,
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
    retainData: optionalFlag('retainData'),
    deletionProtection: optionalFlag('deletionProtection'),
    reservedConcurrency: z.preprocess(
      (value) => (isBlank(value) ? 0 : typeof value === 'string' ? Number(value) : value),
      z
        .number({ error: concurrencyMessage })
        .refine((count) => Number.isInteger(count) && count >= 0 && count <= 1000, concurrencyMessage),
    ),
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
    const sms = [config.smsSender, config.smsDltEntityId, config.smsDltTemplateId, config.smsSenderId]
    if (sms.some(Boolean) && !sms.every(Boolean))
      context.addIssue({
        code: 'custom',
        message:
          'Context smsSender, smsDltEntityId, smsDltTemplateId and smsSenderId go together: India delivers no SMS without its DLT registration (set all four or none)',
      })
    if (Boolean(config.whatsappPhoneNumberId) !== Boolean(config.whatsappTemplate))
      context.addIssue({
        code: 'custom',
        message: 'Context whatsappPhoneNumberId and whatsappTemplate go together: set both or neither',
      })
    if (config.whatsappTemplateLanguage && !config.whatsappPhoneNumberId)
      context.addIssue({
        code: 'custom',
        message: 'Context whatsappTemplateLanguage needs whatsappPhoneNumberId and whatsappTemplate',
      })
    if (config.smsSender && config.whatsappPhoneNumberId)
      context.addIssue({
        code: 'custom',
        message:
          'Context smsSender and whatsappPhoneNumberId: choose one way to send codes to mobile numbers',
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

const stagePattern = /^[a-z0-9-]{1,32}$/

const isSettings = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** `stages` of the context, checked for shape: stage name → an object of known settings. */
function readStages(value: unknown): Record<string, Record<string, unknown>> {
  if (isBlank(value)) return { prod: {} }
  if (!isSettings(value))
    throw new Error('Context stages must be an object: each stage name → its settings (cdk.json)')
  for (const [name, settings] of Object.entries(value)) {
    if (!stagePattern.test(name))
      throw new Error(`Context stages.${name}: a stage name must be lower-case letters, digits and -`)
    if (!isSettings(settings)) throw new Error(`Context stages.${name} must be an object of settings`)
    for (const key of Object.keys(settings)) {
      if (key in retiredKeys && !isBlank(settings[key])) throw new Error(retiredKeys[key])
      if (!(configKeys as readonly string[]).includes(key) || key === 'stage')
        throw new Error(`Context stages.${name}.${key} is not a setting (known: ${configKeys.join(', ')})`)
    }
  }
  return value as Record<string, Record<string, unknown>>
}

/** A stage's stack name from its own settings, as readConfig resolves it (without STACK_NAME). */
const configuredStackName = (stage: string, settings: Record<string, unknown>): string =>
  typeof settings.stackName === 'string' && settings.stackName.trim()
    ? settings.stackName.trim()
    : stageStackName(stage)

/**
 * Refuses a setting of this stage that names another stage's resource: a table of another stage (its name,
 * or a name starting with that stage's stack name, as generated and restored tables do) or its domain.
 */
function refuseOtherStages(
  stage: string,
  stackName: string,
  values: Partial<Pick<DeploymentConfig, 'leadsTableName' | 'contentTableName' | 'domainName'>>,
  stages: Record<string, Record<string, unknown>>,
): void {
  const others = Object.entries(stages).filter(([name]) => name !== stage)
  for (const key of ['leadsTableName', 'contentTableName'] as const) {
    const name = values[key]
    if (!name) continue
    for (const [other, settings] of others) {
      const otherStack = configuredStackName(other, settings)
      const sameName = [settings.leadsTableName, settings.contentTableName].includes(name)
      // The longest stack name that prefixes the table name owns it (SuryodayaSite-staging-… is not prod's).
      const owned =
        name.startsWith(`${otherStack}-`) &&
        !(stackName.length > otherStack.length && name.startsWith(`${stackName}-`))
      if (sameName || owned)
        throw new Error(
          `Context stages.${stage}.${key} ${JSON.stringify(name)} is a table of the stage ${other} (stack ${otherStack}): a stage uses its own tables. Restore into a table named after ${stackName}`,
        )
    }
  }
  if (values.domainName) {
    for (const [other, settings] of others) {
      if (typeof settings.domainName === 'string' && settings.domainName.trim() === values.domainName)
        throw new Error(
          `Context stages.${stage}.domainName ${JSON.stringify(values.domainName)} is the domain of the stage ${other}`,
        )
    }
  }
}

/** The sender of codes to mobile numbers the checked settings name, if any (the schema refused half of one). */
function phoneCodeSenderOf(
  values: z.output<typeof contextSchema>,
  stackName: string,
): PhoneCodeSender | undefined {
  const { smsDltEntityId, smsDltTemplateId, smsSenderId, whatsappPhoneNumberId, whatsappTemplate } = values
  if (values.smsSender && smsDltEntityId && smsDltTemplateId && smsSenderId)
    return {
      channel: 'sms',
      dltEntityId: smsDltEntityId,
      dltTemplateId: smsDltTemplateId,
      senderId: smsSenderId,
    }
  if (whatsappPhoneNumberId && whatsappTemplate)
    return {
      channel: 'whatsapp',
      phoneNumberId: whatsappPhoneNumberId,
      template: whatsappTemplate,
      language: values.whatsappTemplateLanguage ?? 'en',
      tokenParameter: `/${stackName}/${operatorSecrets.whatsappToken.nameSuffix}`,
    }
  return undefined
}

/**
 * Reads and checks the configuration of the stage `-c stage=…` names (default prod); `env` is consulted for
 * the stack name only. The stage must be one of `stages`; each knob comes from `stages.<stage>`, else (for
 * the knobs not in `stageKeys`) from the top level, else its default.
 */
export function readConfig(context: Context, env: NodeJS.ProcessEnv = {}): DeploymentConfig {
  for (const key of Object.keys(retiredKeys)) if (!isBlank(context(key))) throw new Error(retiredKeys[key])
  const stageValue = context('stage')
  if (!isBlank(stageValue) && typeof stageValue !== 'string')
    throw new Error('Context stage must be a string')
  const stage = isBlank(stageValue) ? 'prod' : String(stageValue).trim()
  if (!stagePattern.test(stage)) throw new Error('Context stage must be lower-case letters, digits and -')
  const stages = readStages(context('stages'))
  const own = stages[stage]
  if (!own)
    throw new Error(
      `Context stage ${JSON.stringify(stage)} is not configured: add "${stage}": { … } under "stages" in cdk.json (configured: ${Object.keys(stages).join(', ')})`,
    )
  for (const key of stageKeys) {
    if (!isBlank(context(key)))
      throw new Error(
        `Context ${key} belongs to one stage: set it under stages.${stage} in cdk.json, not at the top level or with -c (it would reach every stage)`,
      )
  }

  const raw = Object.fromEntries(
    configKeys.map((key): [ConfigKey, unknown] => {
      if (key === 'stage') return [key, stage]
      if (key in own) return [key, own[key]]
      return [key, (stageKeys as readonly string[]).includes(key) ? undefined : context(key)]
    }),
  )
  const result = contextSchema.safeParse(raw)
  if (!result.success) {
    const issue = result.error.issues[0]
    const key = String(issue?.path[0] ?? '')
    const message = issue?.message ?? 'Invalid context'
    // Name where the value was found: stages.<stage>.<key> for a stage's own setting.
    throw new Error(
      key && key in own ? message.replace(`Context ${key}`, `Context stages.${stage}.${key}`) : message,
    )
  }
  const values = result.data
  const stackName = parseOrThrow(
    stackNameSchema,
    values.stackName ?? (env.STACK_NAME || stageStackName(values.stage)),
  )
  const retainData = values.retainData ?? stage === 'prod'
  const deletionProtection = values.deletionProtection ?? retainData
  if (deletionProtection && !retainData)
    throw new Error(
      `Context deletionProtection needs retainData for the stage ${stage}: a protected table would stop the stack's deletion (set both, or neither)`,
    )
  refuseOtherStages(stage, stackName, values, stages)
  return {
    stackName,
    stage: values.stage,
    domainName: values.domainName,
    certificateArn: values.certificateArn,
    leadsEmail: values.leadsEmail,
    alarmEmail: values.alarmEmail,
    mailFrom: values.mailFrom,
    phoneCodeSender: phoneCodeSenderOf(values, stackName),
    analyticsHost: values.analyticsHost,
    analyticsId: values.analyticsId,
    logRetentionDays: values.logRetentionDays as RetentionDays,
    leadRateLimit: values.leadRateLimit,
    requireMfa: values.requireMfa,
    budgetMonthlyUsd: values.budgetMonthlyUsd,
    retainData,
    deletionProtection,
    reservedConcurrency: values.reservedConcurrency,
    leadsTableName: values.leadsTableName,
    contentTableName: values.contentTableName,
    pricingPlan: values.pricingPlan ?? defaultPricingPlan(stage),
  }
}
