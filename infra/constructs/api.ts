import { createHash } from 'node:crypto'
import { join } from 'node:path'
import { ArnFormat, CfnParameter, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib'
import * as apigateway from 'aws-cdk-lib/aws-apigateway'
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2'
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront'
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb'
import * as iam from 'aws-cdk-lib/aws-iam'
import * as lambda from 'aws-cdk-lib/aws-lambda'
import * as logs from 'aws-cdk-lib/aws-logs'
import type * as s3 from 'aws-cdk-lib/aws-s3'
import type * as sns from 'aws-cdk-lib/aws-sns'
import { Construct } from 'constructs'
import { defaultLeadRateLimit, deployedRequiredMfaRoles } from '../../functions/lib/config'
import { partitionGrants } from '../../functions/lib/db/partition-access'
import { type PhoneCodeSender, phoneCodeSenderEnvironment } from '../../functions/lib/privacy/phone-codes'
import {
  buckets,
  functionEnv,
  phoneCodeEnvironment,
  routeEnvironmentNames,
  type TableName,
  tables,
  uploadsFolders,
} from '../../functions/lib/store-definitions'
import {
  type ApiRoute,
  defaultTimeoutSeconds,
  nodeOptionsOf,
  routes as routeTable,
  type UploadAction,
} from '../../functions/routes'
import { originSecretRotation, secretParameters } from '../stack-secrets'
import { requireBuildOutput } from './build-output'
import { SecretParameter } from './secret-parameter'

/** The bundle file inside `<functionsDir>/<route id>/`; it exports `handler`. */
export const bundleFileName = 'index.mjs'
/** The Lambda handler string of every route bundle. */
export const bundleHandler = 'index.handler'

/**
 * One JSON object per request in the API access log (HTTP API `$context` variables): which route, what it
 * answered, how long the gateway and the function took, and why an integration failed. No client address,
 * header or body: those can be personal data.
 */
export const accessLogFields = {
  requestId: '$context.requestId',
  time: '$context.requestTime',
  routeKey: '$context.routeKey',
  method: '$context.httpMethod',
  path: '$context.path',
  status: '$context.status',
  responseLength: '$context.responseLength',
  responseLatencyMs: '$context.responseLatency',
  integrationStatus: '$context.integrationStatus',
  integrationLatencyMs: '$context.integrationLatency',
  integrationError: '$context.integrationErrorMessage',
  error: '$context.error.message',
} as const

export interface ApiProps {
  /**
   * Folder holding one bundle folder per route: `<functionsDir>/<route id>/index.mjs` (made by
   * `npm run build`, see infra/build-functions.ts).
   */
  readonly functionsDir: string
  /** The tables of functions/lib/store-definitions.ts, by name; routes get them through `route.access`. */
  readonly tables: Readonly<Record<TableName, dynamodb.ITable>>
  /** The uploads bucket (`route.access.uploads`). */
  readonly uploadsBucket: s3.IBucket
  /** The exports bucket (`route.access.exports`). */
  readonly exportsBucket: s3.IBucket
  /** The token-signing keys (`route.access.signingSecret`). */
  readonly signingSecret: SecretParameter
  /** The Web Push key pair's secret (`route.access.pushKeys`). */
  readonly vapidSecret: SecretParameter
  /** The consent ledger's HMAC key (`route.access.consentKey`). */
  readonly consentKey: SecretParameter
  /** The staff notification topic (`route.access.notify`). */
  readonly notificationTopic: sns.ITopic
  /**
   * The sender of the messages to visitors (`route.access.visitorMail`): an address of an identity verified
   * in SES. Without it those functions send nothing and say so.
   * @default none
   */
  readonly mailFrom?: string
  /**
   * How one-time codes reach mobile numbers (`route.access.phoneCodes`): SMS through SNS or WhatsApp. Without
   * it those functions get neither the settings nor the permission, and the staff call numbers back.
   * @default none
   */
  readonly phoneCodeSender?: PhoneCodeSender
  /**
   * The per-IP limit of the `access.rateLimited` routes, such as `5/10m` or `off`.
   * @default the functions' own default, 5/10m
   */
  readonly leadRateLimit?: string
  /**
   * The staff roles that must sign in with MFA, comma-separated (`owner,sales,viewer`, or '' for none): given
   * to the routes whose access says `mfaPolicy` (the login) as REQUIRE_MFA.
   * @default 'owner,sales,viewer' (deployedRequiredMfaRoles)
   */
  readonly requireMfa?: string
  /**
   * The routes to serve.
   * @default the route table of functions/routes.ts
   */
  readonly routes?: readonly ApiRoute[]
  /**
   * Memory of each function, in MB.
   * @default 512
   */
  readonly memorySize?: number
  /**
   * Timeout of each function.
   * @default Duration.seconds(defaultTimeoutSeconds) of functions/routes.ts
   */
  readonly timeout?: Duration
  /**
   * Retention of the functions' log group and of the access log.
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays
  /**
   * Whether the log groups outlive the stack (the stage's `retainData`).
   * @default true
   */
  readonly retainLogs?: boolean
  /**
   * Reserved concurrency of each public route's function (config `reservedConcurrency`): at most this many
   * run at once, and that many are set aside for it. 0 reserves nothing.
   * @default 0
   */
  readonly reservedConcurrency?: number
  /**
   * Stage throttling of each route without a `throttle` of its own in the route table: steady requests per
   * second and burst. The per-IP lead limit of the functions comes on top.
   * @default { rateLimit: 50, burstLimit: 100 }
   */
  readonly throttle?: apigwv2.ThrottleSettings
}

/**
 * Grants to a route's role land in one inline policy of the role (its `Policies`), not in an
 * AWS::IAM::Policy resource of their own: the same statements, one resource fewer per route.
 */
/**
 * `ses:SendEmail` from `mailFrom` only (a function with `visitorMail`): the identity SES checks is the address
 * or its domain, whichever was verified; the sender is pinned.
 */
export function grantSendingAs(grantee: InlinePolicyPrincipal, mailFrom: string): void {
  const stack = Stack.of(grantee.role)
  const identity = (name: string) =>
    stack.formatArn({
      service: 'ses',
      resource: 'identity',
      resourceName: name,
      arnFormat: ArnFormat.SLASH_RESOURCE_NAME,
    })
  grantee.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: [identity(mailFrom), identity(mailFrom.split('@')[1] ?? mailFrom)],
      conditions: { StringEquals: { 'ses:FromAddress': mailFrom } },
    }),
  )
}

