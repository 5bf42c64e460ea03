import { join } from 'node:path'
import { Duration, Fn, RemovalPolicy, Stack, Token, Validations } from 'aws-cdk-lib'
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2'
import type * as acm from 'aws-cdk-lib/aws-certificatemanager'
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront'
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins'
import * as iam from 'aws-cdk-lib/aws-iam'
import * as s3 from 'aws-cdk-lib/aws-s3'
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment'
import { Construct } from 'constructs'
import { type SiteConfig, siteConfigPath } from '../../functions/core/site-config'
import { originSecretHeader, uploadsFolders, viewerIpHeader } from '../../functions/lib/store-definitions'
import {
  type ContentSecurityHosts,
  companyContentHosts,
  contentSecurityPolicy,
  filesSecurityHeaders,
  hstsMaxAgeSeconds,
} from '../security-headers'
import { cacheControl, listPagePaths, notFoundPagePath, type ShellRule, shellRules } from '../site-files'
import { requireBuildOutput } from './build-output'
import { cloudFrontLogFolder, cloudFrontRegion } from './edge'

/**
 * The routing rules of the site behaviour, as CloudFront Function code (ES5, no imports). The same rules as
 * the local stand-in's resolveSitePath (infra/local/static-site.ts); a test runs both on the same paths.
 * - a known page path, with or without a trailing slash, serves its prerendered `index.html`;
 * - a path with an id (`/admin/leads/<uuid>`, infra/site-files.ts shellRules) serves its shell page's;
 * - a path whose last segment has an extension (`/assets/app-1a2b.js`, `/favicon.svg`) goes to S3 as is
 *   (a missing file is S3's 404: the origin has LIST permission);
 * - anything else serves the not-found page, and the viewer-response function sets its status to 404.
 */
function siteRoutingCode(pages: readonly string[], shells: readonly ShellRule[]): string {
  const pageSet = JSON.stringify(Object.fromEntries(pages.map((page) => [page, 1])))
  return `var NOT_FOUND = ${JSON.stringify(`${notFoundPagePath}/index.html`)};
var PAGES = ${pageSet};
var SHELLS = ${JSON.stringify(shells)};
function isPage(path) {
  return Object.prototype.hasOwnProperty.call(PAGES, path);
}
function shellOf(path) {
  for (var i = 0; i < SHELLS.length; i++) {
    var rule = SHELLS[i];
    if (path.indexOf(rule.prefix) !== 0 || !isPage(rule.shell)) continue;
    if (new RegExp(rule.id).test(path.substring(rule.prefix.length))) return rule.shell;
  }
  return undefined;
}
function route(uri) {
  var path;
  try {
    path = decodeURIComponent(uri);
  } catch (e) {
    return NOT_FOUND;
  }
  if (path.indexOf('\\u0000') !== -1 || path.split('/').indexOf('..') !== -1) return NOT_FOUND;
  var page = path.length > 1 && path.charAt(path.length - 1) === '/' ? path.substring(0, path.length - 1) : path;
  if (isPage(page)) return page === '/' ? '/index.html' : page + '/index.html';
  var shell = shellOf(page);
  if (shell) return shell + '/index.html';
  if (/\\/index\\.html$/.test(path) && isPage(path.substring(0, path.length - 11) || '/')) return uri;
  var last = path.substring(path.lastIndexOf('/') + 1);
  if (last.lastIndexOf('.') > 0 && !/\\.html$/.test(path)) return uri;
  return NOT_FOUND;
}`
}

/** Viewer request of the site behaviour: a page path → its `index.html`, an unknown path → the not-found page. */
export function siteRequestFunctionCode(
  pages: readonly string[],
  shells: readonly ShellRule[] = shellRules,
): string {
  return `${siteRoutingCode(pages, shells)}
function handler(event) {
  var request = event.request;
  request.uri = route(request.uri);
  return request;
}`
}

/**
 * Viewer response of the site behaviour: the not-found page answers with status 404. It decides from the
 * request URI with the same rules, whether CloudFront hands it the viewer's URI or the rewritten one.
 */
