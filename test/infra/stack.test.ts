import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { App, type CfnResource, type Stack } from 'aws-cdk-lib'
import { Match, Template } from 'aws-cdk-lib/assertions'
import { AwsSolutionsChecks } from 'cdk-nag'
import type { IConstruct } from 'constructs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { routes } from '../../functions/routes'
import { bundleFileName, bundleHandler } from '../../infra/constructs/api'
import { filesPrefixFunctionCode } from '../../infra/constructs/site'
import { SiteStack, stackOutputs } from '../../infra/stack'
import { buckets, functionEnv, tables } from '../../infra/tables'

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

  it.each(routes.map((route) => [route.id, route] as const))(
    'runs the %s bundle on arm64 with 512 MB, 10 s and source maps',
    (id) => {
      expect(routeFunction(id).Properties).toMatchObject({
        Handler: 'index.handler',
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        MemorySize: 512,
        Timeout: 10,
        Environment: { Variables: expect.objectContaining({ NODE_OPTIONS: '--enable-source-maps' }) },
        LoggingConfig: { LogGroup: expect.anything() },
      })
    },
  )

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
        const access = (route.access as Record<string, unknown>)[name]
        if (access)
          expect(variables[definition.envVar]).toEqual({
            Ref: logicalId(stack.data.tables[name as keyof typeof tables]),
          })
        else expect(variables[definition.envVar]).toBeUndefined()
      }
      expect(variables[buckets.uploads.envVar] !== undefined).toBe('uploads' in route.access)
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

  it('lets only the quote and contact routes publish to the encrypted leads topic, with its ARN', () => {
    const topic = resourceOf(stack.notifications.topic)
    expect(JSON.stringify(topic.Properties.KmsMasterKeyId)).toMatch(/alias\/aws\/sns/)
    for (const route of routes) {
      const notifies = route.id === 'create-quote' || route.id === 'create-contact'
      expect(policyActions(route.id).includes('sns:Publish')).toBe(notifies)
      const variables = routeFunction(route.id).Properties.Environment.Variables
      expect(variables[functionEnv.leadsTopicArn] !== undefined).toBe(notifies)
    }
    expect(ofType('AWS::SNS::Subscription')).toHaveLength(0)
  })

  it('subscribes the notification e-mail and passes the lead rate limit to the lead routes only', () => {
    const app = new App({
      context: { ...cdkContext, notificationEmail: 'leads@example.com', leadRateLimit: '3/1h' },
    })
    const configured = Template.fromStack(new SiteStack(app, 'Configured', { functionsDir, siteDir }))
    configured.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'leads@example.com',
    })
    const variables = Object.values(configured.findResources('AWS::Lambda::Function')).map(
      (fn: any) => fn.Properties.Environment.Variables,
    )
    const limited = variables.filter((vars) => vars[functionEnv.leadRateLimit] === '3/1h')
    expect(limited).toHaveLength(routes.filter((route) => 'rateLimited' in route.access).length)
    expect(
      () => new SiteStack(new App({ context: { leadRateLimit: 'lots' } }), 'Bad', { functionsDir, siteDir }),
    ).toThrow(/leadRateLimit must look like/)
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

describe('cdk-nag AwsSolutions', () => {
  // Reported, not enforced yet: issue 7 makes the stack clean and turns this into an assertion.
  it('reports its findings', () => {
    const report = new AwsSolutionsChecks().validateScope(stack as Stack)
    const findings = report.violations.flatMap((violation) =>
      violation.violatingResources.map(
        (resource) =>
          `${violation.severity ?? ''} ${violation.ruleName} ${resource.resourceLogicalId ?? resource.constructPath}`,
      ),
    )
    console.log(`cdk-nag AwsSolutions: ${findings.length} findings\n${findings.join('\n')}`)
    expect(Array.isArray(report.violations)).toBe(true)
  })
})