/**
 * What sending codes to mobile numbers needs (a function with `phoneCodes`, where the stack sets a sender).
 * SMS: `sns:Publish` straight to a phone number, which IAM can only grant on `*` (a number has no ARN); the
 * grant is written as every resource that is not an SNS ARN, so it publishes to no topic or app endpoint
 * (the staff topic's own grant is separate). WhatsApp: reading the token's parameter, nothing else.
 */
export function grantPhoneCodes(grantee: InlinePolicyPrincipal, sender: PhoneCodeSender): void {
  if (sender.channel === 'whatsapp') {
    grantee.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ssm:GetParameter'],
        resources: [
          Stack.of(grantee.role).formatArn({
            service: 'ssm',
            resource: 'parameter',
            resourceName: sender.tokenParameter.replace(/^\//, ''),
          }),
        ],
      }),
    )
    return
  }
  grantee.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: ['sns:Publish'], notResources: ['arn:*:sns:*:*:*'] }),
  )
}

export class InlinePolicyPrincipal implements iam.IPrincipal {
  public readonly grantPrincipal: iam.IPrincipal = this
  public readonly assumeRoleAction: string
  public readonly principalAccount: string | undefined

  constructor(
    public readonly role: iam.Role,
    private readonly document: iam.PolicyDocument,
  ) {
    this.assumeRoleAction = role.assumeRoleAction
    this.principalAccount = role.principalAccount
  }

  get policyFragment(): iam.PrincipalPolicyFragment {
    return this.role.policyFragment
  }

  addToPrincipalPolicy(statement: iam.PolicyStatement): iam.AddToPrincipalPolicyResult {
    this.document.addStatements(statement)
    return { statementAdded: true, policyDependable: this.role }
  }

  addToPolicy(statement: iam.PolicyStatement): boolean {
    return this.addToPrincipalPolicy(statement).statementAdded
  }
}

/** CloudFormation resources each route adds to the stack: its function, its role, its invoke permission. */
export const resourcesPerRoute = 3

/**
 * The name of a route's function: `<stack name>-<route id>`, shortened with a hash of the whole to Lambda's
 * 64 characters. Known before the function exists, so the API's definition names it without referring to
 * it (the distribution fronts the API, and a function may name the distribution: no cycle).
 */