export function siteResponseFunctionCode(
  pages: readonly string[],
  shells: readonly ShellRule[] = shellRules,
): string {
  return `${siteRoutingCode(pages, shells)}
function handler(event) {
  var response = event.response;
  if (route(event.request.uri) === NOT_FOUND) {
    response.statusCode = 404;
    response.statusDescription = 'Not Found';
  }
  return response;
}`
}

/** The public run-time settings of the site (functions/core/site-config.ts), deployed next to the pages. */
export const siteConfigFile = siteConfigPath.slice(1)

/**
 * Viewer-request function of the /files/* behaviour. Only the resources folder of the uploads bucket is
 * public: a path that does not decode to `/files/resources/<name>` (another folder, `..`, a backslash, a NUL
 * byte, a bad escape) answers 404 without reaching S3. Otherwise the bucket keys have no `files/` prefix, so
 * `/files/resources/report.pdf` → `/resources/report.pdf`. The same rule as the local stand-in's
 * filesObjectKey (infra/local/static-site.ts); a test runs both on the same paths.
 */
export const filesPrefixFunctionCode = `var PUBLIC = ${JSON.stringify(`/files/${uploadsFolders.resources}`)};
function handler(event) {
  var request = event.request;
  var path;
  try {
    path = decodeURIComponent(request.uri);
  } catch (e) {
    path = '';
  }
  if (
    path.indexOf(PUBLIC) !== 0 ||
    path.length === PUBLIC.length ||
    path.indexOf('\\u0000') !== -1 ||
    path.indexOf('\\\\') !== -1 ||
    path.split('/').indexOf('..') !== -1
  ) {
    return { statusCode: 404, statusDescription: 'Not Found' };
  }
  request.uri = request.uri.substring('/files'.length);
  return request;
}`

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

/**
 * Tells the API who the viewer is: API Gateway sees CloudFront's address, and the managed policy that forwards
 * CloudFront's own viewer-address header would forward Host too (which API Gateway refuses). Overwrites any
 * value a client sent under the same name.
 */
