import {
  Annotations,
  Aws,
  CfnOutput,
  Duration,
  RemovalPolicies,
  RemovalPolicy,
  Stack,
  type StackProps,
  Tags,
} from 'aws-cdk-lib'
import * as acm from 'aws-cdk-lib/aws-certificatemanager'
import type { Construct } from 'constructs'
import { type ApiRoute, defaultTimeoutSeconds, routes } from '../functions/routes'
import { buildPaths } from './build-paths'
import type { DeploymentConfig } from './config'
import { Api } from './constructs/api'
import { Data } from './constructs/data'
import { Alarms, CostBudget, Notifications } from './constructs/notifications'
import { Relays } from './constructs/relays'
import { Schedules } from './constructs/schedules'
import { Site } from './constructs/site'
import { companyContentHosts } from './security-headers'
import { originSecretRotation, secretParameters } from './stack-secrets'

/** Where `npm run build` puts the route bundles: one `<route id>/index.mjs` per route. */
export const defaultFunctionsDir = buildPaths.functions
/** Where `npm run build` puts the prerendered site. */
export const defaultSiteDir = buildPaths.site

/**
 * Names of the stack outputs. Stable and not exported: tools read them with DescribeStacks (the admin CLI
 * reads `ContentTableName`, `LeadsTableName` and `ExportsBucketName`).
 */
export const stackOutputs = {
  siteUrl: 'SiteUrl',
  distributionDomainName: 'DistributionDomainName',
  distributionId: 'DistributionId',
  apiUrl: 'ApiUrl',
  leadsTableName: 'LeadsTableName',
  contentTableName: 'ContentTableName',
  uploadsBucketName: 'UploadsBucketName',
  exportsBucketName: 'ExportsBucketName',
  signingSecretParameter: secretParameters.signing.output,
  originSecretParameter: secretParameters.origin.output,
  vapidSecretParameter: secretParameters.vapid.output,
  consentKeyParameter: secretParameters.consent.output,
  originSecretKid: originSecretRotation.kidOutput,
  notificationTopicArn: 'NotificationTopicArn',
  alarmTopicArn: 'AlarmTopicArn',
  createAdminCommand: 'CreateAdminCommand',
} as const

/** The warnings of a stack without `leadsEmail` / `alarmEmail` (the synth prints them; app.ts prints them too). */
export const noEmailWarnings = {
  leadsEmail:
    'No leadsEmail: new quotes and contacts go to an SNS topic that nobody receives. Set leadsEmail under stages.<stage> in cdk.json (and confirm the e-mail AWS sends).',
  alarmEmail:
    'No alarmEmail: the alarms go to an SNS topic that nobody receives, and there is no budget. Set alarmEmail under stages.<stage> in cdk.json (and confirm the e-mail AWS sends).',
} as const

/** The e-mail settings a configuration lacks, each with its warning. */
export function missingEmailWarnings(
  config: Partial<Pick<DeploymentConfig, keyof typeof noEmailWarnings>>,
): string[] {
  return (Object.keys(noEmailWarnings) as (keyof typeof noEmailWarnings)[])
    .filter((key) => !config[key])
    .map((key) => noEmailWarnings[key])
}

/**
 * Seconds CloudFront waits for the API beyond the longest function timeout, so a slow answer (or API
 * Gateway's own 503 at its 30 s limit) reaches the viewer instead of CloudFront's 504.
 */
export const apiReadTimeoutMarginSeconds = 5

export interface SiteStackProps extends StackProps {
  /**
   * The route bundles, `<functionsDir>/<route id>/index.mjs`.
   * @default dist/functions of this repository
   */
  readonly functionsDir?: string
  /**
   * The prerendered site.
   * @default dist/web/client of this repository
   */
  readonly siteDir?: string
  /**
   * The web ACL of the distribution, from the us-east-1 Edge stack (infra/constructs/edge.ts siteWithEdge,
   * which also sets `crossRegionReferences`).
   * @default none
   */
  readonly webAclArn?: string
  /**
   * The deployment's settings (infra/config.ts reads them from CDK context).
   * @default no custom domain, no e-mails (so no budget), no analytics, 30-day logs, leads limited to 5/10m
   * per IP, data retained and deletion protection on (as for prod), the stack's own tables, no web ACL
   */
  readonly config?: Partial<Omit<DeploymentConfig, 'stackName'>>
}

