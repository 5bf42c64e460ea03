import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { App, type CfnResource, Stack, Validations } from 'aws-cdk-lib'
import { Match, Template } from 'aws-cdk-lib/assertions'
import * as s3 from 'aws-cdk-lib/aws-s3'
import { AwsSolutionsChecks } from 'cdk-nag'
import type { IConstruct } from 'constructs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiRoute, routes } from '../../functions/routes'
import { bundleFileName, bundleHandler } from '../../infra/constructs/api'
import { filesPrefixFunctionCode, viewerIpFunctionCode } from '../../infra/constructs/site'
import { companyContentHosts, siteSecurityHeaders } from '../../infra/security-headers'
import { SiteStack, stackOutputs } from '../../infra/stack'
import {
  buckets,
  functionEnv,
  originSecretHeader,
  tables,
  uploadsFolders,
  viewerIpHeader,
} from '../../infra/tables'

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string }

/** The feature flags the real app synthesises with. */
const cdkContext = JSON.parse(readFileSync(new URL('../../cdk.json', import.meta.url), 'utf8')).context

let buildDir: string
let functionsDir: string
let siteDir: string

/** Fake build outputs, so these tests do not depend on `npm run build`. */
function makeFakeBuild(): void {
  buildDir = mkdtempSync(join(tmpdir(), 'site-stack-test-'))
  functionsDir = join(buildDir, 'functions')
  siteDir = join(buildDir, 'site')
  for (const route of routes) {
    mkdirSync(join(functionsDir, route.id), { recursive: true })
    writeFileSync(
      join(functionsDir, route.id, bundleFileName),
      'export const handler = async () => ({ statusCode: 200 })\n',
    )
  }
  mkdirSync(join(siteDir, 'assets'), { recursive: true })
  writeFileSync(join(siteDir, 'index.html'), '<!doctype html><title>Home</title>\n')
  writeFileSync(join(siteDir, 'assets', 'app-1a2b3c.js'), 'console.log(1)\n')
}

function buildStack(props: { functionsDir: string; siteDir: string }): SiteStack {
  const app = new App({ context: cdkContext, outdir: join(buildDir, 'cdk.out') })
  return new SiteStack(app, 'TestSite', props)
}

/** Every optional knob set, as a deployment with its own domain would. */
const fullConfig = {
  stage: 'prod',
  domainName: 'www.suryodaya.example',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789',
  notificationEmail: 'leads@suryodaya.example',
  analyticsHost: 'https://plausible.io',
  analyticsId: 'suryodaya.example',
  logRetentionDays: 90,
  leadRateLimit: '3/1h',
} as const

let stack: SiteStack
let template: Template
let resources: Record<string, Resource>

const logicalId = (construct: IConstruct): string =>
  (construct.node.defaultChild as CfnResource).stack.getLogicalId(construct.node.defaultChild as CfnResource)
const resourceOf = (construct: IConstruct): Resource => {
  const resource = resources[logicalId(construct)]
  if (!resource) throw new Error(`No resource for ${construct.node.path}`)
  return resource
}
const ofType = (type: string): [string, Resource][] =>
  Object.entries(resources).filter(([, resource]) => resource.Type === type)
const bucketPolicyStatements = (bucketLogicalId: string): any[] =>
  ofType('AWS::S3::BucketPolicy')
    .filter(([, policy]) => policy.Properties.Bucket?.Ref === bucketLogicalId)
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement)
/** The origin of the uploads bucket's regional endpoint, where presigned PUTs go (a token until deployed). */
const uploadsOrigin = (site: SiteStack): string =>
  `https://${site.data.uploadsBucket.bucketRegionalDomainName}`

const routeFunction = (id: string): Resource => resourceOf(stack.api.functions[id]!)
/** The actions the function's role may perform, flattened. */
const policyActions = (id: string): string[] => {
  const roleId = logicalId(stack.api.functions[id]!.role!)
  return ofType('AWS::IAM::Policy')
    .filter(([, policy]) => policy.Properties.Roles.some((role: any) => role.Ref === roleId))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement)
    .flatMap((statement: any) => [statement.Action].flat())
}
/** Runs a CloudFront Function's code (plain ES5) on a request URI. */
const runViewerRequest = (code: string, uri: string): string => {
  const handler = new Function(`${code}\nreturn handler`)() as (event: unknown) => { uri: string }
  return handler({ request: { uri } }).uri
}

