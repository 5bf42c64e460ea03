import { fileURLToPath } from 'node:url'
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib'
import type { Construct } from 'constructs'
import { parseRateLimit } from '../functions/lib/config'
import { Api } from './constructs/api'
import { Data } from './constructs/data'
import { Notifications } from './constructs/notifications'
import { Site } from './constructs/site'

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
  signingSecretArn: 'SigningSecretArn',
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
   * Receives each new quote and contact by e-mail (SNS subscription).
   * @default context `notificationEmail`, else no subscription
   */
  readonly notificationEmail?: string
  /**
   * Per-IP limit of the public lead POSTs, `5/10m` style or `off`.
   * @default context `leadRateLimit`, else the functions' default 5/10m
   */
  readonly leadRateLimit?: string
}

/** The whole product in the cloud: data, API and site. Composition only; the constructs hold the detail. */
export class SiteStack extends Stack {
  public readonly data: Data
  public readonly api: Api
  public readonly site: Site
  public readonly notifications: Notifications

  constructor(scope: Construct, id: string, props: SiteStackProps = {}) {
    super(scope, id, {
      description: 'Suryodaya Energy website: CloudFront, S3, HTTP API, Lambda, DynamoDB',
      ...props,
    })

    this.data = new Data(this, 'Data')
    const notificationEmail: string | undefined =
      props.notificationEmail ?? this.node.tryGetContext('notificationEmail')
    this.notifications = new Notifications(
      this,
      'Notifications',
      notificationEmail ? { email: notificationEmail } : {},
    )
    const leadRateLimit: string | undefined = props.leadRateLimit ?? this.node.tryGetContext('leadRateLimit')
    // A typo fails the synth, not the first request.
    if (leadRateLimit !== undefined) parseRateLimit(String(leadRateLimit), 'leadRateLimit')
    this.api = new Api(this, 'Api', {
      leadsTopic: this.notifications.topic,
      ...(leadRateLimit !== undefined ? { leadRateLimit: String(leadRateLimit) } : {}),
      functionsDir: props.functionsDir ?? defaultFunctionsDir,
      tables: this.data.tables,
      uploadsBucket: this.data.uploadsBucket,
      signingSecret: this.data.signingSecret,
    })
    this.site = new Site(this, 'Site', {
      siteDir: props.siteDir ?? defaultSiteDir,
      api: this.api.httpApi,
      uploadsBucket: this.data.uploadsBucket,
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
      signingSecretArn: { value: this.data.signingSecret.secretArn, description: 'Token-signing secret' },
    }
    for (const [key, output] of Object.entries(outputs)) {
      new CfnOutput(this, stackOutputs[key as keyof typeof stackOutputs], output)
    }
  }
}