export function routeFunctionName(stackName: string, routeId: string): string {
  const full = `${stackName}-${routeId}`
  if (full.length <= 64) return full
  const hash = createHash('sha256').update(full).digest('hex').slice(0, 8)
  return `${full.slice(0, 64 - hash.length - 1)}-${hash}`
}

/**
 * The HTTP API: one Lambda per entry of the route table (prebuilt bundle, no bundling at synth time) and one
 * API Gateway route per entry, with the `/api` prefix CloudFront keeps. Each function gets exactly the data
 * access its route declares (in DynamoDB: the actions it calls, on the partitions it touches), and the
 * generated resource names as environment variables.
 *
 * Room to grow (CloudFormation allows 500 resources a stack): a route costs `resourcesPerRoute` resources.
 * The routes and their Lambda integrations are the API's OpenAPI definition (its `Body`), not a Route and an
 * Integration resource each; each role keeps its policy inline; the functions share one log group, so the
 * alarms' metric filters are a few for all of them.
 */
export class Api extends Construct {
  public readonly httpApi: apigwv2.HttpApi
  public readonly stage: apigwv2.HttpStage
  /** The route functions, by route id. */
  public readonly functions: Readonly<Record<string, lambda.Function>>
  /** The one log group of every route function (Lambda's log stream names say which function wrote). */
  public readonly logGroup: logs.LogGroup
  /** Where each route's grants go (its role's inline policy), by route id. */
  private readonly grantees: Record<string, InlinePolicyPrincipal> = {}
  /** The routes served (the route table unless `props.routes` says otherwise). */
  private readonly routes: readonly ApiRoute[]
  /**
   * The origin secret: an SSM parameter (`/<stack name>/origin-secret`) holding the current and previous
   * values; every function reads it (ORIGIN_SECRET_PARAMETER, cached for minutes) and accepts either.
   * `originSecret.value` is the current value, for the header CloudFront sends: it ends up in the
   * distribution's configuration and the stack's events, visible to whoever may read those (CloudFront offers
   * no secret store for origin headers). A change of the stack parameter OriginHeaderRotation makes CloudFormation read the
   * parameter again, which is how `npm run admin -- rotate-secret origin` gives CloudFront a new value.
   */
  public readonly originSecret: SecretParameter

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id)
    const routes: readonly ApiRoute[] = props.routes ?? routeTable
    this.routes = routes
    const logRetention = props.logRetention ?? logs.RetentionDays.ONE_MONTH
    const removalPolicy = props.retainLogs === false ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN

    const rotation = new CfnParameter(Stack.of(this), originSecretRotation.parameter, {
      type: 'String',
      default: 'initial',
      description:
        'Changed by npm run admin -- rotate-secret origin: CloudFront then gets the current origin secret from SSM.',
    })
    this.originSecret = new SecretParameter(this, 'OriginSecretParameter', {
      parameterName: `/${Stack.of(this).stackName}/${secretParameters.origin.nameSuffix}`,
      description:
        'Sent by CloudFront to the API in a header (current value); the API accepts current and previous. Rotate with npm run admin -- rotate-secret origin.',
      exposeValue: true,
      rotation: rotation.valueAsString,
    })

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      description: 'Website API, served behind CloudFront under /api/*',
      createDefaultStage: false,
    })
    const accessLog = new logs.LogGroup(this, 'AccessLogs', { retention: logRetention, removalPolicy })
    this.logGroup = new logs.LogGroup(this, 'FunctionLogs', { retention: logRetention, removalPolicy })
    this.stage = new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLog),
        format: apigateway.AccessLogFormat.custom(JSON.stringify(accessLogFields)),
      },
    })
    // The template's RouteSettings is free JSON, written as CloudFormation spells it (not converted by CDK).
    const routeSettings: Record<string, { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }> = {}

    const functions: Record<string, lambda.Function> = {}
    // The routes as the API's OpenAPI definition: path → method → its Lambda proxy integration (payload
    // format 2.0, as HttpLambdaIntegration made it). API Gateway creates the routes and integrations.
    const paths: Record<string, Record<string, unknown>> = {}
    for (const route of routes) {
      const { fn, grantee, functionArn } = this.routeFunction(route, props)
      this.grantees[route.id] = grantee
      this.grantAccess(route, grantee, props)
      const operations = paths[route.path] ?? {}
      paths[route.path] = operations
      operations[route.method.toLowerCase()] = {
        // Who may call it is checked by the function (origin secret, and for admin routes the token and
        // role of functions/routes.ts): the route itself has no authorizer.
        'x-amazon-apigateway-integration': {
          type: 'aws_proxy',
          httpMethod: 'POST',
          uri: functionArn,
          payloadFormatVersion: '2.0',
          connectionType: 'INTERNET',
        },
      }
      // Any stage of this API may invoke the function, on this route only.
      fn.addPermission('ApiInvoke', {
        principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
        sourceArn: Stack.of(this).formatArn({
          service: 'execute-api',
          resource: this.httpApi.apiId,
          resourceName: `*/${route.method}${route.path.replace(/\{[^}]+\}/g, '*')}`,
        }),
      })
      if (route.throttle) {
        routeSettings[`${route.method} ${route.path}`] = {
          ThrottlingRateLimit: route.throttle.rateLimit,
          ThrottlingBurstLimit: route.throttle.burstLimit,
        }
      }
      functions[route.id] = fn
    }
    this.functions = functions
    const api = this.httpApi.node.defaultChild as apigwv2.CfnApi
    api.body = {
      openapi: '3.0.1',
      info: { title: `${Stack.of(this).stackName}-api`, version: '1' },
      paths,
    }
    // With a Body, the name comes from info.title and the protocol is HTTP; CloudFormation wants neither twice.
    api.addPropertyDeletionOverride('Name')
    api.addPropertyDeletionOverride('ProtocolType')
    if (Object.keys(routeSettings).length > 0) {
      ;(this.stage.node.defaultChild as apigwv2.CfnStage).routeSettings = routeSettings
    }
  }

  private routeFunction(
    route: ApiRoute,
    props: ApiProps,
  ): { fn: lambda.Function; grantee: InlinePolicyPrincipal; functionArn: string } {
    const bundleDir = join(props.functionsDir, route.id)
    requireBuildOutput(join(bundleDir, bundleFileName), `the bundle of route ${route.id}`)

    // No --enable-source-maps: it costs every cold start ~20 ms and the exports ~300 ms. Logged traces point
    // into the bundle; `npm run map-trace -- <route id>` maps them to the source (infra/tools/map-trace.ts).
    const environment: Record<string, string> = {
      ...nodeOptionsOf(route),
      POWERTOOLS_LOG_LEVEL: 'INFO', // the level of functions/lib/logging.ts; DEBUG to see more of one function
      [functionEnv.originSecretParameter]: this.originSecret.parameterName,
    }
    const values: Record<string, string> = {
      [buckets.uploads.envVar]: props.uploadsBucket.bucketName,
      [buckets.exports.envVar]: props.exportsBucket.bucketName,
      [functionEnv.signingSecretParameter]: props.signingSecret.parameterName,
      [functionEnv.vapidSecretParameter]: props.vapidSecret.parameterName,
      [functionEnv.consentKeyParameter]: props.consentKey.parameterName,
      [functionEnv.leadsTopicArn]: props.notificationTopic.topicArn,
      [functionEnv.requireMfa]: props.requireMfa ?? deployedRequiredMfaRoles,
    }
    for (const name of Object.keys(tables) as TableName[])
      values[tables[name].envVar] = props.tables[name].tableName
    for (const name of routeEnvironmentNames(route.access)) {
      // The distribution is made after the functions (it fronts the API): see allowFilesInvalidation and
      // giveAlertLinks.
      if (name === functionEnv.filesDistributionId || name === functionEnv.siteUrl) continue
      if (name === functionEnv.mailFrom) {
        if (props.mailFrom) environment[name] = props.mailFrom
        continue
      }
      if ((phoneCodeEnvironment as readonly string[]).includes(name)) continue
      const value = values[name]
      if (value === undefined) throw new Error(`No value for ${name} of route ${route.id}`)
      environment[name] = value
    }
    if (route.access.rateLimited) {
      environment[functionEnv.leadRateLimit] = props.leadRateLimit ?? defaultLeadRateLimit
    }
    if (route.access.phoneCodes && props.phoneCodeSender)
      Object.assign(environment, phoneCodeSenderEnvironment(props.phoneCodeSender))

    // Its own role that may write to the functions' log group and nothing else until grantAccess (instead
    // of the managed AWSLambdaBasicExecutionRole, which may write to every log group of the account). Its
    // grants are one inline policy of the role (InlinePolicyPrincipal).
    const policy = new iam.PolicyDocument()
    const role = new iam.Role(this, `${route.id}-role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${route.method} ${route.path}`,
      inlinePolicies: { access: policy },
    })
    const grantee = new InlinePolicyPrincipal(role, policy)
    grantee.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    )
    const reserved = route.auth === 'public' ? (props.reservedConcurrency ?? 0) : 0
    const stack = Stack.of(this)
    const functionName = routeFunctionName(stack.stackName, route.id)
    const fn = new lambda.Function(this, route.id, {
      functionName,
      description: `${route.method} ${route.path}`,
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      code: lambda.Code.fromAsset(bundleDir),
      handler: bundleHandler,
      memorySize: route.memoryMb ?? props.memorySize ?? 512,
      timeout: route.timeoutSeconds
        ? Duration.seconds(route.timeoutSeconds)
        : (props.timeout ?? Duration.seconds(defaultTimeoutSeconds)),
      environment,
      logGroup: this.logGroup,
      role,
      ...(reserved > 0 ? { reservedConcurrentExecutions: reserved } : {}),
    })
    const functionArn = stack.formatArn({
      service: 'lambda',
      resource: 'function',
      resourceName: functionName,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    })
    return { fn, grantee, functionArn }
  }
  /**
   * Gives the routes with `access.invalidateFiles` the id of the distribution that serves /files/* and
   * CreateInvalidation on it. Called once the distribution exists: it is made after the API, whose endpoint
   * it fronts (the template has no cycle: distribution → API; function → distribution).
   */
  public allowFilesInvalidation(distribution: cloudfront.IDistribution): void {
    const routes = this.routes.filter((route) => route.access.invalidateFiles)
    for (const route of routes) {
      const fn = this.functions[route.id]
      const grantee = this.grantees[route.id]
      if (!fn || !grantee) throw new Error(`No function for route ${route.id}`)
      fn.addEnvironment(functionEnv.filesDistributionId, distribution.distributionId)
      distribution.grantCreateInvalidation(grantee)
    }
  }

  /**
   * The site's origin for the staff messages' lead links (SITE_URL), given to the routes that notify once the
   * site is made: like the distribution's id above, it comes from the distribution that fronts this API.
   */
  public giveAlertLinks(siteUrl: string): void {
    for (const route of this.routes.filter((route) => route.access.notify || route.access.visitorMail)) {
      const fn = this.functions[route.id]
      if (!fn) throw new Error(`No function for route ${route.id}`)
      fn.addEnvironment(functionEnv.siteUrl, siteUrl)
    }
  }

  /**
   * Large exports: PutObject (one PUT, or the parts of a multipart upload), AbortMultipartUpload (an export
   * that fails midway leaves no parts) and GetObject (for the presigned download link) on the objects of the
   * exports bucket, which its lifecycle rule empties after a day. No list, no delete, nothing of the uploads.
   */
  private grantExports(grantee: InlinePolicyPrincipal, bucket: s3.IBucket): void {
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['s3:PutObject', 's3:AbortMultipartUpload', 's3:GetObject'],
      resourceArns: [bucket.arnForObjects('*')],
    })
    Validations.of(grantee.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(bucket.node.defaultChild as s3.CfnBucket)}.Arn>/*]`,
      reason:
        'An export too large for one reply is written under a name made at request time and read back through a presigned link; the grant is PutObject, AbortMultipartUpload and GetObject on the objects of the exports bucket only.',
    })
  }

  /**
   * An erasure's export files (functions/lib/db/erasure.ts eraseExportFiles): ListBucket on the exports bucket
   * and DeleteObject on its objects, which any large export of the last day may be; no read, no write.
   */
  private grantExportErasure(grantee: InlinePolicyPrincipal, bucket: s3.IBucket): void {
    iam.Grant.addToPrincipal({ grantee, actions: ['s3:ListBucket'], resourceArns: [bucket.bucketArn] })
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['s3:DeleteObject'],
      resourceArns: [bucket.arnForObjects('*')],
    })
    Validations.of(grantee.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(bucket.node.defaultChild as s3.CfnBucket)}.Arn>/*]`,
      reason:
        'An erasure deletes every large export of the last day, any of which may name the person, under names made at export time; the grant is DeleteObject on the objects of the exports bucket only, and ListBucket on it.',
    })
  }

  /**
   * The uploads: each action the route names (PutObject, GetObject, DeleteObject), on the resources/ folder
   * only (not grantPut's Abort*, tagging or retention; no list).
   */
  private grantUploads(
    grantee: InlinePolicyPrincipal,
    bucket: s3.IBucket,
    uploads: readonly UploadAction[],
  ): void {
    const actions: Record<UploadAction, string> = {
      put: 's3:PutObject',
      get: 's3:GetObject',
      delete: 's3:DeleteObject',
    }
    iam.Grant.addToPrincipal({
      grantee,
      actions: uploads.map((action) => actions[action]),
      resourceArns: [bucket.arnForObjects(`${uploadsFolders.resources}*`)],
    })
    Validations.of(grantee.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(bucket.node.defaultChild as s3.CfnBucket)}.Arn>/${uploadsFolders.resources}*]`,
      reason:
        'Uploads are objects whose names the server makes at request time; the grant is the actions the route names (put, get, delete) on the resources/ folder only.',
    })
  }

  private grantPartitions(route: ApiRoute, grantee: iam.IGrantable, props: ApiProps): void {
    grantTablePartitions(grantee, route.access, props.tables)
  }

  private grantAccess(route: ApiRoute, grantee: InlinePolicyPrincipal, props: ApiProps): void {
    this.grantPartitions(route, grantee, props)

    if (route.access.uploads?.length) this.grantUploads(grantee, props.uploadsBucket, route.access.uploads)
    if (route.access.exports) this.grantExports(grantee, props.exportsBucket)
    if (route.access.exportErasure) this.grantExportErasure(grantee, props.exportsBucket)

    this.originSecret.grantRead(grantee)
    if (route.access.signingSecret) props.signingSecret.grantRead(grantee)
    if (route.access.pushKeys) props.vapidSecret.grantRead(grantee)
    if (route.access.consentKey || route.access.visitorMail) props.consentKey.grantRead(grantee)
    if (route.access.visitorMail && props.mailFrom) grantSendingAs(grantee, props.mailFrom)
    if (route.access.phoneCodes && props.phoneCodeSender) grantPhoneCodes(grantee, props.phoneCodeSender)
    if (route.access.notify) {
      props.notificationTopic.grantPublish(grantee)
    }
    if (route.access.alertSubscriptions) {
      // The service's reference names the topic as the resource of these actions; the subscriptions' own ARNs
      // (the topic's ARN and an id) are listed too, so either reading allows them and nothing beyond the topic.
      grantee.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ['sns:Subscribe', 'sns:Unsubscribe', 'sns:SetSubscriptionAttributes'],
          resources: [props.notificationTopic.topicArn, `${props.notificationTopic.topicArn}:*`],
        }),
      )
      Validations.of(grantee.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(props.notificationTopic.node.defaultChild as sns.CfnTopic)}>:*]`,
        reason:
          "A staff member's e-mail subscription to the staff topic is made, moved and removed when the owners change their record; its ARN (the topic's and an id SNS makes) is known only then. The grant is Subscribe, Unsubscribe and SetSubscriptionAttributes on that topic's subscriptions only.",
      })
    }
  }
}

