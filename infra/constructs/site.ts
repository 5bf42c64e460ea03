import { join } from 'node:path'
import { Duration, Fn, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib'
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2'
import type * as acm from 'aws-cdk-lib/aws-certificatemanager'
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront'
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins'
import * as iam from 'aws-cdk-lib/aws-iam'
import * as s3 from 'aws-cdk-lib/aws-s3'
import { Construct } from 'constructs'
import type { SiteConfig } from '../../functions/core/site-config'
import { originSecretHeader, uploadsFolders } from '../../functions/lib/store-definitions'
import type { ContentSecurityHosts } from '../security-headers'
import { listPagePaths } from '../site-files'
import { requireBuildOutput } from './build-output'
import { cloudFrontLogFolder, cloudFrontRegion } from './edge'
import { deploySite } from './site-deployment'
import { siteFunctions } from './site-functions'
import { siteHeaders } from './site-headers'

/**
 * An S3 origin read through an origin access control whose bucket-policy grant names one folder of the
 * bucket (`<bucket>/<folder>*`) instead of the whole bucket, as `S3BucketOrigin.withOriginAccessControl`
 * would: whatever else is ever written to the bucket, CloudFront cannot read it.
 */
class FolderOrigin extends origins.S3BucketOrigin {
  constructor(
    private readonly folderBucket: s3.IBucket,
    private readonly folder: string,
  ) {
    super(folderBucket)
  }

  public override bind(scope: Construct, options: cloudfront.OriginBindOptions): cloudfront.OriginBindConfig {
    const control = new cloudfront.S3OriginAccessControl(scope, 'S3OriginAccessControl')
    const stack = Stack.of(scope)
    this.folderBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        effect: iam.Effect.ALLOW,
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.folderBucket.arnForObjects(`${this.folder}*`)],
        conditions: {
          StringEquals: {
            'AWS:SourceArn': `arn:${stack.partition}:cloudfront::${stack.account}:distribution/${options.distributionId}`,
          },
        },
      }),
    )
    const config = super.bind(scope, options)
    if (!config.originProperty) throw new Error('The S3 origin rendered no origin property')
    return {
      ...config,
      originProperty: { ...config.originProperty, originAccessControlId: control.originAccessControlId },
    }
  }
}

export interface SiteProps {
  /**
   * The prerendered site made by `npm run build`: `index.html`, `<page>/index.html`, `404/index.html` and
   * hashed `assets/*`.
   */
  readonly siteDir: string
  /** The HTTP API, served under /api/* (its routes include the `/api` prefix, which CloudFront keeps). */
  readonly api: apigwv2.IHttpApi
  /** The admin uploads: its resources/ folder only is served read-only under /files/resources/*. */
  readonly uploadsBucket: s3.IBucket
  /**
   * Receives the S3 access logs of the site bucket (`site/`) and CloudFront's access logs (`cloudfront/`,
   * delivered by CloudFront v2 logging, which the EdgePlan stack sets up in us-east-1: this construct grants
   * the delivery service that folder).
   */
  readonly accessLogsBucket: s3.IBucket
  /**
   * The current origin secret value (a token), sent to the API in the origin secret header; the functions
   * refuse requests without it (or the previous value). It is part of the distribution's configuration.
   */
  readonly originSecret: string
  /**
   * Other hosts the pages may use (analytics endpoint, video and map embeds), for the CSP.
   * @default none
   */
  readonly contentSecurityHosts?: ContentSecurityHosts
  /**
   * Public settings the page reads at run time from `/site-config.json` (e.g. the analytics endpoint).
   * @default {}
   */
  readonly siteConfig?: SiteConfig
  /**
   * Public GET routes of the API that CloudFront may cache for as long as their Cache-Control says, as
   * path patterns (e.g. `/api/jobs`). Everything else under /api/* is never cached.
   * @default none
   */
  readonly cachedApiPaths?: readonly string[]
  /**
   * Edge locations to serve from.
   * @default cloudfront.PriceClass.PRICE_CLASS_200 (includes India; PRICE_CLASS_100 does not)
   */
  readonly priceClass?: cloudfront.PriceClass
  /**
   * Custom domain names of the site. Needs `certificate`.
   * @default none: the distribution's own `*.cloudfront.net` name
   */
  readonly domainNames?: string[]
  /**
   * ACM certificate (in us-east-1) for `domainNames`. With it, viewers need TLS 1.2 (TLS_V1_2_2021); the
   * default `*.cloudfront.net` certificate has a fixed security policy that CloudFront does not let us set.
   * @default none
   */
  readonly certificate?: acm.ICertificate
  /**
   * How long CloudFront waits for the API's answer (the origin response timeout). It must exceed the
   * longest function timeout, or CloudFront answers 504 while the function is still working. At most 60 s
   * without a quota increase.
   * @default Duration.seconds(30), CloudFront's own default
   */
  readonly apiReadTimeout?: Duration
  /**
   * The ARN of the CLOUDFRONT-scope web ACL of the distribution, made in us-east-1 by the Edge stack
   * (infra/constructs/edge.ts: per-IP rate rules on the sign-in and the lead forms).
   * @default none (a SiteStack made alone, as some template tests do)
   */
  readonly webAclArn?: string
  /**
   * Whether the site bucket outlives the stack. `false` (staging, previews) empties and deletes it with the
   * stack (the stage's `retainData`).
   * @default true
   */
  readonly retainData?: boolean
}

