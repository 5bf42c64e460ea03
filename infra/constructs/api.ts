import { join } from 'node:path'
import { Duration, type SecretValue, Stack, Validations } from 'aws-cdk-lib'
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2'
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations'
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb'
import * as iam from 'aws-cdk-lib/aws-iam'
import * as lambda from 'aws-cdk-lib/aws-lambda'
import * as logs from 'aws-cdk-lib/aws-logs'
import type * as s3 from 'aws-cdk-lib/aws-s3'
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager'
import type * as sns from 'aws-cdk-lib/aws-sns'
import { Construct } from 'constructs'
import { defaultLeadRateLimit } from '../../functions/lib/config'
import {
  type Access,
  type ApiRoute,
  defaultTimeoutSeconds,
  routes as routeTable,
} from '../../functions/routes'
import {
  buckets,
  functionEnv,
  routeEnvironmentNames,
  type TableName,
  tables,
  uploadsFolders,
} from '../tables'
import { requireBuildOutput } from './build-output'

/** The bundle file inside `<functionsDir>/<route id>/`; it exports `handler`. */
export const bundleFileName = 'index.mjs'
/** The Lambda handler string of every route bundle. */
export const bundleHandler = 'index.handler'

export interface ApiProps {
  /**
   * Folder holding one bundle folder per route: `<functionsDir>/<route id>/index.mjs` (made by
   * `npm run build`, see infra/build-functions.ts).
   */
  readonly functionsDir: string
  /** The tables of infra/tables.ts, by name; routes get them through `route.access`. */
  readonly tables: Readonly<Record<TableName, dynamodb.ITable>>
  /** The uploads bucket (`route.access.uploads`). */
  readonly uploadsBucket: s3.IBucket
  /** The token-signing secret (`route.access.signingSecret`). */
  readonly signingSecret: secretsmanager.ISecret
  /** The staff notification topic (`route.access.notify`). */
  readonly notificationTopic: sns.ITopic
  /**
   * The per-IP limit of the `access.rateLimited` routes, such as `5/10m` or `off`.
   * @default the functions' own default, 5/10m
   */
  readonly leadRateLimit?: string
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
   * Retention of each function's log group and of the access log.
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays
  /**
   * Stage throttling: steady requests per second and burst, over all routes together. The per-IP lead limit
   * of the functions comes on top.
   * @default { rateLimit: 50, burstLimit: 100 }
   */
  readonly throttle?: apigwv2.ThrottleSettings
}

/**
 * The HTTP API: one Lambda per entry of the route table (prebuilt bundle, no bundling at synth time) and one
 * API Gateway route per entry, with the `/api` prefix CloudFront keeps. Each function gets exactly the data
 * access its route declares, as grants, and the generated resource names as environment variables.
 */
