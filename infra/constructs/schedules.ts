import { join } from 'node:path'
import { Duration, Stack } from 'aws-cdk-lib'
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb'
import * as events from 'aws-cdk-lib/aws-events'
import * as targets from 'aws-cdk-lib/aws-events-targets'
import * as iam from 'aws-cdk-lib/aws-iam'
import * as lambda from 'aws-cdk-lib/aws-lambda'
import type * as logs from 'aws-cdk-lib/aws-logs'
import type * as sns from 'aws-cdk-lib/aws-sns'
import { Construct } from 'constructs'
import { functionEnv, type TableName, tables } from '../../functions/lib/store-definitions'
import { type ScheduledFunction, schedules as scheduleTable } from '../../functions/schedules'
import {
  bundleFileName,
  bundleHandler,
  grantSendingAs,
  grantTablePartitions,
  InlinePolicyPrincipal,
  routeFunctionName,
} from './api'
import { requireBuildOutput } from './build-output'
import type { SecretParameter } from './secret-parameter'

export interface SchedulesProps {
  /** Folder holding one bundle folder per function: `<functionsDir>/<schedule id>/index.mjs`. */
  readonly functionsDir: string
  /** The tables of functions/lib/store-definitions.ts, by name (`schedule.access`). */
  readonly tables: Readonly<Record<TableName, dynamodb.ITable>>
  /** The staff notification topic (`schedule.access.notify`). */
  readonly notificationTopic: sns.ITopic
  /** The Web Push key pair's secret (`schedule.access.pushKeys`). */
  readonly vapidSecret: SecretParameter
  /** The consent key the visitors' signed links are made with (`schedule.access.visitorMail`). */
  readonly consentKey: SecretParameter
  /** The sender of the messages to visitors (`schedule.access.visitorMail`); none: no message goes out. */
  readonly mailFrom?: string
  /** The log group the functions write to: the API's, so the same alarms read their errors. */
  readonly logGroup: logs.ILogGroup
  /** The site's origin, which the alerts' links start with (`schedule.siteUrl`). */
  readonly siteUrl: string
  /**
   * The scheduled functions.
   * @default the table of functions/schedules.ts
   */
  readonly schedules?: readonly ScheduledFunction[]
}

/**
 * The scheduled functions (functions/schedules.ts): one Lambda each, invoked by an EventBridge rule every
 * `everyMinutes`, with its own role that may write to the functions' log group and do exactly what its
 * `access` declares (DynamoDB partitions through the same grants as the routes, the topic). EventBridge's
 * scheduled rules cost nothing; the runs are Lambda requests (a run a minute is about 44,000 a month).
 */
export class Schedules extends Construct {
  /** The functions, by schedule id. */
  public readonly functions: Readonly<Record<string, lambda.Function>>
  /** The rules that invoke them, by schedule id. */
  public readonly rules: Readonly<Record<string, events.Rule>>

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id)
    const functions: Record<string, lambda.Function> = {}
    const rules: Record<string, events.Rule> = {}
    for (const schedule of (props.schedules ?? scheduleTable) as readonly ScheduledFunction[]) {
      const fn = backgroundFunction(this, schedule, props, {
        notificationTopic: schedule.access.notify ? props.notificationTopic : undefined,
        siteUrl: schedule.siteUrl ? props.siteUrl : undefined,
        visitorMail: schedule.access.visitorMail
          ? { consentKey: props.consentKey, mailFrom: props.mailFrom }
          : undefined,
        kind: 'scheduled function',
      })
      rules[schedule.id] = new events.Rule(this, `${schedule.id}-schedule`, {
        description: `Runs ${schedule.id} every ${schedule.everyMinutes} minute(s)`,
        schedule: events.Schedule.rate(Duration.minutes(schedule.everyMinutes)),
        // A run that fails is not retried: the next one is a minute away and does what it left.
        targets: [new targets.LambdaFunction(fn, { retryAttempts: 0 })],
      })
      functions[schedule.id] = fn
    }
    this.functions = functions
    this.rules = rules
  }
}