beforeAll(() => {
  makeFakeBuild()
  stack = buildStack({ functionsDir, siteDir })
  template = Template.fromStack(stack)
  resources = template.toJSON().Resources
})

afterAll(() => {
  rmSync(buildDir, { recursive: true, force: true })
})

describe('Data', () => {
  it.each(Object.entries(tables))(
    'gives the %s table the key schema of infra/tables.ts',
    (name, definition) => {
      const table = resourceOf(stack.data.tables[name as keyof typeof tables])
      expect(table.Properties.KeySchema).toEqual([
        { AttributeName: definition.partitionKey, KeyType: 'HASH' },
        { AttributeName: definition.sortKey, KeyType: 'RANGE' },
      ])
      expect(table.Properties).toMatchObject({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
      })
      expect(table.DeletionPolicy).toBe('Retain')
    },
  )

  it('sets the TTL attribute on the content table only', () => {
    expect(resourceOf(stack.data.tables.content).Properties.TimeToLiveSpecification).toEqual({
      AttributeName: tables.content.timeToLiveAttribute,
      Enabled: true,
    })
    expect(resourceOf(stack.data.tables.leads).Properties.TimeToLiveSpecification).toBeUndefined()
  })

  it('keeps the uploads bucket private, encrypted, versioned and retained', () => {
    const bucketId = logicalId(stack.data.uploadsBucket)
    const bucket = resourceOf(stack.data.uploadsBucket)
    expect(bucketId).toMatch(new RegExp(`^Data${buckets.uploads.constructId}`))
    expect(bucket.Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      VersioningConfiguration: { Status: 'Enabled' },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      },
    })
    expect(bucket.DeletionPolicy).toBe('Retain')
    const statements = bucketPolicyStatements(bucketId)
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    )
    // Only CloudFront reads it (GetObject through the OAC); nothing is granted to everyone.
    const allows = statements.filter((statement) => statement.Effect === 'Allow')
    expect(allows.map((statement) => statement.Principal)).toEqual([{ Service: 'cloudfront.amazonaws.com' }])
    expect(allows.map((statement) => statement.Action)).toEqual(['s3:GetObject'])
  })

  it('generates a 64-character signing secret without punctuation', () => {
    template.hasResourceProperties('AWS::SecretsManager::Secret', {
      GenerateSecretString: { PasswordLength: 64, ExcludePunctuation: true },
    })
  })
})