export const viewerIpFunctionCode = `function handler(event) {
  var request = event.request
  request.headers['${viewerIpHeader}'] = { value: event.viewer.ip }
  return request
}`

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

    const strictTransportSecurity = {
      accessControlMaxAge: Duration.seconds(hstsMaxAgeSeconds),
      includeSubdomains: true,
      override: true,
    }
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Security headers of the pages (infra/security-headers.ts; the stand-in sends the same)',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(props.contentSecurityHosts ?? companyContentHosts()),
          override: true,
        },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        strictTransportSecurity,
      },
    })
    const filesHeaders = new cloudfront.ResponseHeadersPolicy(this, 'FilesHeaders', {
      comment: 'Uploads are downloads, never pages of the site',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: filesSecurityHeaders['content-security-policy'] ?? "default-src 'none'",
          override: true,
        },
        contentTypeOptions: { override: true },
        referrerPolicy: {
          referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
          override: true,
        },
        strictTransportSecurity,
      },
      customHeadersBehavior: {
        customHeaders: [
          {
            header: 'Content-Disposition',
            value: filesSecurityHeaders['content-disposition'] ?? 'attachment',
            override: true,
          },
        ],
      },
    })

    const pages = listPagePaths(props.siteDir)
    const siteRequest = new cloudfront.Function(this, 'CleanUrls', {
      comment: 'Clean URLs to the prerendered pages; unknown paths to the not-found page',
      code: cloudfront.FunctionCode.fromInline(siteRequestFunctionCode(pages)),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    })
    const siteResponse = new cloudfront.Function(this, 'NotFoundStatus', {
      comment: 'Status 404 for the not-found page',
      code: cloudfront.FunctionCode.fromInline(siteResponseFunctionCode(pages)),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    })
    const filesPrefix = new cloudfront.Function(this, 'FilesPrefix', {
      comment: '404 outside /files/resources/; strips /files from upload paths (the keys have no prefix)',
      code: cloudfront.FunctionCode.fromInline(filesPrefixFunctionCode),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    })

    const viewerIp = new cloudfront.Function(this, 'ViewerIp', {
      comment: 'Passes the viewer IP to the API (rate limits, login lockout)',
      code: cloudfront.FunctionCode.fromInline(viewerIpFunctionCode),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    })

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

    this.deploy(props.siteDir, props.siteConfig ?? {})
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

  /**
   * Uploads the site with the same Cache-Control rules as the local stand-in (infra/local/static-site.ts):
   * hashed assets first (kept across deployments, so a page still open in a browser finds its old assets),
   * then other files, then the HTML pages, which invalidate the distribution.
   */
  private deploy(siteDir: string, siteConfig: SiteConfig): void {
    const source = s3deploy.Source.asset(siteDir)
    // The build's empty site-config.json is replaced by the stack's settings.
    const withoutConfig = s3deploy.Source.asset(siteDir, { exclude: [siteConfigFile] })
    const config = s3deploy.Source.jsonData(siteConfigFile, siteConfig)
    const assets = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      sources: [source],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [s3deploy.CacheControl.fromString(cacheControl.hashedAsset)],
    })
    const other = new s3deploy.BucketDeployment(this, 'DeployFiles', {
      sources: [withoutConfig, config],
      destinationBucket: this.bucket,
      exclude: ['assets/*', '*.html'],
      cacheControl: [s3deploy.CacheControl.fromString(cacheControl.other)],
    })
    const pages = new s3deploy.BucketDeployment(this, 'DeployPages', {
      sources: [source],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: ['*.html'],
      cacheControl: [s3deploy.CacheControl.fromString(cacheControl.html)],
      distribution: this.distribution,
      distributionPaths: ['/*'],
    })
    other.node.addDependency(assets)
    pages.node.addDependency(other)
    this.acknowledgeDeploymentProvider()
  }

  /** The BucketDeployment provider is a singleton Lambda CDK makes and maintains; nag reports it. */
  private acknowledgeDeploymentProvider(): void {
    const stack = Stack.of(this)
    const provider = stack.node.children.find((child) =>
      child.node.id.startsWith('Custom::CDKBucketDeployment'),
    )
    if (!provider) return
    const cdkManaged = 'The provider of s3-deployment, made and maintained by the CDK'
    const bucketArn = `<${stack.getLogicalId(this.bucket.node.defaultChild as s3.CfnBucket)}.Arn>`
    // As nag prints it: placeholders where the environment is unknown, values where it is known.
    const known = (value: string, placeholder: string) => (Token.isUnresolved(value) ? placeholder : value)
    const assetBucket = `arn:${known(stack.partition, '<AWS::Partition>')}:s3:::cdk-hnb659fds-assets-${known(stack.account, '<AWS::AccountId>')}-${known(stack.region, '<AWS::Region>')}`
    const acknowledgements: Record<string, string> = {
      'AwsSolutions-L1': `${cdkManaged}; its runtime moves with aws-cdk-lib.`,
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]': `${cdkManaged}; it logs to CloudWatch.`,
      'AwsSolutions-IAM5[Action::s3:GetBucket*]': `${cdkManaged}: reads the staged asset.`,
      'AwsSolutions-IAM5[Action::s3:GetObject*]': `${cdkManaged}: reads the staged asset.`,
      'AwsSolutions-IAM5[Action::s3:List*]': `${cdkManaged}: lists the asset and the site bucket to sync them.`,
      'AwsSolutions-IAM5[Action::s3:Abort*]': `${cdkManaged}: aborts failed uploads to the site bucket.`,
      'AwsSolutions-IAM5[Action::s3:DeleteObject*]': `${cdkManaged}: prunes old pages from the site bucket.`,
      [`AwsSolutions-IAM5[Resource::${assetBucket}/*]`]: `${cdkManaged}: the bootstrap asset bucket's objects.`,
      [`AwsSolutions-IAM5[Resource::${bucketArn}/*]`]: `${cdkManaged}: the objects of the site bucket.`,
      'AwsSolutions-IAM5[Resource::*]': `${cdkManaged}: CloudFront CreateInvalidation has no resource-level permission.`,
    }
    for (const [id, reason] of Object.entries(acknowledgements))
      Validations.of(provider).acknowledge({ id, reason })
  }
}