/** What a function that runs on its own (a schedule, a topic's relay) is: its bundle, access and limits. */
export interface BackgroundFunctionSpec {
  readonly id: string
  readonly description: string
  readonly access: Pick<ScheduledFunction['access'], TableName | 'pushKeys'>
  readonly memoryMb?: number
  readonly timeoutSeconds: number
}

/** What every background function is given: where its bundle is, the tables, the push key, the log group. */
export interface BackgroundFunctionProps {
  readonly functionsDir: string
  readonly tables: Readonly<Record<TableName, dynamodb.ITable>>
  readonly vapidSecret: SecretParameter
  readonly logGroup: logs.ILogGroup
}

/**
 * One function that runs on its own rather than behind the API (a scheduled function, a relay of the staff
 * topic): its bundle on arm64, its own role that may write to the functions' log group and do exactly what
 * its `access` declares (DynamoDB partitions through the same grants as the routes, the push key), and
 * publish to `notificationTopic` when given one; `siteUrl` when its messages link the site.
 */
export function backgroundFunction(
  scope: Construct,
  spec: BackgroundFunctionSpec,
  props: BackgroundFunctionProps,
  extra: {
    readonly notificationTopic?: sns.ITopic | undefined
    readonly siteUrl?: string | undefined
    /**
     * Sends messages to visitors (functions/lib/privacy/visitor-mail.ts): the consent key its signed links are
     * made with, and MAIL_FROM with `ses:SendEmail` from that address only, where a sender is set.
     */
    readonly visitorMail?:
      | { readonly consentKey: SecretParameter; readonly mailFrom?: string | undefined }
      | undefined
    /** What it is, for its role's description. @default 'function' */
    readonly kind?: string
  } = {},
): lambda.Function {
  const bundleDir = join(props.functionsDir, spec.id)
  requireBuildOutput(join(bundleDir, bundleFileName), `the bundle of function ${spec.id}`)
  const environment: Record<string, string> = { POWERTOOLS_LOG_LEVEL: 'INFO' }
  for (const name of Object.keys(tables) as TableName[]) {
    if (spec.access[name]) environment[tables[name].envVar] = props.tables[name].tableName
  }
  if (extra.notificationTopic) environment[functionEnv.leadsTopicArn] = extra.notificationTopic.topicArn
  if (spec.access.pushKeys) environment[functionEnv.vapidSecretParameter] = props.vapidSecret.parameterName
  if (extra.siteUrl) environment[functionEnv.siteUrl] = extra.siteUrl
  if (extra.visitorMail) {
    environment[functionEnv.consentKeyParameter] = extra.visitorMail.consentKey.parameterName
    if (extra.visitorMail.mailFrom) environment[functionEnv.mailFrom] = extra.visitorMail.mailFrom
  }

  const policy = new iam.PolicyDocument()
  const role = new iam.Role(scope, `${spec.id}-role`, {
    assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
    description: `Runs the ${extra.kind ?? 'function'} ${spec.id}`,
    inlinePolicies: { access: policy },
  })
  const grantee = new InlinePolicyPrincipal(role, policy)
  grantee.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
      resources: [props.logGroup.logGroupArn],
    }),
  )
  grantTablePartitions(grantee, spec.access, props.tables)
  if (extra.notificationTopic) extra.notificationTopic.grantPublish(grantee)
  if (spec.access.pushKeys) props.vapidSecret.grantRead(grantee)
  if (extra.visitorMail) {
    extra.visitorMail.consentKey.grantRead(grantee)
    if (extra.visitorMail.mailFrom) grantSendingAs(grantee, extra.visitorMail.mailFrom)
  }

  return new lambda.Function(scope, spec.id, {
    functionName: routeFunctionName(Stack.of(scope).stackName, spec.id),
    description: spec.description,
    runtime: lambda.Runtime.NODEJS_24_X,
    architecture: lambda.Architecture.ARM_64,
    code: lambda.Code.fromAsset(bundleDir),
    handler: bundleHandler,
    memorySize: spec.memoryMb ?? 512,
    timeout: Duration.seconds(spec.timeoutSeconds),
    environment,
    logGroup: props.logGroup,
    role,
  })
}