describe('Api', () => {
  const routeFunctions = () =>
    ofType('AWS::Lambda::Function').filter(
      ([, fn]) => fn.Properties.Handler === bundleHandler && fn.Properties.Runtime === 'nodejs24.x',
    )

  it('creates one nodejs24.x function per route and no other function of ours', () => {
    expect(routeFunctions()).toHaveLength(routes.length)
    // The only other function is CDK's BucketDeployment handler (Python).
    const others = ofType('AWS::Lambda::Function').filter(
      ([, fn]) => !routeFunctions().some(([, own]) => own === fn),
    )
    for (const [, fn] of others) expect(fn.Properties.Runtime).toMatch(/^python/)
  })

  it.each(routes.map((route) => [route.id, route as ApiRoute] as const))(
    'runs the %s bundle on arm64 with its memory and timeout (512 MB and 10 s unless the route says) and source maps',
    (id, route) => {
      expect(routeFunction(id).Properties).toMatchObject({
        Handler: 'index.handler',
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        MemorySize: route.memoryMb ?? 512,
        Timeout: route.timeoutSeconds ?? 10,
        Environment: { Variables: expect.objectContaining({ NODE_OPTIONS: '--enable-source-maps' }) },
        LoggingConfig: { LogGroup: expect.anything() },
      })
    },
  )

  it('gives the exports a full vCPU and the time API Gateway allows', () => {
    for (const id of ['admin-export-kind', 'admin-export-all']) {
      expect(routeFunction(id).Properties).toMatchObject({ MemorySize: 1769, Timeout: 29 })
    }
  })

  it('keeps every function log group for one month', () => {
    const logGroups = routes.map((route) => {
      const ref = routeFunction(route.id).Properties.LoggingConfig.LogGroup.Ref
      return resources[ref]
    })
    for (const logGroup of logGroups) expect(logGroup?.Properties.RetentionInDays).toBe(30)
  })

  it('creates one API route per entry of the route table, with its method and /api path', () => {
    const routeKeys = ofType('AWS::ApiGatewayV2::Route').map(([, route]) => route.Properties.RouteKey)
    expect(routeKeys).toHaveLength(routes.length)
    expect(routeKeys.sort()).toEqual(routes.map((route) => `${route.method} ${route.path}`).sort())
  })

  it('gives each function the names of exactly the stores its route accesses', () => {
    for (const route of routes) {
      const variables = routeFunction(route.id).Properties.Environment.Variables
      for (const [name, definition] of Object.entries(tables)) {
        // Verifying a token reads the user's session version: every route with the signing secret reads content.
        const access =
          (route.access as Record<string, unknown>)[name] ||
          (name === 'content' && (route.access as { signingSecret?: boolean }).signingSecret)
        if (access)
          expect(variables[definition.envVar]).toEqual({
            Ref: logicalId(stack.data.tables[name as keyof typeof tables]),
          })
        else expect(variables[definition.envVar]).toBeUndefined()
      }
      expect(variables[buckets.uploads.envVar] !== undefined).toBe(
        'uploads' in route.access || 'exports' in route.access,
      )
    }
  })

  it('gives an admin route the signing secret ARN and the contact route none', () => {
    const admin = routes.find((route) => route.auth === 'admin')!
    expect(routeFunction(admin.id).Properties.Environment.Variables[functionEnv.signingSecretArn]).toEqual({
      Ref: logicalId(stack.data.signingSecret),
    })
    expect(routeFunction('create-contact').Properties.Environment.Variables).not.toHaveProperty(
      functionEnv.signingSecretArn,
    )
    expect(policyActions(admin.id)).toContain('secretsmanager:GetSecretValue')
    expect(policyActions('create-contact')).not.toContain('secretsmanager:GetSecretValue')
  })

  it('lets every admin route read the admin user records (the session check of each token)', () => {
    for (const route of routes.filter((candidate) => candidate.auth === 'admin')) {
      expect(policyActions(route.id), route.id).toContain('dynamodb:GetItem')
    }
  })

  it('grants the contact route write access to the leads table and no reads of it', () => {
    const roleId = logicalId(stack.api.functions['create-contact']!.role!)
    const leadsId = logicalId(stack.data.tables.leads)
    const onLeads = ofType('AWS::IAM::Policy')
      .filter(([, policy]) => policy.Properties.Roles.some((role: any) => role.Ref === roleId))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement)
      .filter((statement: any) => JSON.stringify(statement.Resource).includes(leadsId))
      .flatMap((statement: any) => [statement.Action].flat())
    expect(onLeads).toContain('dynamodb:PutItem')
    expect(onLeads).not.toContain('dynamodb:Query')
    expect(onLeads).not.toContain('dynamodb:GetItem')
  })

  const bucketStatements = (routeId: string): any[] => {
    const roleId = logicalId(stack.api.functions[routeId]!.role!)
    const bucketId = logicalId(stack.data.uploadsBucket)
    return ofType('AWS::IAM::Policy')
      .filter(([, policy]) => policy.Properties.Roles.some((role: any) => role.Ref === roleId))
      .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement)
      .filter((statement: any) => JSON.stringify(statement.Resource).includes(bucketId))
  }
  const uploadRoutes = ['admin-upload', 'admin-upload-url']
  const exportRoutes = ['admin-export-kind', 'admin-export-all']

  it('lets the upload routes put objects into the resources folder only, and nothing else on the bucket', () => {
    for (const id of uploadRoutes) {
      const onBucket = bucketStatements(id)
      expect(onBucket.flatMap((statement: any) => [statement.Action].flat())).toEqual(['s3:PutObject'])
      expect(onBucket).toHaveLength(1)
      expect(JSON.stringify(onBucket[0].Resource)).toContain(`/${uploadsFolders.resources}*`)
    }
    for (const route of routes.filter((r) => !uploadRoutes.includes(r.id) && !exportRoutes.includes(r.id))) {
      expect(policyActions(route.id).some((action: string) => action.startsWith('s3:'))).toBe(false)
    }
  })

  it('lets pages PUT presigned uploads into the bucket from the browser, and nothing else cross-origin', () => {
    const bucket = resourceOf(stack.data.uploadsBucket)
    expect(bucket.Properties.CorsConfiguration.CorsRules).toEqual([
      { AllowedMethods: ['PUT'], AllowedOrigins: ['*'], AllowedHeaders: ['content-type'], MaxAge: 3600 },
    ])
    const policy = resourceOf(stack.site.node.findChild('SecurityHeaders') as IConstruct)
    const csp = JSON.stringify(
      policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy
        .ContentSecurityPolicy,
    )
    expect(csp).toContain(logicalId(stack.data.uploadsBucket))
    expect(csp).toContain('RegionalDomainName')
    const configured = new SiteStack(
      new App({ context: cdkContext, outdir: join(buildDir, 'cdk.out.cors') }),
      'Cors',
      {
        functionsDir,
        siteDir,
        config: fullConfig,
      },
    )
    const configuredBucket =
      Template.fromStack(configured).toJSON().Resources[
        configured.getLogicalId(configured.data.uploadsBucket.node.defaultChild as s3.CfnBucket)
      ]
    expect(configuredBucket.Properties.CorsConfiguration.CorsRules[0].AllowedOrigins).toEqual([
      `https://${fullConfig.domainName}`,
    ])
  })

  it('lets the export routes put (in parts), abort and get objects in the exports folder only, to hand out download links', () => {
    for (const id of exportRoutes) {
      const onBucket = bucketStatements(id)
      expect(onBucket).toHaveLength(1)
      expect([onBucket[0].Action].flat().sort()).toEqual([
        's3:AbortMultipartUpload',
        's3:GetObject',
        's3:PutObject',
      ])
      const resource = JSON.stringify(onBucket[0].Resource)
      expect(resource).toContain(`/${uploadsFolders.exports}*`)
      expect(resource).not.toContain(uploadsFolders.resources)
      expect(routeFunction(id).Properties.Environment.Variables[buckets.uploads.envVar]).toEqual({
        Ref: logicalId(stack.data.uploadsBucket),
      })
    }
  })

  it('lets only the quote and contact routes publish to the encrypted leads topic, with its ARN', () => {
    const topic = resourceOf(stack.notifications.topic)
    expect(topic.Properties.KmsMasterKeyId).toEqual({
      'Fn::GetAtt': [logicalId(stack.notifications.key), 'Arn'],
    })
    for (const route of routes) {
      const notifies = route.id === 'create-quote' || route.id === 'create-contact'
      expect(policyActions(route.id).includes('sns:Publish')).toBe(notifies)
      const variables = routeFunction(route.id).Properties.Environment.Variables
      expect(variables[functionEnv.leadsTopicArn] !== undefined).toBe(notifies)
    }
    expect(ofType('AWS::SNS::Subscription')).toHaveLength(0)
  })

  it('subscribes the notification e-mail and passes the lead rate limit to the lead routes only', () => {
    const app = new App({ context: cdkContext, outdir: join(buildDir, 'cdk.out.leads') })
    const configured = Template.fromStack(
      new SiteStack(app, 'Configured', {
        functionsDir,
        siteDir,
        config: { notificationEmail: 'leads@example.com', leadRateLimit: '3/1h' },
      }),
    )
    configured.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'leads@example.com',
    })
    const variables = Object.values(configured.findResources('AWS::Lambda::Function')).map(
      (fn: any) => fn.Properties.Environment.Variables,
    )
    const limited = variables.filter((vars) => vars[functionEnv.leadRateLimit] === '3/1h')
    expect(limited).toHaveLength(routes.filter((route) => 'rateLimited' in route.access).length)
  })
})

