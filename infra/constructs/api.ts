import { join } from 'node:path'
import { Duration } from 'aws-cdk-lib'
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2'
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations'
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb'
import type * as iam from 'aws-cdk-lib/aws-iam'
import * as lambda from 'aws-cdk-lib/aws-lambda'
import * as logs from 'aws-cdk-lib/aws-logs'
import type * as s3 from 'aws-cdk-lib/aws-s3'
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager'
import type * as sns from 'aws-cdk-lib/aws-sns'
import { Construct } from 'constructs'
import { type Access, type ApiRoute, routes as routeTable } from '../../functions/routes'
import { buckets, functionEnv, type TableName, tables } from '../tables'
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
  /**
   * The staff-notification topic; routes with `access.notify` get its ARN and may publish to it.
   * @default no topic (the functions log the message instead)
   */
  readonly leadsTopic?: sns.ITopic
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
   * @default Duration.seconds(10)
   */
  readonly timeout?: Duration
  /**
   * Retention of each function's log group.
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays
}

/**
 * The HTTP API: one Lambda per entry of the route table (prebuilt bundle, no bundling at synth time) and one
 * API Gateway route per entry, with the `/api` prefix CloudFront keeps. Each function gets exactly the data
 * access its route declares, as grants, and the generated resource names as environment variables.
 */
export class Api extends Construct {
  public readonly httpApi: apigwv2.HttpApi
  /** The route functions, by route id. */
  public readonly functions: Readonly<Record<string, lambda.Function>>

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id)
    const routes = props.routes ?? routeTable

    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      description: 'Website API, served behind CloudFront under /api/*',
      createDefaultStage: true,
    })

    const functions: Record<string, lambda.Function> = {}
    for (const route of routes) {
      const fn = this.routeFunction(route, props)
      this.grantAccess(route, fn, props)
      this.httpApi.addRoutes({
        path: route.path,
        methods: [apigwv2.HttpMethod[route.method]],
        integration: new HttpLambdaIntegration(`${route.id}-integration`, fn),
      })
      functions[route.id] = fn
    }
    this.functions = functions
  }

  private routeFunction(route: ApiRoute, props: ApiProps): lambda.Function {
    const bundleDir = join(props.functionsDir, route.id)
    requireBuildOutput(join(bundleDir, bundleFileName), `the bundle of route ${route.id}`)

    const environment: Record<string, string> = { NODE_OPTIONS: '--enable-source-maps' }
    for (const name of Object.keys(tables) as TableName[]) {
      if (route.access[name]) environment[tables[name].envVar] = props.tables[name].tableName
    }
    if (route.access.uploads) environment[buckets.uploads.envVar] = props.uploadsBucket.bucketName
    if (route.access.signingSecret) environment[functionEnv.signingSecretArn] = props.signingSecret.secretArn
    if (route.access.rateLimited && props.leadRateLimit)
      environment[functionEnv.leadRateLimit] = props.leadRateLimit
    if (route.access.notify && props.leadsTopic)
      environment[functionEnv.leadsTopicArn] = props.leadsTopic.topicArn

    const logGroup = new logs.LogGroup(this, `${route.id}-logs`, {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
    })
    return new lambda.Function(this, route.id, {
      description: `${route.method} ${route.path}`,
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      code: lambda.Code.fromAsset(bundleDir),
      handler: bundleHandler,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      environment,
      logGroup,
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
      write: (bucket) => bucket.grantPut(grantee),
      readWrite: (bucket) => bucket.grantReadWrite(grantee),
    }
    if (route.access.uploads) bucketGrants[route.access.uploads](props.uploadsBucket)

    if (route.access.signingSecret) props.signingSecret.grantRead(grantee)
    if (route.access.notify) props.leadsTopic?.grantPublish(grantee)
  }
}