/** The whole product in the cloud: data, API and site. Composition only; the constructs hold the detail. */
export class SiteStack extends Stack {
  public readonly data: Data
  public readonly api: Api
  public readonly site: Site
  public readonly notifications: Notifications
  public readonly alarms: Alarms
  /** The scheduled functions (the response clock's sweep). */
  public readonly schedules: Schedules
  /** The staff topic's relays (the push relay: Web Push to the staff's devices). */
  public readonly relays: Relays
  /** Only with a notification e-mail and a budget amount above 0. */
  public readonly budget?: CostBudget

  constructor(scope: Construct, id: string, props: SiteStackProps = {}) {
    super(scope, id, {
      description: 'Suryodaya Energy website: CloudFront, S3, HTTP API, Lambda, DynamoDB',
      ...props,
    })

    const config = props.config ?? {}
    if (config.stage) Tags.of(this).add('stage', config.stage)
    for (const key of Object.keys(noEmailWarnings) as (keyof typeof noEmailWarnings)[]) {
      if (!config[key]) Annotations.of(this).addWarningV2(`@suryodaya/site:no-${key}`, noEmailWarnings[key])
    }
    // Prod keeps its data when the stack goes; any other stage can be destroyed without leaving any behind.
    const retainData = config.retainData ?? (config.stage ?? 'prod') === 'prod'
    if (!retainData) RemovalPolicies.of(this).destroy()

    this.data = new Data(this, 'Data', {
      ...(config.domainName ? { uploadCorsOrigins: [`https://${config.domainName}`] } : {}),
      removalPolicy: retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      deletionProtection: config.deletionProtection ?? retainData,
      existingTableNames: {
        ...(config.leadsTableName ? { leads: config.leadsTableName } : {}),
        ...(config.contentTableName ? { content: config.contentTableName } : {}),
      },
    })
    this.notifications = new Notifications(this, 'Notifications', {
      leadsEmail: config.leadsEmail,
      alarmEmail: config.alarmEmail,
    })
    this.api = new Api(this, 'Api', {
      functionsDir: props.functionsDir ?? defaultFunctionsDir,
      tables: this.data.tables,
      uploadsBucket: this.data.uploadsBucket,
      exportsBucket: this.data.exportsBucket,
      signingSecret: this.data.signingSecret,
      vapidSecret: this.data.vapidSecret,
      consentKey: this.data.consentKey,
      notificationTopic: this.notifications.topic,
      ...(config.mailFrom ? { mailFrom: config.mailFrom } : {}),
      ...(config.phoneCodeSender ? { phoneCodeSender: config.phoneCodeSender } : {}),
      ...(config.logRetentionDays ? { logRetention: config.logRetentionDays } : {}),
      ...(config.leadRateLimit ? { leadRateLimit: config.leadRateLimit } : {}),
      ...(config.requireMfa !== undefined ? { requireMfa: config.requireMfa } : {}),
      retainLogs: retainData,
      reservedConcurrency: config.reservedConcurrency ?? 0,
    })
    const analyticsHost = config.analyticsHost && config.analyticsId ? config.analyticsHost : undefined
    const longestRouteSeconds = Math.max(
      ...(routes as readonly ApiRoute[]).map((route) => route.timeoutSeconds ?? defaultTimeoutSeconds),
    )
    this.site = new Site(this, 'Site', {
      siteDir: props.siteDir ?? defaultSiteDir,
      api: this.api.httpApi,
      uploadsBucket: this.data.uploadsBucket,
      accessLogsBucket: this.data.accessLogsBucket,
      originSecret: this.api.originSecret.requireValue(),
      contentSecurityHosts: {
        ...companyContentHosts(),
        analytics: analyticsHost ? [analyticsHost] : [],
        // Large admin uploads go straight to the bucket with a presigned PUT (functions/admin/upload-url.ts).
        uploads: [`https://${this.data.uploadsBucket.bucketRegionalDomainName}`],
      },
      siteConfig:
        analyticsHost && config.analyticsId ? { analyticsHost, analyticsId: config.analyticsId } : {},
      cachedApiPaths: (routes as readonly ApiRoute[])
        .filter((route) => route.auth === 'public' && route.method === 'GET')
        .map((route) => route.path),
      apiReadTimeout: Duration.seconds(longestRouteSeconds + apiReadTimeoutMarginSeconds),
      ...(props.webAclArn ? { webAclArn: props.webAclArn } : {}),
      retainData,
      ...(config.domainName && config.certificateArn
        ? {
            domainNames: [config.domainName],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn),
          }
        : {}),
    })
    // A deleted resource's file is invalidated on CloudFront by the route that deletes it.
    this.api.allowFilesInvalidation(this.site.distribution)
    this.api.giveAlertLinks(this.site.url)
    // After the site: their alerts link its pages.
    this.schedules = new Schedules(this, 'Schedules', {
      functionsDir: props.functionsDir ?? defaultFunctionsDir,
      tables: this.data.tables,
      notificationTopic: this.notifications.topic,
      vapidSecret: this.data.vapidSecret,
      consentKey: this.data.consentKey,
      ...(config.mailFrom ? { mailFrom: config.mailFrom } : {}),
      logGroup: this.api.logGroup,
      siteUrl: this.site.url,
    })
    this.relays = new Relays(this, 'Relays', {
      functionsDir: props.functionsDir ?? defaultFunctionsDir,
      tables: this.data.tables,
      topic: this.notifications.topic,
      vapidSecret: this.data.vapidSecret,
      logGroup: this.api.logGroup,
    })
    this.alarms = new Alarms(this, 'Alarms', {
      topic: this.notifications.alarmTopic,
      httpApi: this.api.httpApi,
      functionLogGroups: [this.api.logGroup],
      leadsTopic: this.notifications.topic,
      stage: config.stage ?? 'prod',
    })
    const budgetMonthlyUsd = config.budgetMonthlyUsd ?? 10
    if (config.alarmEmail && budgetMonthlyUsd > 0) {
      this.budget = new CostBudget(this, 'CostBudget', {
        monthlyUsd: budgetMonthlyUsd,
        email: config.alarmEmail,
      })
    }