describe('Site', () => {
  it('blocks all public access to the site bucket and enforces SSL', () => {
    expect(resourceOf(stack.site.bucket).Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    })
    expect(bucketPolicyStatements(logicalId(stack.site.bucket))).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    )
  })

  it('reads both buckets through origin access controls, with LIST on the site bucket', () => {
    const controls = ofType('AWS::CloudFront::OriginAccessControl').map(([id]) => id)
    expect(controls).toHaveLength(2)
    const origins = resourceOf(stack.site.distribution).Properties.DistributionConfig.Origins as any[]
    const referenced = origins.flatMap((origin) => origin.OriginAccessControlId?.['Fn::GetAtt']?.[0] ?? [])
    expect(referenced.sort()).toEqual(controls.sort())
    const siteAllows = bucketPolicyStatements(logicalId(stack.site.bucket)).filter(
      (s) => s.Effect === 'Allow',
    )
    expect(siteAllows.flatMap((s) => [s.Action].flat()).sort()).toEqual(['s3:GetObject', 's3:ListBucket'])
  })

  it('serves the site over HTTP/2 and 3 with compression, HTTPS redirects and index.html at the root', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        HttpVersion: 'http2and3',
        DefaultCacheBehavior: Match.objectLike({ Compress: true, ViewerProtocolPolicy: 'redirect-to-https' }),
      }),
    })
    const config = resourceOf(stack.site.distribution).Properties.DistributionConfig
    expect(config.CustomErrorResponses).toBeUndefined()
  })

  it('routes pages with a viewer-request function and sets the 404 status with a viewer-response one', () => {
    const config = resourceOf(stack.site.distribution).Properties.DistributionConfig
    const associations = config.DefaultCacheBehavior.FunctionAssociations as any[]
    expect(associations.map((association) => association.EventType).sort()).toEqual([
      'viewer-request',
      'viewer-response',
    ])
    const codes = ofType('AWS::CloudFront::Function').map(([, fn]) => String(fn.Properties.FunctionCode))
    // the page list comes from the build: the fake build has only the home page
    expect(codes.filter((code) => code.includes('var PAGES = {"/":1};'))).toHaveLength(2)
  })

  it('sends /api/* to the HTTP API uncached, with every method and without the Host header', () => {
    const config = resourceOf(stack.site.distribution).Properties.DistributionConfig
    const api = (config.CacheBehaviors as any[]).find((behavior) => behavior.PathPattern === '/api/*')
    expect(api).toMatchObject({
      CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
      OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
      ViewerProtocolPolicy: 'redirect-to-https',
    })
    expect(api.AllowedMethods).toEqual(expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS']))
    const origin = (config.Origins as any[]).find((candidate) => candidate.Id === api.TargetOriginId)
    expect(origin.DomainName).toEqual({
      'Fn::Select': [
        2,
        { 'Fn::Split': ['/', { 'Fn::GetAtt': [logicalId(stack.api.httpApi), 'ApiEndpoint'] }] },
      ],
    })
    expect(origin.CustomOriginConfig.OriginProtocolPolicy).toBe('https-only')
  })

  it('sends /files/* to the uploads bucket, read only', () => {
    const config = resourceOf(stack.site.distribution).Properties.DistributionConfig
    const files = (config.CacheBehaviors as any[]).find((behavior) => behavior.PathPattern === '/files/*')
    expect(files).toMatchObject({
      AllowedMethods: ['GET', 'HEAD'],
      ViewerProtocolPolicy: 'redirect-to-https',
    })
    const origin = (config.Origins as any[]).find((candidate) => candidate.Id === files.TargetOriginId)
    expect(origin.DomainName).toEqual({
      'Fn::GetAtt': [logicalId(stack.data.uploadsBucket), 'RegionalDomainName'],
    })
  })

  it('deploys the site and invalidates the whole distribution', () => {
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketName: { Ref: logicalId(stack.site.bucket) },
      DistributionId: { Ref: logicalId(stack.site.distribution) },
      DistributionPaths: ['/*'],
    })
  })

  it('names the viewer IP on every /api request, overwriting what a client sent', () => {
    const handler = new Function(`${viewerIpFunctionCode}\nreturn handler`)() as (event: unknown) => {
      headers: Record<string, { value: string }>
    }
    const request = handler({
      viewer: { ip: '198.51.100.4' },
      request: { uri: '/api/quotes', headers: { [viewerIpHeader]: { value: '10.0.0.1' } } },
    })
    expect(request.headers[viewerIpHeader]).toEqual({ value: '198.51.100.4' })
    const config = resourceOf(stack.site.distribution).Properties.DistributionConfig
    const api = (config.CacheBehaviors as any[]).find((behavior) => behavior.PathPattern === '/api/*')
    const viewerIp = ofType('AWS::CloudFront::Function').find(([, fn]) =>
      String(fn.Properties.FunctionCode).includes(viewerIpHeader),
    )
    expect(viewerIp).toBeDefined()
    expect(api.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [viewerIp![0], 'FunctionARN'] } },
    ])
  })

  it('strips /files from upload paths, as the local stand-in does', () => {
    expect(runViewerRequest(filesPrefixFunctionCode, '/files/2026/report.pdf')).toBe('/2026/report.pdf')
  })
})