/**
 * The DynamoDB actions a function declares (a route's or a schedule's `access`), each on its partitions only:
 * one statement per distinct set of partitions, on the table itself (no index), with a
 * `dynamodb:LeadingKeys` condition naming them. `ForAllValues` makes every key of a request count (a
 * BatchGetItem's, a Query's), and StringEquals is the exact partition, as a Query's key condition on it is an
 * equality. No Scan is ever granted: a Scan has no leading key, and an empty set satisfies any ForAllValues
 * condition.
 */
export function grantTablePartitions(
  grantee: iam.IGrantable,
  access: Pick<ApiRoute['access'], TableName>,
  tablesByName: Readonly<Record<TableName, dynamodb.ITable>>,
): void {
  for (const name of Object.keys(tables) as TableName[]) {
    const declared = access[name]
    if (!declared) continue
    const table = tablesByName[name]
    for (const grant of partitionGrants(declared)) {
      const wildcard = grant.partitions.some((partition) => partition.includes('*'))
      iam.Grant.addToPrincipal({
        grantee,
        actions: grant.actions.map((action) => `dynamodb:${action}`),
        resourceArns: [table.tableArn],
        conditions: {
          [wildcard ? 'ForAllValues:StringLike' : 'ForAllValues:StringEquals']: {
            'dynamodb:LeadingKeys': grant.partitions,
          },
        },
      })
    }
    // Tables encrypted with a customer key need its use granted too (AWS-managed keys need nothing).
    table.encryptionKey?.grantEncryptDecrypt(grantee)
  }
}