    const outputs: Record<keyof typeof stackOutputs, { value: string; description: string }> = {
      siteUrl: { value: this.site.url, description: 'The website' },
      distributionDomainName: {
        value: this.site.distribution.distributionDomainName,
        description: 'Point a custom domain here (CNAME, or a Route 53 alias)',
      },
      distributionId: {
        value: this.site.distribution.distributionId,
        description:
          'For invalidations: aws cloudfront create-invalidation --distribution-id <id> --paths "/*"',
      },
      apiUrl: {
        value: this.api.httpApi.apiEndpoint,
        description: 'The HTTP API itself (the site calls it through CloudFront under /api)',
      },
      leadsTableName: { value: this.data.tables.leads.tableName, description: 'Leads table' },
      contentTableName: { value: this.data.tables.content.tableName, description: 'Content table' },
      uploadsBucketName: { value: this.data.uploadsBucket.bucketName, description: 'Uploads bucket' },
      exportsBucketName: {
        value: this.data.exportsBucket.bucketName,
        description: 'Large exports, kept a day (npm run admin -- erase-person deletes them)',
      },
      signingSecretParameter: {
        value: this.data.signingSecret.parameterName,
        description: 'SSM parameter of the token-signing keys (npm run admin -- rotate-secret signing)',
      },
      vapidSecretParameter: {
        value: this.data.vapidSecret.parameterName,
        description:
          'SSM parameter the Web Push (VAPID) key pair is derived from (npm run admin -- rotate-secret vapid; devices opt in again)',
      },
      consentKeyParameter: {
        value: this.data.consentKey.parameterName,
        description:
          "SSM parameter of the consent ledger's HMAC key (npm run admin -- rotate-secret consent)",
      },
      originSecretParameter: {
        value: this.api.originSecret.parameterName,
        description: 'SSM parameter of the origin secret (npm run admin -- rotate-secret origin)',
      },
      originSecretKid: {
        value: this.api.originSecret.kid,
        description: 'The kid of the origin secret CloudFront sends (rotate-secret origin checks it)',
      },
      notificationTopicArn: {
        value: this.notifications.topic.topicArn,
        description: 'New quotes and contacts are published here',
      },
      alarmTopicArn: {
        value: this.notifications.alarmTopic.topicArn,
        description: 'The alarms are published here',
      },
      createAdminCommand: {
        value: `npm run admin -- create-user admin --stack ${this.stackName} --region ${Aws.REGION}`,
        description: 'Creates the first admin user and prints its password once',
      },
    }
    for (const [key, output] of Object.entries(outputs)) {
      new CfnOutput(this, stackOutputs[key as keyof typeof stackOutputs], output)
    }
  }
}