describe('SiteStack', () => {
  it('outputs the site URL, API URL and resource names under stable names, without exports', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Export?: unknown }>
    expect(Object.keys(outputs).sort()).toEqual(Object.values(stackOutputs).sort())
    for (const output of Object.values(outputs)) expect(output.Export).toBeUndefined()
    expect(outputs.ContentTableName).toEqual(
      expect.objectContaining({ Value: { Ref: logicalId(stack.data.tables.content) } }),
    )
  })

  it('fails with a hint to run npm run build when a function bundle is missing', () => {
    expect(() => buildStack({ functionsDir: join(buildDir, 'missing'), siteDir })).toThrow(/npm run build/)
  })

  it('fails with a hint to run npm run build when the site is missing', () => {
    expect(() => buildStack({ functionsDir, siteDir: join(buildDir, 'missing') })).toThrow(/npm run build/)
  })
})

const nagFindings = (target: Stack): string[] =>
  new AwsSolutionsChecks()
    .validateScope(target)
    .violations.flatMap((violation) =>
      violation.violatingResources.map(
        (resource) => `${violation.ruleName} ${resource.resourceLogicalId ?? resource.constructPath}`,
      ),
    )

describe('cdk-nag AwsSolutions', () => {
  it('finds nothing unacknowledged in the default stack', () => {
    expect(nagFindings(stack)).toEqual([])
  })

  it('finds nothing with a custom domain, notification e-mail and analytics either', () => {
    const app = new App({ context: cdkContext, outdir: join(buildDir, 'cdk.out.full') })
    const full = new SiteStack(app, 'FullSite', {
      functionsDir,
      siteDir,
      config: fullConfig,
    })
    expect(nagFindings(full)).toEqual([])
  })

  it('finds nothing in a stack bound to an account and region (as `cdk deploy` with credentials makes it)', () => {
    const app = new App({ context: cdkContext, outdir: join(buildDir, 'cdk.out.env') })
    const bound = new SiteStack(app, 'BoundSite', {
      functionsDir,
      siteDir,
      env: { account: '123456789012', region: 'ap-south-1' },
    })
    expect(nagFindings(bound)).toEqual([])
  })

  it('acknowledges named rules only, each with its reason', () => {
    const acknowledgements = stack.node
      .findAll()
      .flatMap((construct) => construct.node.metadata)
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) => Object.entries(entry.data as Record<string, string>))
    expect(acknowledgements.length).toBeGreaterThan(5)
    for (const [id, reason] of acknowledgements) {
      expect(id).toMatch(/^(AwsSolutions-[A-Z]+\d+(\[.+\])?|Annotation::.+)$/)
      expect(reason.length).toBeGreaterThan(30)
    }
  })

  it('does report what is not acknowledged (the check is not vacuous)', () => {
    const bare = new Stack(new App({ outdir: join(buildDir, 'cdk.out.bare') }), 'Bare')
    new s3.Bucket(bare, 'Plain')
    expect(nagFindings(bare)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^AwsSolutions-S1 /),
        expect.stringMatching(/^AwsSolutions-S10 /),
      ]),
    )
  })
})