/**
 * The website: a private bucket with the prerendered site, the CloudFront distribution in front of it that
 * also routes /api/* to the HTTP API and /files/* to the uploads bucket, and the deployment of the site.
 * Composed from one file per concern, each making its resources in this construct under their old ids: the
 * CloudFront Functions (site-functions.ts), the response headers (site-headers.ts) and the deployment of
 * the files (site-deployment.ts). The web ACL is the Edge stack's (edge.ts); this construct only attaches it.
 */
export class Site extends Construct {
  public readonly bucket: s3.Bucket
  public readonly distribution: cloudfront.Distribution
  /** `https://<distribution domain>` */
  public readonly url: string

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id)
    requireBuildOutput(join(props.siteDir, 'index.html'), 'the prerendered site')

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'site/',
      removalPolicy: props.retainData === false ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      autoDeleteObjects: props.retainData === false,
    })

    const { securityHeaders, filesHeaders } = siteHeaders(this, props.contentSecurityHosts)

    const { siteRequest, siteResponse, filesPrefix, viewerIp } = siteFunctions(
      this,
      listPagePaths(props.siteDir),
    )

    // apiEndpoint is `https://<api id>.execute-api.<region>.amazonaws.com`: the host is element 2 of a split on '/'.
    const apiDomainName = Fn.select(2, Fn.split('/', props.api.apiEndpoint))

    const apiReadTimeout = props.apiReadTimeout ?? Duration.seconds(30)
    if (apiReadTimeout.toSeconds() > 60) {
      throw new Error('Site apiReadTimeout: CloudFront allows at most 60 seconds without a quota increase')
    }
    const apiOrigin = new origins.HttpOrigin(apiDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      readTimeout: apiReadTimeout,
      customHeaders: { [originSecretHeader]: props.originSecret },
    })
    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: apiOrigin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // API Gateway answers 403 to a Host header that is not its own. With caching disabled this policy
      // also forwards the Authorization header.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      compress: true,
      functionAssociations: [{ function: viewerIp, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
    }
    // The public lists: cached as long as the function's Cache-Control says (at most 10 minutes), keyed by
    // the query string (cursor, filters). No Authorization reaches these routes' cache.
    const publicListCache = new cloudfront.CachePolicy(this, 'PublicListCache', {
      comment: 'Public API lists: the origin Cache-Control decides, up to 10 minutes',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.minutes(10),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.all(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    })
    const cachedApiBehaviors = Object.fromEntries(
      (props.cachedApiPaths ?? []).map((path): [string, cloudfront.BehaviorOptions] => [
        path,
        {
          ...apiBehavior,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD_OPTIONS,
          cachePolicy: publicListCache,
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        },
      ]),
    )

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Website, /api/* and /files/*',
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: props.priceClass ?? cloudfront.PriceClass.PRICE_CLASS_200,
      ...(props.certificate
        ? {
            certificate: props.certificate,
            domainNames: props.domainNames,
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        // LIST as well as READ: a missing key is then S3's 404 rather than 403.
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket, {
          originAccessLevels: [cloudfront.AccessLevel.READ, cloudfront.AccessLevel.LIST],
        }),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [
          { function: siteRequest, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          { function: siteResponse, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors: {
        ...cachedApiBehaviors,
        '/api/*': apiBehavior,
        '/files/*': {
          // GetObject on resources/* only: nothing else of the bucket is ever readable through CloudFront.
          origin: new FolderOrigin(props.uploadsBucket, uploadsFolders.resources),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
          compress: true,
          responseHeadersPolicy: filesHeaders,
          functionAssociations: [
            { function: filesPrefix, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          ],
        },
      },
    })
    // CDK warns about LIST on the default behaviour's origin whatever the settings; the risk it names (the
    // root URL listing the bucket) is closed by defaultRootObject and the routing function above.
    Validations.of(this.distribution).acknowledge({
      id: 'Annotation::@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
      reason: 'defaultRootObject is index.html and the clean-URL function maps / to /index.html',
    })
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'A public website for customers in India and abroad; no country is to be refused.',
    })
    if (!props.webAclArn) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR2',
        reason:
          'The web ACL comes from the us-east-1 Edge stack (infra/constructs/edge.ts, siteWithEdge); only a SiteStack made alone, as in tests, has none.',
      })
    }
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR3',
      reason:
        'Access logs use CloudFront v2 logging (AWS::Logs::Delivery, without the query string), which must be set up in us-east-1: the EdgePlan stack does it, not the legacy Logging property nag looks for.',
    })
    this.grantAccessLogDelivery(props.accessLogsBucket)
    if (!props.certificate) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, whose security policy cannot be set; with domainName/certificateArn the minimum is TLSv1.2_2021.',
      })
    }
    const firstDomain = props.certificate ? props.domainNames?.[0] : undefined
    this.url = `https://${firstDomain ?? this.distribution.distributionDomainName}`

    deploySite(this, this.bucket, this.distribution, props.siteDir, props.siteConfig ?? {})
  }

  /**
   * Lets CloudFront's v2 logging (CloudWatch vended logs, delivery sources in us-east-1 of this account)
   * write into the `cloudfront/` folder of the access-log bucket, and nothing else.
   */
  private grantAccessLogDelivery(bucket: s3.IBucket): void {
    const stack = Stack.of(this)
    bucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudFrontAccessLogDelivery',
        effect: iam.Effect.ALLOW,
        principals: [new iam.ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['s3:PutObject'],
        resources: [bucket.arnForObjects(`${cloudFrontLogFolder}/*`)],
        conditions: {
          StringEquals: { 's3:x-amz-acl': 'bucket-owner-full-control', 'aws:SourceAccount': stack.account },
          ArnLike: {
            'aws:SourceArn': `arn:${stack.partition}:logs:${cloudFrontRegion}:${stack.account}:delivery-source:*`,
          },
        },
      }),
    )
  }
}
