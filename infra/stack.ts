import { fileURLToPath } from 'node:url'
import { CfnOutput, Stack, type StackProps, Tags } from 'aws-cdk-lib'
import * as acm from 'aws-cdk-lib/aws-certificatemanager'
import type { Construct } from 'constructs'
import { type ApiRoute, routes } from '../functions/routes'
import type { DeploymentConfig } from './config'
import { Api } from './constructs/api'
import { Data } from './constructs/data'
import { Alarms, Notifications } from './constructs/notifications'
import { Site } from './constructs/site'
import { companyContentHosts } from './security-headers'
import { originSecretRotation, secretParameters } from './tables'

/** Where `npm run build` puts the route bundles: one `<route id>/index.mjs` per route. */
export const defaultFunctionsDir = fileURLToPath(new URL('../dist/functions', import.meta.url))
/** Where `npm run build` puts the prerendered site. */
export const defaultSiteDir = fileURLToPath(new URL('../dist/web/client', import.meta.url))

/**
 * Names of the stack outputs. Stable and not exported: tools read them with DescribeStacks (the admin CLI
 * reads `ContentTableName`).
 */
export const stackOutputs = {
  siteUrl: 'SiteUrl',
  apiUrl: 'ApiUrl',
  leadsTableName: 'LeadsTableName',
  contentTableName: 'ContentTableName',
  uploadsBucketName: 'UploadsBucketName',
  signingSecretParameter: secretParameters.signing.output,
  originSecretParameter: secretParameters.origin.output,
  originSecretKid: originSecretRotation.kidOutput,
  notificationTopicArn: 'NotificationTopicArn',
  createAdminCommand: 'CreateAdminCommand',
} as const

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
   * The deployment's settings (infra/config.ts reads them from CDK context).
   * @default no custom domain, no notification e-mail, no analytics, 30-day logs, leads limited to 5/10m per IP
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

  constructor(scope: Construct, id: string, props: SiteStackProps = {}) {
    super(scope, id, {
      description: 'Suryodaya Energy website: CloudFront, S3, HTTP API, Lambda, DynamoDB',
      ...props,
    })

    const config = props.config ?? {}
    if (config.stage) Tags.of(this).add('stage', config.stage)

    this.data = new Data(this, 'Data', {
      ...(config.domainName ? { uploadCorsOrigins: [`https://${config.domainName}`] } : {}),
    })
    this.notifications = new Notifications(this, 'Notifications', { email: config.notificationEmail })
    this.api = new Api(this, 'Api', {
      functionsDir: props.functionsDir ?? defaultFunctionsDir,
      tables: this.data.tables,
      uploadsBucket: this.data.uploadsBucket,
      signingSecret: this.data.signingSecret,
      notificationTopic: this.notifications.topic,
      ...(config.logRetentionDays ? { logRetention: config.logRetentionDays } : {}),
      ...(config.leadRateLimit ? { leadRateLimit: config.leadRateLimit } : {}),
    })
    const analyticsHost = config.analyticsHost && config.analyticsId ? config.analyticsHost : undefined
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
      ...(config.domainName && config.certificateArn
        ? {
            domainNames: [config.domainName],
            certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', config.certificateArn),
          }
        : {}),
    })
    this.alarms = new Alarms(this, 'Alarms', {
      topic: this.notifications.topic,
      functions: Object.values(this.api.functions),
      httpApi: this.api.httpApi,
      tables: Object.values(this.data.tables),
    })

    const outputs: Record<keyof typeof stackOutputs, { value: string; description: string }> = {
      siteUrl: { value: this.site.url, description: 'The website' },
      apiUrl: {
        value: this.api.httpApi.apiEndpoint,
        description: 'The HTTP API itself (the site calls it through CloudFront under /api)',
      },
      leadsTableName: { value: this.data.tables.leads.tableName, description: 'Leads table' },
      contentTableName: { value: this.data.tables.content.tableName, description: 'Content table' },
      uploadsBucketName: { value: this.data.uploadsBucket.bucketName, description: 'Uploads bucket' },
      signingSecretParameter: {
        value: this.data.signingSecret.parameterName,
        description: 'SSM parameter of the token-signing keys (npm run admin -- rotate-secret signing)',
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
        description: 'New leads and alarms are published here',
      },
      createAdminCommand: {
        value: `npm run admin -- create-user admin --stack ${this.stackName}`,
        description: 'Creates the first admin user and prints its password once',
      },
    }
    for (const [key, output] of Object.entries(outputs)) {
      new CfnOutput(this, stackOutputs[key as keyof typeof stackOutputs], output)
    }
  }
}