describe('Secure defaults added for deployment', () => {
  it('pins the logical ids of the stateful resources (a new id would be a new, empty resource)', () => {
    expect({
      leads: logicalId(stack.data.tables.leads),
      content: logicalId(stack.data.tables.content),
      uploads: logicalId(stack.data.uploadsBucket),
      accessLogs: logicalId(stack.data.accessLogsBucket),
      signingSecret: logicalId(stack.data.signingSecret),
      siteBucket: logicalId(stack.site.bucket),
      topicKey: logicalId(stack.notifications.key),
    }).toMatchInlineSnapshot(`
      {
        "accessLogs": "DataAccessLogsC0C25EE4",
        "content": "DataContentDB8418FB",
        "leads": "DataLeads62869C3B",
        "signingSecret": "DataSigningSecret57086D25",
        "siteBucket": "SiteBucket978D4AEB",
        "topicKey": "NotificationsKeyADCFA950",
        "uploads": "DataUploads81D8EB70",
      }
    `)
  })

  it('gives each function its own role that may write only to its own log group', () => {
    const managed = ofType('AWS::IAM::Role').filter(([, role]) =>
      JSON.stringify(role.Properties.ManagedPolicyArns ?? []).includes('AWSLambdaBasicExecutionRole'),
    )
    // only CDK's BucketDeployment provider keeps the managed role
    expect(managed.map(([id]) => id)).toEqual([expect.stringMatching(/^CustomCDKBucketDeployment/)])
    for (const route of routes) {
      const fn = routeFunction(route.id)
      const logGroupId = fn.Properties.LoggingConfig.LogGroup.Ref
      const roleId = fn.Properties.Role['Fn::GetAtt'][0]
      const statements = ofType('AWS::IAM::Policy')
        .filter(([, policy]) => policy.Properties.Roles.some((role: any) => role.Ref === roleId))
        .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement as any[])
      const logStatements = statements.filter((statement) =>
        [statement.Action].flat().some((a: string) => a.startsWith('logs:')),
      )
      expect(logStatements).toEqual([
        expect.objectContaining({
          Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
          Resource: { 'Fn::GetAtt': [logGroupId, 'Arn'] },
        }),
      ])
    }
  })

  it('throttles the API stage and writes an access log', () => {
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage') as [[string, Resource]]
    expect(stage.Properties).toMatchObject({
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      AccessLogSettings: { DestinationArn: { 'Fn::GetAtt': [expect.any(String), 'Arn'] } },
    })
  })

  it('sends the origin secret from CloudFront and gives it to every function, never as plain text', () => {
    const config = resourceOf(stack.site.distribution).Properties.DistributionConfig
    const apiOrigin = (config.Origins as any[]).find((origin) => origin.CustomOriginConfig)
    const header = (apiOrigin.OriginCustomHeaders as any[]).find((h) => h.HeaderName === originSecretHeader)
    const serialized = JSON.stringify(header.HeaderValue)
    expect(serialized).toMatch(/resolve:secretsmanager:/)
    for (const route of routes) {
      const value = routeFunction(route.id).Properties.Environment.Variables[functionEnv.originSecret]
      expect(JSON.stringify(value)).toBe(serialized)
    }
  })

  it('serves the pages with the CSP, HSTS and other headers of infra/security-headers.ts', () => {
    const policies = ofType('AWS::CloudFront::ResponseHeadersPolicy').map(
      ([, policy]) => policy.Properties.ResponseHeadersPolicyConfig,
    )
    const site = policies.find((policy) => policy.SecurityHeadersConfig.FrameOptions)
    const expected = siteSecurityHeaders({ ...companyContentHosts(), uploads: [uploadsOrigin(stack)] })
    expect(site.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toEqual(
      stack.resolve(expected['content-security-policy']),
    )
    // The bucket's domain is about 70 characters once deployed.
    expect(
      (siteSecurityHeaders({ uploads: ['https://x'.padEnd(80, 'x')] })['content-security-policy'] ?? '')
        .length,
    ).toBeLessThan(1783)
    expect(site.SecurityHeadersConfig.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: 31536000,
      IncludeSubdomains: true,
    })
    const files = policies.find((policy) => policy.CustomHeadersConfig)
    expect(files.CustomHeadersConfig.Items).toEqual([
      { Header: 'Content-Disposition', Value: 'attachment', Override: true },
    ])
    expect(files.SecurityHeadersConfig.ContentTypeOptions).toEqual({ Override: true })
    const behaviors = resourceOf(stack.site.distribution).Properties.DistributionConfig
      .CacheBehaviors as any[]
    const filesBehavior = behaviors.find((behavior) => behavior.PathPattern === '/files/*')
    expect(filesBehavior.ResponseHeadersPolicyId).toEqual({
      Ref: ofType('AWS::CloudFront::ResponseHeadersPolicy').find(
        ([, p]) => p.Properties.ResponseHeadersPolicyConfig === files,
      )![0],
    })
  })

  it('logs bucket access and CloudFront requests to the access-log bucket, kept 90 days', () => {
    const logsId = logicalId(stack.data.accessLogsBucket)
    for (const bucket of [stack.site.bucket, stack.data.uploadsBucket]) {
      expect(resourceOf(bucket).Properties.LoggingConfiguration.DestinationBucketName).toEqual({
        Ref: logsId,
      })
    }
    expect(resourceOf(stack.site.distribution).Properties.DistributionConfig.Logging).toMatchObject({
      Bucket: { 'Fn::GetAtt': [logsId, 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    })
    expect(resourceOf(stack.data.accessLogsBucket).Properties.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({ ExpirationInDays: 90, Status: 'Enabled' }),
    ])
  })

  it('deletes exports, and the parts of unfinished multipart exports, a day after they are written', () => {
    const rules = resourceOf(stack.data.uploadsBucket).Properties.LifecycleConfiguration.Rules as any[]
    expect(rules).toContainEqual(
      expect.objectContaining({
        Prefix: uploadsFolders.exports,
        ExpirationInDays: 1,
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        Status: 'Enabled',
      }),
    )
  })

  it('encrypts the notification topic with a rotating key and raises the alarms on it', () => {
    template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true })
    const topicId = logicalId(stack.notifications.topic)
    expect(resourceOf(stack.notifications.topic).Properties.KmsMasterKeyId).toEqual({
      'Fn::GetAtt': [logicalId(stack.notifications.key), 'Arn'],
    })
    const alarms = ofType('AWS::CloudWatch::Alarm')
    // errors and throttles per group of at most 10 functions, API 5xx, DynamoDB throttles
    expect(alarms).toHaveLength(2 * Math.ceil(routes.length / 10) + 2)
    for (const [, alarm] of alarms) {
      const metrics = (alarm.Properties.Metrics ?? []).filter((metric: any) => metric.MetricStat)
      expect(metrics.length).toBeLessThanOrEqual(10)
    }
    for (const [, alarm] of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: topicId }])
      expect(alarm.Properties.OKActions).toEqual([{ Ref: topicId }])
    }
    // the default stack has no address to mail
    expect(ofType('AWS::SNS::Subscription')).toHaveLength(0)
  })

  it('applies the configuration: domain, TLS 1.2, e-mail, analytics CSP, log retention and the lead limit', () => {
    const app = new App({ context: cdkContext, outdir: join(buildDir, 'cdk.out.config') })
    const configured = new SiteStack(app, 'ConfiguredSite', { functionsDir, siteDir, config: fullConfig })
    const t = Template.fromStack(configured)
    t.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: [fullConfig.domainName],
        ViewerCertificate: Match.objectLike({
          AcmCertificateArn: fullConfig.certificateArn,
          MinimumProtocolVersion: 'TLSv1.2_2021',
        }),
      }),
    })
    t.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: fullConfig.notificationEmail,
    })
    t.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: {
            ContentSecurityPolicy: configured.resolve(
              siteSecurityHeaders({
                ...companyContentHosts(),
                analytics: [fullConfig.analyticsHost],
                uploads: [uploadsOrigin(configured)],
              })['content-security-policy'],
            ),
            Override: true,
          },
        }),
      }),
    })
    const functions = Object.values(t.findResources('AWS::Lambda::Function')).filter(
      (fn: any) => fn.Properties.Handler === bundleHandler && fn.Properties.Runtime === 'nodejs24.x',
    ) as Resource[]
    expect(functions).toHaveLength(routes.length)
    for (const route of routes) {
      const fn = functions.find(
        (candidate) => candidate.Properties.Description === `${route.method} ${route.path}`,
      )
      expect(fn?.Properties.Environment.Variables.LEAD_RATE_LIMIT).toBe(
        'rateLimited' in route.access ? '3/1h' : undefined,
      )
    }
    const logGroups = t.findResources('AWS::Logs::LogGroup') as Record<string, Resource>
    const stage = Object.values(t.findResources('AWS::ApiGatewayV2::Stage'))[0] as Resource
    const ours = [
      ...functions.map((fn) => fn.Properties.LoggingConfig.LogGroup.Ref as string),
      stage.Properties.AccessLogSettings.DestinationArn['Fn::GetAtt'][0] as string,
    ]
    expect(ours).toHaveLength(routes.length + 1)
    for (const id of ours) expect(logGroups[id]?.Properties.RetentionInDays).toBe(90)
    const outputs = t.toJSON().Outputs
    expect(outputs.SiteUrl.Value).toBe(`https://${fullConfig.domainName}`)
    expect(outputs.CreateAdminCommand.Value).toBe('npm run admin -- create-user admin --stack ConfiguredSite')
  })
})
