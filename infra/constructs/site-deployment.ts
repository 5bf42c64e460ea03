import { Stack, Token, Validations } from 'aws-cdk-lib'
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront'
import type * as s3 from 'aws-cdk-lib/aws-s3'
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment'
import type { Construct } from 'constructs'
import { type SiteConfig, siteConfigPath } from '../../functions/core/site-config'
import { cacheControl } from '../site-files'

/** The public run-time settings of the site (functions/core/site-config.ts), deployed next to the pages. */
export const siteConfigFile = siteConfigPath.slice(1)

/**
 * Uploads the site with the same Cache-Control rules as the local stand-in (infra/local/static-site.ts):
 * hashed assets first (kept across deployments, so a page still open in a browser finds its old assets),
 * then other files, then the HTML pages, which invalidate the distribution.
 */
export function deploySite(
  scope: Construct,
  bucket: s3.Bucket,
  distribution: cloudfront.IDistribution,
  siteDir: string,
  siteConfig: SiteConfig,
): void {
  const source = s3deploy.Source.asset(siteDir)
  // The build's empty site-config.json is replaced by the stack's settings.
  const withoutConfig = s3deploy.Source.asset(siteDir, { exclude: [siteConfigFile] })
  const config = s3deploy.Source.jsonData(siteConfigFile, siteConfig)
  const assets = new s3deploy.BucketDeployment(scope, 'DeployAssets', {
    sources: [source],
    destinationBucket: bucket,
    exclude: ['*'],
    include: ['assets/*'],
    prune: false,
    cacheControl: [s3deploy.CacheControl.fromString(cacheControl.hashedAsset)],
  })
  const other = new s3deploy.BucketDeployment(scope, 'DeployFiles', {
    sources: [withoutConfig, config],
    destinationBucket: bucket,
    exclude: ['assets/*', '*.html'],
    cacheControl: [s3deploy.CacheControl.fromString(cacheControl.other)],
  })
  const pages = new s3deploy.BucketDeployment(scope, 'DeployPages', {
    sources: [source],
    destinationBucket: bucket,
    exclude: ['*'],
    include: ['*.html'],
    cacheControl: [s3deploy.CacheControl.fromString(cacheControl.html)],
    distribution,
    distributionPaths: ['/*'],
  })
  other.node.addDependency(assets)
  pages.node.addDependency(other)
  acknowledgeDeploymentProvider(scope, bucket)
}

/** The BucketDeployment provider is a singleton Lambda CDK makes and maintains; nag reports it. */
function acknowledgeDeploymentProvider(scope: Construct, bucket: s3.Bucket): void {
  const stack = Stack.of(scope)
  const provider = stack.node.children.find((child) =>
    child.node.id.startsWith('Custom::CDKBucketDeployment'),
  )
  if (!provider) return
  const cdkManaged = 'The provider of s3-deployment, made and maintained by the CDK'
  const bucketArn = `<${stack.getLogicalId(bucket.node.defaultChild as s3.CfnBucket)}.Arn>`
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