export class Api extends Construct {
  public readonly httpApi: apigwv2.HttpApi
  public readonly stage: apigwv2.HttpStage
  /** The route functions, by route id. */
  public readonly functions: Readonly<Record<string, lambda.Function>>
  /**
   * The value CloudFront must send in the origin secret header (generated in Secrets Manager; a dynamic
   * reference in the template, never plain text). Functions get it as ORIGIN_SECRET.
   */
  public readonly originSecret: SecretValue

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id)
    const routes = props.routes ?? routeTable
    const logRetention = props.logRetention ?? logs.RetentionDays.ONE_MONTH

    const originSecret = new secretsmanager.Secret(this, 'OriginSecret', {
      description: 'Sent by CloudFront to the API in a header; requests without it are refused',
      generateSecretString: { passwordLength: 48, excludePunctuation: true, includeSpace: false },
    })
    Validations.of(originSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Only proves that a request came through CloudFront; a new value needs a redeploy of the distribution and the functions (README: rotating secrets), so it is not rotated automatically.',
    })
    this.originSecret = originSecret.secretValue

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      description: 'Website API, served behind CloudFront under /api/*',
      createDefaultStage: false,
    })
    const accessLog = new logs.LogGroup(this, 'AccessLogs', { retention: logRetention })
    this.stage = new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle ?? { rateLimit: 50, burstLimit: 100 },
      accessLogSettings: { destination: new apigwv2.LogGroupLogDestination(accessLog) },
    })

    const functions: Record<string, lambda.Function> = {}
    for (const route of routes) {
      const fn = this.routeFunction(route, props, logRetention)
      this.grantAccess(route, fn, props)
      const httpRoutes = this.httpApi.addRoutes({
        path: route.path,
        methods: [apigwv2.HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.id}-integration`, fn),
      })
      for (const httpRoute of httpRoutes) {
        Validations.of(httpRoute).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason:
            route.auth === 'public'
              ? 'A public route of the website (lead forms, public lists, login); abuse is limited in the function (per-IP limit, honeypot, lockout).'
              : 'The function verifies the Bearer token itself (jose, HS256, issuer, audience, exp) in its middleware; functions/routes.ts marks the route admin and the handler refuses to build otherwise.',
        })
      }
      functions[route.id] = fn
    }
    this.functions = functions
  }

  private routeFunction(route: ApiRoute, props: ApiProps, logRetention: logs.RetentionDays): lambda.Function {
    const bundleDir = join(props.functionsDir, route.id)
    requireBuildOutput(join(bundleDir, bundleFileName), `the bundle of route ${route.id}`)

    const environment: Record<string, string> = {
      NODE_OPTIONS: '--enable-source-maps',
      [functionEnv.originSecret]: this.originSecret.unsafeUnwrap(),
    }
    const values: Record<string, string> = {
      [buckets.uploads.envVar]: props.uploadsBucket.bucketName,
      [functionEnv.signingSecretArn]: props.signingSecret.secretArn,
      [functionEnv.leadsTopicArn]: props.notificationTopic.topicArn,
    }
    for (const name of Object.keys(tables) as TableName[])
      values[tables[name].envVar] = props.tables[name].tableName
    for (const name of routeEnvironmentNames(route.access)) {
      const value = values[name]
      if (value === undefined) throw new Error(`No value for ${name} of route ${route.id}`)
      environment[name] = value
    }
    if (route.access.rateLimited) {
      environment[functionEnv.leadRateLimit] = props.leadRateLimit ?? defaultLeadRateLimit
    }

    const logGroup = new logs.LogGroup(this, `${route.id}-logs`, { retention: logRetention })
    // Its own role that may write to its own log group and nothing else until grantAccess (instead of the
    // managed AWSLambdaBasicExecutionRole, which may write to every log group of the account).
    const role = new iam.Role(this, `${route.id}-role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Runs ${route.method} ${route.path}`,
    })
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    )
    return new lambda.Function(this, route.id, {
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
      logGroup,
      role,
    })
  }
  /**
   * Large exports: PutObject (one PUT, or the parts of a multipart upload), AbortMultipartUpload (an export
   * that fails midway leaves no parts) and GetObject (for the presigned download link) on the exports/ folder
   * only, which the bucket's lifecycle rule empties after a day. No list, no delete, nothing of resources/.
   */
  private grantExports(grantee: iam.IGrantable, bucket: s3.IBucket): void {
    iam.Grant.addToPrincipal({
      grantee,
      actions: ['s3:PutObject', 's3:AbortMultipartUpload', 's3:GetObject'],
      resourceArns: [bucket.arnForObjects(`${uploadsFolders.exports}*`)],
    })
    Validations.of(grantee.grantPrincipal instanceof iam.Role ? grantee.grantPrincipal : this).acknowledge({
      id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(bucket.node.defaultChild as s3.CfnBucket)}.Arn>/${uploadsFolders.exports}*]`,
      reason:
        'An export too large for one reply is written under a name made at request time and read back through a presigned link; the grant is PutObject, AbortMultipartUpload and GetObject on the exports/ folder only.',
    })
  }

  private grantAccess(route: ApiRoute, grantee: iam.IGrantable, props: ApiProps): void {
    const tableGrants: Record<Access, (table: dynamodb.ITable) => iam.Grant> = {
      read: (table) => table.grantReadData(grantee),
      write: (table) => table.grantWriteData(grantee),
      readWrite: (table) => table.grantReadWriteData(grantee),
    }
    for (const name of Object.keys(tables) as TableName[]) {
      const access = route.access[name]
      if (access) tableGrants[access](props.tables[name])
    }

    const bucketGrants: Record<Access, (bucket: s3.IBucket) => iam.Grant> = {
      read: (bucket) => bucket.grantRead(grantee),
      // Only PutObject, and only into the one folder uploads go to (not grantPut's Abort*/tagging/retention).
      write: (bucket) => {
        const grant = iam.Grant.addToPrincipal({
          grantee,
          actions: ['s3:PutObject'],
          resourceArns: [bucket.arnForObjects(`${uploadsFolders.resources}*`)],
        })
        Validations.of(
          grantee.grantPrincipal instanceof iam.Role ? grantee.grantPrincipal : this,
        ).acknowledge({
          id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(bucket.node.defaultChild as s3.CfnBucket)}.Arn>/${uploadsFolders.resources}*]`,
          reason:
            'An upload writes a new object whose name the server makes at request time; the grant is PutObject into the resources/ folder only.',
        })
        return grant
      },
      readWrite: (bucket) => bucket.grantReadWrite(grantee),
    }
    if (route.access.uploads) bucketGrants[route.access.uploads](props.uploadsBucket)
    if (route.access.exports) this.grantExports(grantee, props.uploadsBucket)

    if (route.access.signingSecret) {
      props.signingSecret.grantRead(grantee)
      // Verifying a token reads its user's session version (functions/lib/auth/sessions.ts).
      const content: string | undefined = route.access.content
      if (content !== 'read' && content !== 'readWrite') props.tables.content.grantReadData(grantee)
    }
    if (route.access.notify) {
      props.notificationTopic.grantPublish(grantee)
      Validations.of(grantee.grantPrincipal instanceof iam.Role ? grantee.grantPrincipal : this).acknowledge({
        id: 'AwsSolutions-IAM5[Action::kms:GenerateDataKey*]',
        reason:
          'Publishing to the encrypted topic needs a data key of its KMS key; the grant names that one key only (topic.grantPublish).',
      })
    }
  }
}
