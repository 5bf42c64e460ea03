import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { App, type CfnResource, Stack, Validations } from 'aws-cdk-lib'
import { Match, Template } from 'aws-cdk-lib/assertions'
import * as s3 from 'aws-cdk-lib/aws-s3'
import { AwsSolutionsChecks } from 'cdk-nag'
import type { IConstruct } from 'constructs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buckets,
  functionEnv,
  originSecretHeader,
  phoneCodeEnvironment,
  tables,
  uploadsFolders,
  viewerIpHeader,
} from '../../functions/lib/store-definitions'
import { relays } from '../../functions/relays'
import { type ApiRoute, routes } from '../../functions/routes'
import { schedules } from '../../functions/schedules'
import { bundleFileName, bundleHandler, routeFunctionName } from '../../infra/constructs/api'
import { filesPrefixFunctionCode, viewerIpFunctionCode } from '../../infra/constructs/site-functions'
import { companyContentHosts, siteSecurityHeaders } from '../../infra/security-headers'
import { SiteStack, stackOutputs } from '../../infra/stack'
import { testApp } from '../support/cdk-stack'

type Resource = { Type: string; Properties: Record<string, any>; DeletionPolicy?: string }

let buildDir: string
let functionsDir: string
let siteDir: string

/** Fake build outputs, so these tests do not depend on `npm run build`. */
function makeFakeBuild(): void {
  buildDir = mkdtempSync(join(tmpdir(), 'site-stack-test-'))
  functionsDir = join(buildDir, 'functions')
  siteDir = join(buildDir, 'site')
  for (const route of [...routes, ...schedules, ...relays]) {
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
  const app = testApp(join(buildDir, 'cdk.out'), { validate: true })
  return new SiteStack(app, 'TestSite', props)
}

/** Every optional knob set, as a deployment with its own domain would. */
const fullConfig = {
  stage: 'prod',
  domainName: 'www.suryodaya.example',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6789-abcd-ef0123456789',
  leadsEmail: 'leads@suryodaya.example',
  alarmEmail: 'ops@suryodaya.example',
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
/**
 * The statements a role may use: its inline policies (the route roles keep theirs there) and the
 * AWS::IAM::Policy resources attached to it.
 */
const roleStatements = (roleId: string): any[] => [
  ...(resources[roleId]?.Properties.Policies ?? []).flatMap((policy: any) => policy.PolicyDocument.Statement),
  ...ofType('AWS::IAM::Policy')
    .filter(([, policy]) => policy.Properties.Roles.some((role: any) => role.Ref === roleId))
    .flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement),
]
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
  return roleStatements(roleId).flatMap((statement: any) => [statement.Action].flat())
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
    'gives the %s table the key schema of functions/lib/store-definitions.ts',
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
        DeletionProtectionEnabled: true,
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

  /** What every bucket of ours has: all public access blocked, encrypted with S3-managed keys. */
  const privateEncryptedBucket = {
    PublicAccessBlockConfiguration: {
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    },
    BucketEncryption: {
      ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
    },
  }

  it('keeps the uploads bucket private, encrypted, versioned and retained', () => {
    const bucketId = logicalId(stack.data.uploadsBucket)
    const bucket = resourceOf(stack.data.uploadsBucket)
    expect(bucketId).toMatch(new RegExp(`^Data${buckets.uploads.constructId}`))
    expect(bucket.Properties).toMatchObject({
      ...privateEncryptedBucket,
      VersioningConfiguration: { Status: 'Enabled' },
    })
    expect(bucket.DeletionPolicy).toBe('Retain')
    const statements = bucketPolicyStatements(bucketId)
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    )
    // Only CloudFront reads it (GetObject through the OAC), and only the resources folder; nothing is
    // granted to everyone.
    const allows = statements.filter((statement) => statement.Effect === 'Allow')
    expect(allows.map((statement) => statement.Principal)).toEqual([{ Service: 'cloudfront.amazonaws.com' }])
    expect(allows.map((statement) => statement.Action)).toEqual(['s3:GetObject'])
    expect(allows.map((statement) => statement.Resource)).toEqual([
      { 'Fn::Join': ['', [{ 'Fn::GetAtt': [bucketId, 'Arn'] }, `/${uploadsFolders.resources}*`]] },
    ])
    expect(allows[0].Condition).toEqual({
      StringEquals: {
        'AWS:SourceArn': {
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              ':cloudfront::',
              { Ref: 'AWS::AccountId' },
              ':distribution/',
              { Ref: logicalId(stack.site.distribution) },
            ],
          ],
        },
      },
    })
  })

  it('keeps exports in their own private bucket that nothing but the export routes may read, emptied daily', () => {
    const bucketId = logicalId(stack.data.exportsBucket)
    const bucket = resourceOf(stack.data.exportsBucket)
    expect(bucketId).toMatch(new RegExp(`^Data${buckets.exports.constructId}`))
    expect(bucket.Properties).toMatchObject({
      ...privateEncryptedBucket,
      LoggingConfiguration: { DestinationBucketName: { Ref: logicalId(stack.data.accessLogsBucket) } },
    })
    expect(bucket.Properties.CorsConfiguration).toBeUndefined()
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual([
      expect.objectContaining({
        ExpirationInDays: 1,
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
        Status: 'Enabled',
      }),
    ])
    // Its policy only refuses plain HTTP: no Allow, so CloudFront (or anyone) has no grant on it.
    const statements = bucketPolicyStatements(bucketId)
    expect(statements.filter((statement) => statement.Effect === 'Allow')).toEqual([])
    expect(statements).toContainEqual(
      expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
    )
    // No origin of the distribution is the exports bucket.
    const origins = resourceOf(stack.site.distribution).Properties.DistributionConfig.Origins as any[]
    expect(JSON.stringify(origins)).not.toContain(bucketId)
  })
})

describe('Api', () => {
  const routeFunctions = () =>
    ofType('AWS::Lambda::Function').filter(
      ([, fn]) => fn.Properties.Handler === bundleHandler && fn.Properties.Runtime === 'nodejs24.x',
    )

  it('creates one nodejs24.x function per route, per scheduled function and per relay, and no other function of ours', () => {
    expect(routeFunctions()).toHaveLength(routes.length + schedules.length + relays.length)
    // The only other functions are CDK's BucketDeployment handler (Python) and the secret parameter provider.
    const others = ofType('AWS::Lambda::Function').filter(
      ([, fn]) => !routeFunctions().some(([, own]) => own === fn),
    )
    for (const [, fn] of others) {
      if (fn.Properties.Handler !== 'provider.handler') expect(fn.Properties.Runtime).toMatch(/^python/)
    }
    expect(others.filter(([, fn]) => fn.Properties.Handler === 'provider.handler')).toHaveLength(1)
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
        Environment: {
          Variables: expect.objectContaining({ POWERTOOLS_LOG_LEVEL: 'INFO' }),
        },
        LoggingConfig: { LogGroup: expect.anything() },
      })
    },
  )

  it('gives the exports a full vCPU and the time API Gateway allows, and the workbooks a larger young generation', () => {
    for (const id of ['admin-export-kind', 'admin-export-all', 'admin-export-leads']) {
      expect(routeFunction(id).Properties).toMatchObject({ MemorySize: 1769, Timeout: 29 })
    }
    const nodeOptions = (id: string) => routeFunction(id).Properties.Environment.Variables.NODE_OPTIONS
    for (const id of ['admin-export-all', 'admin-export-leads']) {
      expect(nodeOptions(id)).toBe('--max-semi-space-size=64')
    }
    // The CSV-only export and every other function keep V8's defaults, and no function maps its traces at run
    // time (--enable-source-maps costs each cold start ~20 ms; npm run map-trace maps them offline).
    expect(nodeOptions('admin-export-kind')).toBeUndefined()
    // Any V8 flag costs a cold start 10-25 ms (Node's own code cache is made for its default flags): no public
    // route, whose cold start a visitor waits for, has one.
    for (const route of routes.filter((candidate) => candidate.auth === 'public')) {
      expect(nodeOptions(route.id), route.id).toBeUndefined()
    }
    for (const route of routes) {
      expect(String(nodeOptions(route.id) ?? ''), route.id).not.toContain('--enable-source-maps')
    }
  })

  it('keeps every function log group for one month', () => {
    const logGroups = routes.map((route) => {
      const ref = routeFunction(route.id).Properties.LoggingConfig.LogGroup.Ref
      return resources[ref]
    })
    for (const logGroup of logGroups) expect(logGroup?.Properties.RetentionInDays).toBe(30)
  })

  it('creates one API route per entry of the route table, with its method and /api path, invoking its function', () => {
    const [[, api]] = ofType('AWS::ApiGatewayV2::Api') as [[string, Resource]]
    const paths = api.Properties.Body.paths as Record<string, Record<string, any>>
    const routeKeys = Object.entries(paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(routeKeys).toHaveLength(routes.length)
    expect(routeKeys.sort()).toEqual(routes.map((route) => `${route.method} ${route.path}`).sort())
    for (const route of routes) {
      expect(paths[route.path]?.[route.method.toLowerCase()]['x-amazon-apigateway-integration']).toEqual({
        type: 'aws_proxy',
        httpMethod: 'POST',
        uri: {
          'Fn::Join': [
            '',
            [
              'arn:',
              { Ref: 'AWS::Partition' },
              ':lambda:',
              { Ref: 'AWS::Region' },
              ':',
              { Ref: 'AWS::AccountId' },
              `:function:${routeFunction(route.id).Properties.FunctionName}`,
            ],
          ],
        },
        payloadFormatVersion: '2.0',
        connectionType: 'INTERNET',
      })
    }
    // The routes are the API's definition: no Route or Integration resource of their own.
    expect(ofType('AWS::ApiGatewayV2::Route')).toEqual([])
    expect(ofType('AWS::ApiGatewayV2::Integration')).toEqual([])
    expect(api.Properties).not.toHaveProperty('Name')
    // Named, not referred to: the API does not depend on the functions (one names the distribution).
    for (const route of routes)
      expect(routeFunction(route.id).Properties.FunctionName).toBe(routeFunctionName('TestSite', route.id))
    expect(routeFunctionName('S'.repeat(70), 'admin-list-users')).toHaveLength(64)
    expect(routeFunctionName('S'.repeat(70), 'a')).not.toBe(routeFunctionName('S'.repeat(71), 'a'))
  })

  it('lets API Gateway invoke each function on its own route only', () => {
    const permissions = ofType('AWS::Lambda::Permission')
    for (const route of routes) {
      const own = permissions.filter(
        ([, permission]) =>
          permission.Properties.FunctionName?.['Fn::GetAtt']?.[0] ===
          logicalId(stack.api.functions[route.id]!),
      )
      expect(own, route.id).toHaveLength(1)
      const [[, permission]] = own as [[string, Resource]]
      expect(permission.Properties.Principal).toBe('apigateway.amazonaws.com')
      const sourceArn = JSON.stringify(permission.Properties.SourceArn)
      expect(sourceArn).toContain(`/*/${route.method}${route.path.replace(/\{[^}]+\}/g, '*')}`)
      expect(sourceArn).toContain(logicalId(stack.api.httpApi))
    }
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
      expect(variables[buckets.uploads.envVar] !== undefined).toBe('uploads' in route.access)
      expect(variables[buckets.exports.envVar] !== undefined).toBe(
        'exports' in route.access || 'exportErasure' in route.access,
      )
    }
  })

  it('gives an admin route the signing secret parameter and the contact route none', () => {
    const admin = routes.find((route) => route.auth === 'admin')!
    expect(routeFunction(admin.id).Properties.Environment.Variables[functionEnv.signingSecretParameter]).toBe(
      '/TestSite/signing-secret',
    )
    expect(routeFunction('create-contact').Properties.Environment.Variables).not.toHaveProperty(
      functionEnv.signingSecretParameter,
    )
    expect(policyActions(admin.id)).toContain('ssm:GetParameter')
  })

  it('lets every admin route read the admin user records (the session check of each token)', () => {
    for (const route of routes.filter((candidate) => candidate.auth === 'admin')) {
      expect(policyActions(route.id), route.id).toContain('dynamodb:GetItem')
    }
  })

  it('grants the contact route write access to the leads table, and reads only of the phone and e-mail entries', () => {
    const roleId = logicalId(stack.api.functions['create-contact']!.role!)
    const leadsId = logicalId(stack.data.tables.leads)
    const onLeads = roleStatements(roleId).filter((statement: any) =>
      JSON.stringify(statement.Resource).includes(leadsId),
    )
    expect(onLeads.flatMap((statement: any) => [statement.Action].flat())).toContain('dynamodb:PutItem')
    // It reads one thing: the newsletter signup of the address whose box was ticked (double opt-in).
    const reading = onLeads.filter((statement: any) => [statement.Action].flat().includes('dynamodb:GetItem'))
    expect(JSON.stringify(reading)).toContain('NEWSLETTER')
    expect(JSON.stringify(reading)).not.toMatch(/"(CONTACT|QUOTE|INBOX[^"]*)"/)
    // The same person's open lead is found by its phone or e-mail entries, and by nothing else.
    const querying = onLeads.filter((statement: any) => [statement.Action].flat().includes('dynamodb:Query'))
    expect(
      querying.flatMap(
        (statement: any) =>
          statement.Condition?.['ForAllValues:StringEquals']?.['dynamodb:LeadingKeys'] ?? ['*'],
      ),
    ).toEqual(['INBOX#EMAIL', 'INBOX#PHONE'])
  })

  /** The DynamoDB statements of a route's (or scheduled function's) role, each with the tables its resources name. */
  const dynamoStatements = (routeId: string) => {
    const roleId = logicalId(
      (stack.api.functions[routeId] ?? stack.schedules.functions[routeId] ?? stack.relays.functions[routeId])!
        .role!,
    )
    const tableIds = Object.fromEntries(
      (Object.keys(tables) as (keyof typeof tables)[]).map((name) => [
        logicalId(stack.data.tables[name]),
        name,
      ]),
    )
    return roleStatements(roleId)
      .filter((statement: any) =>
        [statement.Action].flat().some((action: string) => action.startsWith('dynamodb:')),
      )
      .map((statement: any) => ({
        statement,
        actions: [statement.Action].flat() as string[],
        tables: [statement.Resource].flat().map((resource: any) => tableIds[resource?.['Fn::GetAtt']?.[0]]),
        partitions: statement.Condition?.['ForAllValues:StringEquals']?.['dynamodb:LeadingKeys'] as
          | string[]
          | undefined,
      }))
  }
  /** `table partition action` for everything a route's role may do in DynamoDB. */
  const dynamoGrants = (routeId: string): string[] =>
    dynamoStatements(routeId)
      .flatMap(({ actions, tables: names, partitions }) =>
        names.flatMap((table) =>
          (partitions ?? ['*']).flatMap((pk) => actions.map((action) => `${table} ${pk} ${action.slice(9)}`)),
        ),
      )
      .sort()

  describe('least privilege per partition', () => {
    it.each(routes.map((route) => [route.id, route as ApiRoute] as const))(
      '%s may call exactly the actions its route declares, each on its partitions only',
      (id, route) => {
        const declared: string[] = []
        for (const table of Object.keys(tables) as (keyof typeof tables)[]) {
          for (const [pk, actions] of Object.entries(route.access[table] ?? {})) {
            for (const action of actions as readonly string[]) declared.push(`${table} ${pk} ${action}`)
          }
        }
        expect(dynamoGrants(id)).toEqual(declared.sort())
        for (const { statement, tables: names, partitions } of dynamoStatements(id)) {
          // On the tables themselves (no index, no wildcard), and only for the keys of the named partitions.
          expect(names.every(Boolean), JSON.stringify(statement.Resource)).toBe(true)
          expect(Object.keys(statement.Condition)).toEqual(['ForAllValues:StringEquals'])
          expect(partitions?.length).toBeGreaterThan(0)
          expect(statement.Effect).toBe('Allow')
        }
      },
    )

    it.each(schedules.map((schedule) => [schedule.id, schedule] as const))(
      'the scheduled %s may call exactly the actions it declares, each on its partitions only',
      (id, schedule) => {
        const declared: string[] = []
        for (const table of Object.keys(tables) as (keyof typeof tables)[]) {
          for (const [pk, actions] of Object.entries(schedule.access[table] ?? {})) {
            for (const action of actions as readonly string[]) declared.push(`${table} ${pk} ${action}`)
          }
        }
        expect(dynamoGrants(id)).toEqual(declared.sort())
        for (const { statement, partitions } of dynamoStatements(id)) {
          expect(Object.keys(statement.Condition)).toEqual(['ForAllValues:StringEquals'])
          expect(partitions?.length).toBeGreaterThan(0)
        }
        // The response sweep: the waiting leads and the leads themselves, never a staff record; the retention
        // sweep reads, deletes and counts the leads, deletes their waiting entries, and stamps a contact's ask
        // or notice (never a quote: the quote form asks for no address).
        const leadGrants: Record<string, string[]> = {
          'response-sweep': [
            'leads CONTACT GetItem',
            'leads CONTACT UpdateItem',
            'leads INBOX#WAITING DeleteItem',
            'leads INBOX#WAITING Query',
            'leads INBOX#WAITING UpdateItem',
            'leads QUOTE GetItem',
            'leads QUOTE UpdateItem',
          ],
          'retention-sweep': [
            'leads CONTACT DeleteItem',
            'leads CONTACT GetItem',
            'leads CONTACT Query',
            'leads CONTACT UpdateItem',
            'leads INBOX#WAITING DeleteItem',
            'leads QUOTE DeleteItem',
            'leads QUOTE GetItem',
            'leads QUOTE Query',
          ],
        }
        expect(
          dynamoGrants(id).filter((grant) => / (ADMIN|QUOTE|CONTACT|INBOX#WAITING) /.test(grant)),
        ).toEqual(leadGrants[id])
      },
    )

    it.each(relays.map((relay) => [relay.id, relay] as const))(
      'the relay %s may call exactly the actions it declares, each on its partitions only',
      (id, relay) => {
        const declared: string[] = []
        for (const table of Object.keys(tables) as (keyof typeof tables)[]) {
          for (const [pk, actions] of Object.entries(
            (
              relay.access as { [name: string]: unknown } as Record<string, Record<string, readonly string[]>>
            )[table] ?? {},
          )) {
            for (const action of actions) declared.push(`${table} ${pk} ${action}`)
          }
        }
        expect(dynamoGrants(id)).toEqual(declared.sort())
        for (const { statement, partitions } of dynamoStatements(id)) {
          expect(Object.keys(statement.Condition)).toEqual(['ForAllValues:StringEquals'])
          expect(partitions?.length).toBeGreaterThan(0)
        }
        // The push relay: the devices (read, and deleted when gone) and the roster, nothing of a lead or a
        // staff record.
        expect(dynamoGrants(id)).toEqual([
          'content PUSH DeleteItem',
          'content PUSH Query',
          'content SETTINGS GetItem',
        ])
      },
    )

    it('never grants a Scan, a batch write, a transaction or a wildcard action', () => {
      for (const route of [...routes, ...schedules, ...relays]) {
        const actions = dynamoStatements(route.id).flatMap((entry) => entry.actions)
        for (const action of actions) {
          expect(action, route.id).toMatch(
            /^dynamodb:(GetItem|BatchGetItem|Query|PutItem|UpdateItem|DeleteItem)$/,
          )
        }
      }
    })

    it('keeps the admin users from every public route but the login, which may only read them', () => {
      const onAdmin = (id: string) => dynamoGrants(id).filter((grant) => grant.startsWith('content ADMIN '))
      expect(onAdmin('admin-login')).toEqual(['content ADMIN GetItem'])
      for (const route of routes.filter(
        (candidate) => candidate.auth === 'public' && candidate.id !== 'admin-login',
      )) {
        expect(onAdmin(route.id), route.id).toEqual([])
      }
    })

    it('lets the public lists read their own partition only, with a Query', () => {
      expect(dynamoGrants('list-jobs')).toEqual(['content JOB Query'])
      expect(dynamoGrants('list-resources')).toEqual(['content RESOURCE Query'])
    })

    it('lets the lead routes add their own kind, its inbox entries and counts, read only the phone and e-mail entries, never change or delete a lead', () => {
      expect(dynamoGrants('create-contact').filter((grant) => grant.startsWith('leads '))).toEqual([
        'leads CONTACT PutItem',
        'leads COUNTER UpdateItem',
        'leads FIGURES PutItem',
        'leads INBOX PutItem',
        'leads INBOX#ASSIGNEE PutItem',
        'leads INBOX#EMAIL PutItem',
        'leads INBOX#EMAIL Query',
        'leads INBOX#ID PutItem',
        'leads INBOX#NAME PutItem',
        'leads INBOX#PHONE PutItem',
        'leads INBOX#PHONE Query',
        'leads INBOX#REF PutItem',
        'leads INBOX#RETAIN PutItem',
        'leads INBOX#SOURCE PutItem',
        'leads INBOX#STATUS PutItem',
        'leads INBOX#WAITING PutItem',
        // A ticked newsletter box: the address's signup, pending until confirmed (double opt-in).
        'leads NEWSLETTER GetItem',
        'leads NEWSLETTER PutItem',
        'leads REFERENCE PutItem',
      ])
      expect(dynamoGrants('create-quote').filter((grant) => grant.startsWith('leads '))).toEqual([
        'leads COUNTER UpdateItem',
        'leads FIGURES PutItem',
        'leads INBOX PutItem',
        'leads INBOX#ASSIGNEE PutItem',
        'leads INBOX#ID PutItem',
        'leads INBOX#NAME PutItem',
        'leads INBOX#PHONE PutItem',
        'leads INBOX#PHONE Query',
        'leads INBOX#PIN PutItem',
        'leads INBOX#REF PutItem',
        'leads INBOX#RETAIN PutItem',
        'leads INBOX#SEGMENT PutItem',
        'leads INBOX#SOURCE PutItem',
        'leads INBOX#STATUS PutItem',
        'leads INBOX#WAITING PutItem',
        'leads QUOTE PutItem',
        'leads REFERENCE PutItem',
      ])
      // A lead added by hand: stored like either form's, never read back, changed or deleted.
      expect(dynamoGrants('admin-create-lead').filter((grant) => grant.startsWith('leads '))).toEqual([
        'leads CONTACT PutItem',
        'leads COUNTER UpdateItem',
        'leads FIGURES PutItem',
        'leads INBOX PutItem',
        'leads INBOX#ASSIGNEE PutItem',
        'leads INBOX#EMAIL PutItem',
        'leads INBOX#EMAIL Query',
        'leads INBOX#ID PutItem',
        'leads INBOX#NAME PutItem',
        'leads INBOX#PHONE PutItem',
        'leads INBOX#PHONE Query',
        'leads INBOX#PIN PutItem',
        'leads INBOX#REF PutItem',
        'leads INBOX#RETAIN PutItem',
        'leads INBOX#SEGMENT PutItem',
        'leads INBOX#SOURCE PutItem',
        'leads INBOX#STATUS PutItem',
        'leads INBOX#WAITING PutItem',
        'leads QUOTE PutItem',
        'leads REFERENCE PutItem',
      ])
      // The assignment on arrival: the settings and the round robin's pointers, never a staff record.
      for (const route of ['create-contact', 'create-quote'] as const) {
        const settings = dynamoGrants(route).filter((grant) =>
          /^content (SETTINGS|ROTATION|ADMIN) /.test(grant),
        )
        expect(settings).toEqual([
          'content ROTATION BatchGetItem',
          'content ROTATION UpdateItem',
          'content SETTINGS BatchGetItem',
        ])
      }
    })

    it("grants DeleteItem only to the delete routes (an owner's removal of a user too), the login (clearing its failed attempts), an owner's unlock (the same records and the MFA lock), a lead change, attempt or site visit (its moved inbox entries), a merge (the merged lead's entries), a staff member's own push devices, a one-time code used (the choices page) and a kept lead's retention entry (the keep page)", () => {
      const deleting = routes
        .filter((route) => dynamoGrants(route.id).some((grant) => grant.endsWith(' DeleteItem')))
        .map((route) => route.id)
        .sort()
      expect(deleting).toEqual([
        'admin-add-lead-attempt',
        'admin-add-push-subscription',
        'admin-book-visit',
        'admin-change-visit',
        'admin-delete-job',
        'admin-delete-push-subscription',
        'admin-delete-resource',
        'admin-delete-user',
        'admin-erase-privacy-case',
        'admin-login',
        'admin-merge-leads',
        'admin-unlock-user',
        'admin-update-lead',
        'privacy-create-request',
        'privacy-keep',
        'privacy-open-choices',
      ])
      // The keep page's touch moves the lead's retention entry from its ask, and deletes nothing else.
      expect(dynamoGrants('privacy-keep').filter((grant) => grant.endsWith(' DeleteItem'))).toEqual([
        'leads INBOX#RETAIN DeleteItem',
      ])
      // A code is deleted by the route that redeems it (the choices page's, the rights desk's).
      for (const route of ['privacy-open-choices', 'privacy-create-request'] as const) {
        expect(
          dynamoGrants(route).filter((grant) => grant.endsWith(' DeleteItem')),
          route,
        ).toEqual(['content CODE DeleteItem'])
      }
      // A device beyond the few kept per person replaces the oldest; opting out deletes one's own device; a
      // deleted user's devices go with them. Nothing else of PUSH is ever deleted by a route.
      for (const route of [
        'admin-add-push-subscription',
        'admin-delete-push-subscription',
        'admin-delete-user',
      ] as const) {
        expect(
          dynamoGrants(route).filter((grant) => grant.startsWith('content PUSH ')),
          route,
        ).toContain('content PUSH DeleteItem')
      }
      expect(dynamoGrants('admin-update-lead').filter((grant) => grant.endsWith(' DeleteItem'))).toEqual([
        'leads INBOX#ASSIGNEE DeleteItem',
        'leads INBOX#FOLLOWUP DeleteItem',
        'leads INBOX#RETAIN DeleteItem',
        'leads INBOX#STATUS DeleteItem',
        'leads INBOX#WAITING DeleteItem',
      ])
      // An attempt moves the status and the follow-up, never the assignee; the first ends the response clock.
      expect(dynamoGrants('admin-add-lead-attempt').filter((grant) => grant.endsWith(' DeleteItem'))).toEqual(
        [
          'leads INBOX#FOLLOWUP DeleteItem',
          'leads INBOX#RETAIN DeleteItem',
          'leads INBOX#STATUS DeleteItem',
          'leads INBOX#WAITING DeleteItem',
        ],
      )
      expect(dynamoGrants('admin-delete-job').filter((grant) => grant.endsWith(' DeleteItem'))).toEqual([
        'content JOB DeleteItem',
      ])
      // A booking moves the status; a reschedule or cancellation moves or removes the visit's own entry.
      // Every change of a lead moves its retention entry (keyed by its last change).
      expect(dynamoGrants('admin-book-visit').filter((grant) => grant.endsWith(' DeleteItem'))).toEqual([
        'leads INBOX#RETAIN DeleteItem',
        'leads INBOX#STATUS DeleteItem',
      ])
      expect(dynamoGrants('admin-change-visit').filter((grant) => grant.endsWith(' DeleteItem'))).toEqual([
        'leads INBOX#RETAIN DeleteItem',
        'leads INBOX#VISIT DeleteItem',
      ])
    })

    it('lets the login count its attempts and claim MFA steps in their own partitions, never write a user', () => {
      const writes = dynamoGrants('admin-login').filter((grant) => !grant.endsWith(' GetItem'))
      expect(writes.filter((grant) => grant.startsWith('content ADMIN '))).toEqual([])
      expect(writes).toContain('content MFA_STEP UpdateItem')
      for (const partition of ['LOGIN#USER', 'LOGIN#USERNET', 'LOGIN#NET']) {
        expect(writes).toContain(`content ${partition} UpdateItem`)
      }
    })

    it('lets only the activity route and the breach drill read the audit trail, and nothing change or delete it', () => {
      const onAudit = routes.flatMap((route) =>
        dynamoGrants(route.id)
          .filter((grant) => grant.startsWith('content AUDIT '))
          .map((grant) => `${route.id} ${grant.split(' ')[2]}`),
      )
      expect(onAudit.filter((grant) => !grant.endsWith(' PutItem'))).toEqual([
        'admin-activity Query',
        'admin-breach-report Query',
      ])
    })
  })

  const bucketStatements = (routeId: string, bucket = stack.data.uploadsBucket): any[] => {
    const roleId = logicalId(stack.api.functions[routeId]!.role!)
    const bucketId = logicalId(bucket)
    return roleStatements(roleId).filter((statement: any) =>
      JSON.stringify(statement.Resource).includes(bucketId),
    )
  }
  const exportRoutes = ['admin-export-kind', 'admin-export-all', 'admin-export-leads']
  /** The rights desk's erasure deletes the export files (any may name the person). */
  const exportErasureRoute = 'admin-erase-privacy-case'

  it('gives each upload route exactly the object actions it names, on the resources folder only', () => {
    const expected: Record<string, string[]> = {
      'admin-upload': ['s3:PutObject'],
      'admin-upload-url': ['s3:PutObject'],
      'admin-create-resource': ['s3:DeleteObject', 's3:GetObject'],
      'admin-update-resource': ['s3:DeleteObject', 's3:GetObject'],
      'admin-delete-resource': ['s3:DeleteObject'],
    }
    expect(routes.filter((route) => 'uploads' in route.access).map((route) => route.id)).toEqual(
      expect.arrayContaining(Object.keys(expected)),
    )
    for (const [id, actions] of Object.entries(expected)) {
      const onBucket = bucketStatements(id)
      expect(onBucket, id).toHaveLength(1)
      expect([onBucket[0].Action].flat().sort(), id).toEqual(actions)
      expect(onBucket[0].Resource, id).toEqual({
        'Fn::Join': [
          '',
          [{ 'Fn::GetAtt': [logicalId(stack.data.uploadsBucket), 'Arn'] }, `/${uploadsFolders.resources}*`],
        ],
      })
      expect(bucketStatements(id, stack.data.exportsBucket), id).toEqual([])
    }
    for (const route of routes.filter(
      (r) => !(r.id in expected) && !exportRoutes.includes(r.id) && r.id !== exportErasureRoute,
    )) {
      expect(policyActions(route.id).some((action: string) => action.startsWith('s3:'))).toBe(false)
    }
  })

  it('lets only the resource deletion invalidate /files on the distribution, naming it', () => {
    for (const route of routes) {
      const invalidates = route.id === 'admin-delete-resource'
      expect(policyActions(route.id).includes('cloudfront:CreateInvalidation'), route.id).toBe(invalidates)
      const variables = routeFunction(route.id).Properties.Environment.Variables
      expect(variables[functionEnv.filesDistributionId], route.id).toEqual(
        invalidates ? { Ref: logicalId(stack.site.distribution) } : undefined,
      )
    }
    const roleId = logicalId(stack.api.functions['admin-delete-resource']!.role!)
    const statement = roleStatements(roleId).find(
      (candidate: any) => candidate.Action === 'cloudfront:CreateInvalidation',
    )
    expect(JSON.stringify(statement.Resource)).toContain(logicalId(stack.site.distribution))
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
    const configured = new SiteStack(testApp(join(buildDir, 'cdk.out.cors')), 'Cors', {
      functionsDir,
      siteDir,
      config: fullConfig,
    })
    const configuredBucket =
      Template.fromStack(configured).toJSON().Resources[
        configured.getLogicalId(configured.data.uploadsBucket.node.defaultChild as s3.CfnBucket)
      ]
    expect(configuredBucket.Properties.CorsConfiguration.CorsRules[0].AllowedOrigins).toEqual([
      `https://${fullConfig.domainName}`,
    ])
  })

  it('lets the export routes put (in parts), abort and get objects of the exports bucket only, to hand out download links', () => {
    for (const id of exportRoutes) {
      const onBucket = bucketStatements(id, stack.data.exportsBucket)
      expect(onBucket).toHaveLength(1)
      expect([onBucket[0].Action].flat().sort()).toEqual([
        's3:AbortMultipartUpload',
        's3:GetObject',
        's3:PutObject',
      ])
      expect(onBucket[0].Resource).toEqual({
        'Fn::Join': ['', [{ 'Fn::GetAtt': [logicalId(stack.data.exportsBucket), 'Arn'] }, '/*']],
      })
      expect(bucketStatements(id)).toEqual([])
      expect(routeFunction(id).Properties.Environment.Variables[buckets.exports.envVar]).toEqual({
        Ref: logicalId(stack.data.exportsBucket),
      })
    }
  })

  it("lets only the rights desk's erasure list the exports bucket and delete its files, with the bucket's name", () => {
    expect(routes.filter((route) => 'exportErasure' in route.access).map((route) => route.id)).toEqual([
      exportErasureRoute,
    ])
    const onBucket = bucketStatements(exportErasureRoute, stack.data.exportsBucket)
    const bucketArn = { 'Fn::GetAtt': [logicalId(stack.data.exportsBucket), 'Arn'] }
    expect(onBucket.map((statement) => ({ action: statement.Action, resource: statement.Resource }))).toEqual(
      expect.arrayContaining([
        { action: 's3:ListBucket', resource: bucketArn },
        { action: 's3:DeleteObject', resource: { 'Fn::Join': ['', [bucketArn, '/*']] } },
      ]),
    )
    expect(onBucket).toHaveLength(2)
    expect(bucketStatements(exportErasureRoute)).toEqual([])
    expect(
      routeFunction(exportErasureRoute).Properties.Environment.Variables[buckets.exports.envVar],
    ).toEqual({
      Ref: logicalId(stack.data.exportsBucket),
    })
  })

  it('lets only the quote and contact routes, the login (telling the owners of an MFA lock) and the code route of the choices page publish to the encrypted leads topic, with its ARN', () => {
    const topic = resourceOf(stack.notifications.topic)
    expect(topic.Properties.KmsMasterKeyId).toBe('alias/aws/sns')
    for (const route of routes) {
      // The AWS-managed key's own policy admits SNS callers of the account: no KMS grant at all.
      expect(policyActions(route.id).filter((action) => action.startsWith('kms:'))).toEqual([])
      // The site visits' routes tell the engineer (notifyAssignee).
      const notifies = [
        'create-quote',
        'create-contact',
        'admin-login',
        'admin-book-visit',
        'admin-change-visit',
        // A mobile number on the choices page: the owners are told to call it back.
        'privacy-codes',
      ].includes(route.id)
      expect(policyActions(route.id).includes('sns:Publish')).toBe(notifies)
      const variables = routeFunction(route.id).Properties.Environment.Variables
      const subscribes = ['admin-create-user', 'admin-update-user', 'admin-delete-user'].includes(route.id)
      expect(variables[functionEnv.leadsTopicArn] !== undefined).toBe(notifies || subscribes)
      // The routes that notify also know the site, for the messages' lead links.
      // So do the routes that mail visitors, for the signed choices link each message carries.
      expect(variables[functionEnv.siteUrl] !== undefined).toBe(
        notifies || (route.access as { visitorMail?: boolean }).visitorMail === true,
      )
      const subscriptionActions = ['sns:Subscribe', 'sns:Unsubscribe', 'sns:SetSubscriptionAttributes']
      expect(
        policyActions(route.id)
          .filter((action) => subscriptionActions.includes(action))
          .sort(),
        route.id,
      ).toEqual(subscribes ? [...subscriptionActions].sort() : [])
    }
    // The stack's own subscription: the push relay's (the staff's e-mail ones are made by the user routes).
    expect(ofType('AWS::SNS::Subscription').map(([, sub]) => sub.Properties.Protocol)).toEqual(['lambda'])
  })

  describe('codes to mobile numbers (off by default)', () => {
    const smsSender = {
      channel: 'sms',
      dltEntityId: '1201160000000000001',
      dltTemplateId: '1207160000000000002',
      senderId: 'SURYOD',
    } as const
    const whatsappSender = {
      channel: 'whatsapp',
      phoneNumberId: '106540352242922',
      template: 'privacy_code',
      language: 'en',
      tokenParameter: '/PhoneSite/whatsapp-token',
    } as const
    const codeRoute = 'privacy-codes'
    let built = 0
    /** A stack with `sender` set: each route's environment and statements, by route id. */
    const withSender = (sender?: typeof smsSender | typeof whatsappSender) => {
      const site = new SiteStack(testApp(join(buildDir, `cdk.out.phone-${++built}`)), 'PhoneSite', {
        functionsDir,
        siteDir,
        ...(sender ? { config: { phoneCodeSender: sender } } : {}),
      })
      const json: Record<string, Resource> = Template.fromStack(site).toJSON().Resources
      const idOf = (construct: IConstruct) => site.getLogicalId(construct.node.defaultChild as CfnResource)
      const byRoute = (id: string) => {
        const fn = site.api.functions[id]!
        const role = json[idOf(fn.role!)]!
        return {
          variables: json[idOf(fn)]!.Properties.Environment.Variables as Record<string, unknown>,
          statements: (role.Properties.Policies ?? []).flatMap(
            (policy: any) => policy.PolicyDocument.Statement,
          ) as any[],
        }
      }
      return { site, byRoute }
    }
    const phoneVariables = (variables: Record<string, unknown>) =>
      Object.keys(variables).filter((name) => (phoneCodeEnvironment as readonly string[]).includes(name))
    const smsStatements = (statements: any[]) => statements.filter((statement) => 'NotResource' in statement)

    it('only the code route of the choices page declares it', () => {
      expect(routes.filter((route) => 'phoneCodes' in route.access).map((route) => route.id)).toEqual([
        codeRoute,
      ])
    })

    it('gives no function the settings or a publish beyond the staff topic when none is set', () => {
      for (const route of routes) {
        expect(phoneVariables(routeFunction(route.id).Properties.Environment.Variables), route.id).toEqual([])
        const roleId = logicalId(stack.api.functions[route.id]!.role!)
        expect(smsStatements(roleStatements(roleId)), route.id).toEqual([])
      }
    })

    it('SMS: the code route alone gets its settings and sns:Publish to phone numbers, never an SNS ARN', () => {
      const { site, byRoute } = withSender(smsSender)
      const code = byRoute(codeRoute)
      expect(code.variables).toMatchObject({
        [functionEnv.smsSender]: 'sns',
        [functionEnv.smsDltEntityId]: '1201160000000000001',
        [functionEnv.smsDltTemplateId]: '1207160000000000002',
        [functionEnv.smsSenderId]: 'SURYOD',
      })
      expect(phoneVariables(code.variables).sort()).toEqual(
        [
          functionEnv.smsDltEntityId,
          functionEnv.smsDltTemplateId,
          functionEnv.smsSender,
          functionEnv.smsSenderId,
        ].sort(),
      )
      expect(smsStatements(code.statements)).toEqual([
        { Action: 'sns:Publish', Effect: 'Allow', NotResource: 'arn:*:sns:*:*:*' },
      ])
      // Its publish to the staff topic stays a grant on that topic alone.
      expect(
        code.statements.filter((statement) => statement.Action === 'sns:Publish' && 'Resource' in statement),
      ).toEqual([
        expect.objectContaining({
          Resource: { Ref: site.getLogicalId(site.notifications.topic.node.defaultChild as CfnResource) },
        }),
      ])
      for (const route of routes.filter((each) => each.id !== codeRoute)) {
        const other = byRoute(route.id)
        expect(phoneVariables(other.variables), route.id).toEqual([])
        expect(smsStatements(other.statements), route.id).toEqual([])
      }
      expect(nagFindings(site)).toEqual([])
    })

    it("WhatsApp: the code route alone gets its settings and reads the token's one parameter", () => {
      const { site, byRoute } = withSender(whatsappSender)
      const code = byRoute(codeRoute)
      expect(code.variables).toMatchObject({
        [functionEnv.whatsappPhoneNumberId]: '106540352242922',
        [functionEnv.whatsappTemplate]: 'privacy_code',
        [functionEnv.whatsappTemplateLanguage]: 'en',
        [functionEnv.whatsappTokenParameter]: '/PhoneSite/whatsapp-token',
      })
      expect(code.variables[functionEnv.smsSender]).toBeUndefined()
      expect(smsStatements(code.statements)).toEqual([])
      const reads = code.statements.filter((statement) => statement.Action === 'ssm:GetParameter')
      expect(JSON.stringify(reads)).toContain(':parameter/PhoneSite/whatsapp-token')
      for (const route of routes.filter((each) => each.id !== codeRoute)) {
        const other = byRoute(route.id)
        expect(phoneVariables(other.variables), route.id).toEqual([])
        expect(JSON.stringify(other.statements), route.id).not.toContain('whatsapp-token')
      }
      expect(nagFindings(site)).toEqual([])
    })
  })

  it("keeps the staff's subscriptions on the staff topic alone: the topic and its subscriptions' ARNs", () => {
    const topicRef = { Ref: logicalId(stack.notifications.topic) }
    for (const id of ['admin-create-user', 'admin-update-user', 'admin-delete-user']) {
      const statement = roleStatements(logicalId(stack.api.functions[id]!.role!)).find((candidate) =>
        [candidate.Action].flat().includes('sns:Subscribe'),
      )
      expect(statement?.Resource, id).toEqual(
        expect.arrayContaining([topicRef, { 'Fn::Join': ['', [topicRef, ':*']] }]),
      )
      expect(statement?.Resource, id).toHaveLength(2)
    }
  })

  it('subscribes the leads e-mail to the leads topic and passes the lead rate limit to the lead routes only', () => {
    const app = testApp(join(buildDir, 'cdk.out.leads'))
    const configured = Template.fromStack(
      new SiteStack(app, 'Configured', {
        functionsDir,
        siteDir,
        config: { leadsEmail: 'leads@example.com', leadRateLimit: '3/1h' },
      }),
    )
    const subscriptions = (
      Object.values(configured.findResources('AWS::SNS::Subscription')) as Resource[]
    ).filter((sub) => sub.Properties.Protocol === 'email')
    expect(subscriptions.map((sub) => sub.Properties.Endpoint)).toEqual(['leads@example.com'])
    expect(subscriptions[0]!.Properties.TopicArn.Ref).toMatch(/^NotificationsTopic/)
    const variables = Object.values(configured.findResources('AWS::Lambda::Function')).map(
      (fn: any) => fn.Properties.Environment?.Variables ?? {},
    )
    const limited = variables.filter((vars) => vars[functionEnv.leadRateLimit] === '3/1h')
    expect(limited).toHaveLength(routes.filter((route) => 'rateLimited' in route.access).length)
  })
})

describe('Schedules', () => {
  const sweep = () => resourceOf(stack.schedules.functions['response-sweep']!)

  it('runs the response sweep every minute through an EventBridge rule, without retrying a failed run', () => {
    const rule = resourceOf(stack.schedules.rules['response-sweep']!)
    expect(rule.Properties).toMatchObject({ ScheduleExpression: 'rate(1 minute)', State: 'ENABLED' })
    expect(rule.Properties.Targets).toEqual([
      expect.objectContaining({
        Arn: { 'Fn::GetAtt': [logicalId(stack.schedules.functions['response-sweep']!), 'Arn'] },
        RetryPolicy: { MaximumRetryAttempts: 0 },
      }),
    ])
    const permissions = ofType('AWS::Lambda::Permission').filter(
      ([, permission]) =>
        permission.Properties.FunctionName?.['Fn::GetAtt']?.[0] ===
        logicalId(stack.schedules.functions['response-sweep']!),
    )
    expect(permissions.map(([, permission]) => permission.Properties)).toEqual([
      expect.objectContaining({
        Principal: 'events.amazonaws.com',
        SourceArn: { 'Fn::GetAtt': [logicalId(stack.schedules.rules['response-sweep']!), 'Arn'] },
      }),
    ])
  })

  it("runs its bundle on arm64 within a minute, with the tables, the topic and the site's URL", () => {
    expect(sweep().Properties).toMatchObject({
      Handler: bundleHandler,
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Timeout: 50,
      MemorySize: 512,
      LoggingConfig: { LogGroup: { Ref: logicalId(stack.api.logGroup) } },
    })
    const variables = sweep().Properties.Environment.Variables
    expect(Object.keys(variables).sort()).toEqual(
      [
        tables.leads.envVar,
        tables.content.envVar,
        functionEnv.leadsTopicArn,
        functionEnv.siteUrl,
        // No push key: its alerts reach the devices through the topic's push relay.
        'POWERTOOLS_LOG_LEVEL',
      ].sort(),
    )
    expect(JSON.stringify(variables[functionEnv.siteUrl])).toContain(logicalId(stack.site.distribution))
  })

  it('lets the sweep publish to the leads topic and write its logs, nothing else beyond its partitions', () => {
    const roleId = sweep().Properties.Role['Fn::GetAtt'][0]
    const actions = roleStatements(roleId).flatMap((statement: any) => [statement.Action].flat())
    expect(actions.filter((action: string) => !action.startsWith('dynamodb:')).sort()).toEqual([
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      'sns:Publish',
    ])
  })
})

describe('Relays', () => {
  const relay = () => stack.relays.functions['push-relay']!

  it('subscribes the push relay to the staff topic, for the messages about a lead only', () => {
    const subscriptions = ofType('AWS::SNS::Subscription').filter(
      ([, subscription]) => subscription.Properties.Protocol === 'lambda',
    )
    expect(subscriptions.map(([, subscription]) => subscription.Properties)).toEqual([
      expect.objectContaining({
        Endpoint: { 'Fn::GetAtt': [logicalId(relay()), 'Arn'] },
        TopicArn: { Ref: logicalId(stack.notifications.topic) },
        FilterPolicy: { leadId: [{ exists: true }] },
      }),
    ])
    const permissions = ofType('AWS::Lambda::Permission').filter(
      ([, permission]) => permission.Properties.FunctionName?.['Fn::GetAtt']?.[0] === logicalId(relay()),
    )
    expect(permissions.map(([, permission]) => permission.Properties)).toEqual([
      expect.objectContaining({
        Action: 'lambda:InvokeFunction',
        Principal: 'sns.amazonaws.com',
        SourceArn: { Ref: logicalId(stack.notifications.topic) },
      }),
    ])
  })

  it('runs its bundle on arm64 with the content table and the push key, and may read the key and log, nothing else', () => {
    const fn = resourceOf(relay())
    expect(fn.Properties).toMatchObject({
      Handler: bundleHandler,
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Timeout: 30,
      LoggingConfig: { LogGroup: { Ref: logicalId(stack.api.logGroup) } },
    })
    expect(Object.keys(fn.Properties.Environment.Variables).sort()).toEqual(
      [tables.content.envVar, functionEnv.vapidSecretParameter, 'POWERTOOLS_LOG_LEVEL'].sort(),
    )
    const roleId = fn.Properties.Role['Fn::GetAtt'][0]
    const actions = roleStatements(roleId).flatMap((statement: any) => [statement.Action].flat())
    expect(actions.filter((action: string) => !action.startsWith('dynamodb:')).sort()).toEqual([
      'logs:CreateLogStream',
      'logs:PutLogEvents',
      'ssm:GetParameter',
    ])
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

  it('strips /files from upload paths and answers 404 outside the resources folder', () => {
    expect(runViewerRequest(filesPrefixFunctionCode, '/files/resources/1-report.pdf')).toBe(
      '/resources/1-report.pdf',
    )
    const handler = new Function(`${filesPrefixFunctionCode}\nreturn handler`)() as (event: unknown) => {
      statusCode?: number
    }
    expect(handler({ request: { uri: '/files/exports/1-x/quotes.csv' } }).statusCode).toBe(404)
    const config = resourceOf(stack.site.distribution).Properties.DistributionConfig
    const files = (config.CacheBehaviors as any[]).find((behavior) => behavior.PathPattern === '/files/*')
    const filesFunction = ofType('AWS::CloudFront::Function').find(
      ([, fn]) => fn.Properties.FunctionCode === filesPrefixFunctionCode,
    )
    expect(files.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [filesFunction![0], 'FunctionARN'] } },
    ])
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

  it('has no dependency cycle: the distribution fronts the API, and the resource deletion names the distribution', () => {
    const dependencies = (value: unknown, found: Set<string>): Set<string> => {
      if (Array.isArray(value)) for (const item of value) dependencies(item, found)
      else if (value && typeof value === 'object') {
        const node = value as Record<string, unknown>
        if (typeof node.Ref === 'string' && resources[node.Ref]) found.add(node.Ref)
        const getAtt = node['Fn::GetAtt']
        if (Array.isArray(getAtt) && resources[getAtt[0]]) found.add(getAtt[0])
        for (const child of Object.values(node)) dependencies(child, found)
      }
      return found
    }
    const edges = Object.fromEntries(
      Object.entries(resources).map(([id, resource]) => {
        const found = dependencies(resource.Properties, new Set())
        for (const name of [(resource as { DependsOn?: string | string[] }).DependsOn ?? []].flat())
          found.add(name)
        return [id, found]
      }),
    )
    // Depth-first search: a resource met again while it is still on the path closes a cycle.
    const state: Record<string, 'open' | 'done'> = {}
    const path: string[] = []
    const cycles: string[][] = []
    const visit = (id: string): void => {
      if (state[id] === 'done') return
      if (state[id] === 'open') {
        cycles.push(path.slice(path.indexOf(id)))
        return
      }
      state[id] = 'open'
      path.push(id)
      for (const next of edges[id] ?? []) visit(next)
      path.pop()
      state[id] = 'done'
    }
    for (const id of Object.keys(resources)) visit(id)
    expect(cycles).toEqual([])
    // The edge that could close one: the function that invalidates /files depends on the distribution.
    const deleteResource = logicalId(stack.api.functions['admin-delete-resource']!)
    expect(edges[deleteResource]).toContain(logicalId(stack.site.distribution))
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
    const app = testApp(join(buildDir, 'cdk.out.full'), { validate: true })
    const full = new SiteStack(app, 'FullSite', {
      functionsDir,
      siteDir,
      config: fullConfig,
    })
    expect(nagFindings(full)).toEqual([])
  })

  it('finds nothing in a stack bound to an account and region (as `cdk deploy` with credentials makes it)', () => {
    const app = testApp(join(buildDir, 'cdk.out.env'))
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
      exports: logicalId(stack.data.exportsBucket),
      accessLogs: logicalId(stack.data.accessLogsBucket),
      signingSecret: logicalId(stack.data.signingSecret),
      vapidSecret: logicalId(stack.data.vapidSecret),
      originSecret: logicalId(stack.api.originSecret),
      siteBucket: logicalId(stack.site.bucket),
    }).toMatchInlineSnapshot(`
      {
        "accessLogs": "DataAccessLogsC0C25EE4",
        "content": "DataContentDB8418FB",
        "exports": "DataExportsDBAF8253",
        "leads": "DataLeads62869C3B",
        "originSecret": "ApiOriginSecretParameter7834CBFB",
        "signingSecret": "DataSigningSecretParameter20AC6C65",
        "siteBucket": "SiteBucket978D4AEB",
        "uploads": "DataUploads81D8EB70",
        "vapidSecret": "DataVapidSecretParameterD2EA09BD",
      }
    `)
  })

  it("gives each function its own role that may write only to the functions' log group, shared by all", () => {
    const logGroupIds = new Set(
      routes.map((route) => routeFunction(route.id).Properties.LoggingConfig.LogGroup.Ref),
    )
    expect([...logGroupIds]).toEqual([logicalId(stack.api.logGroup)])
    const managed = ofType('AWS::IAM::Role').filter(([, role]) =>
      JSON.stringify(role.Properties.ManagedPolicyArns ?? []).includes('AWSLambdaBasicExecutionRole'),
    )
    // only CDK's BucketDeployment provider keeps the managed role
    expect(managed.map(([id]) => id)).toEqual([expect.stringMatching(/^CustomCDKBucketDeployment/)])
    for (const route of routes) {
      const fn = routeFunction(route.id)
      const logGroupId = fn.Properties.LoggingConfig.LogGroup.Ref
      const roleId = fn.Properties.Role['Fn::GetAtt'][0]
      const statements = roleStatements(roleId)
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

  it('sends the origin secret from CloudFront and gives every function its parameter, not its value', () => {
    const config = resourceOf(stack.site.distribution).Properties.DistributionConfig
    const apiOrigin = (config.Origins as any[]).find((origin) => origin.CustomOriginConfig)
    const header = (apiOrigin.OriginCustomHeaders as any[]).find((h) => h.HeaderName === originSecretHeader)
    // The current value, returned by the custom resource (visible in the distribution's config anyway).
    expect(header.HeaderValue).toEqual({ 'Fn::GetAtt': [logicalId(stack.api.originSecret), 'Value'] })
    for (const route of routes) {
      const variables = routeFunction(route.id).Properties.Environment.Variables
      expect(variables[functionEnv.originSecretParameter]).toBe('/TestSite/origin-secret')
      expect(variables).not.toHaveProperty(functionEnv.originSecret)
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

  it('logs bucket access to the access-log bucket, kept 90 days (CloudFront: v2 logging, test/infra/edge.test.ts)', () => {
    const logsId = logicalId(stack.data.accessLogsBucket)
    for (const bucket of [stack.site.bucket, stack.data.uploadsBucket, stack.data.exportsBucket]) {
      expect(resourceOf(bucket).Properties.LoggingConfiguration.DestinationBucketName).toEqual({
        Ref: logsId,
      })
    }
    // No legacy logging: it would keep the query string.
    expect(resourceOf(stack.site.distribution).Properties.DistributionConfig.Logging).toBeUndefined()
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

  it('keeps the leads topic under the AWS-managed key, needs no KMS key, and raises the alarms on a topic of their own', () => {
    expect(ofType('AWS::KMS::Key')).toEqual([])
    expect(resourceOf(stack.notifications.topic).Properties.KmsMasterKeyId).toBe('alias/aws/sns')
    // CloudWatch cannot publish under the AWS-managed key: the alarm topic carries no lead, unencrypted.
    expect(resourceOf(stack.notifications.alarmTopic).Properties.KmsMasterKeyId).toBeUndefined()
    const alarmTopicId = logicalId(stack.notifications.alarmTopic)
    const alarms = ofType('AWS::CloudWatch::Alarm')
    expect(alarms.length).toBeGreaterThan(0)
    for (const [, alarm] of alarms) {
      expect(alarm.Properties.AlarmActions).toEqual([{ Ref: alarmTopicId }])
      expect(alarm.Properties.OKActions).toEqual([{ Ref: alarmTopicId }])
    }
    // the default stack has no address to mail: its one subscription is the push relay's
    expect(ofType('AWS::SNS::Subscription').map(([, sub]) => sub.Properties.Protocol)).toEqual(['lambda'])
  })

  it('applies the configuration: domain, TLS 1.2, e-mail, analytics CSP, log retention and the lead limit', () => {
    const app = testApp(join(buildDir, 'cdk.out.config'))
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
    for (const endpoint of [fullConfig.leadsEmail, fullConfig.alarmEmail])
      t.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: endpoint })
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
    expect(functions).toHaveLength(routes.length + schedules.length + relays.length)
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
    // The scheduled functions and the relays write to the route functions' log group (the same alarms read
    // their errors).
    expect(ours).toHaveLength(routes.length + schedules.length + relays.length + 1)
    for (const id of ours) expect(logGroups[id]?.Properties.RetentionInDays).toBe(90)
    const outputs = t.toJSON().Outputs
    expect(outputs.SiteUrl.Value).toBe(`https://${fullConfig.domainName}`)
    expect(outputs.CreateAdminCommand.Value).toEqual({
      'Fn::Join': [
        '',
        ['npm run admin -- create-user admin --stack ConfiguredSite --region ', { Ref: 'AWS::Region' }],
      ],
    })
  })
})

describe('Secrets as SSM parameters', () => {
  const secretResources = () => ofType('Custom::SecretParameter')
  const parameterArn = (name: string) => ({
    'Fn::Join': [
      '',
      [
        'arn:',
        { Ref: 'AWS::Partition' },
        ':ssm:',
        { Ref: 'AWS::Region' },
        ':',
        { Ref: 'AWS::AccountId' },
        `:parameter/TestSite/${name}`,
      ],
    ],
  })
  const signingArn = parameterArn('signing-secret')
  const originArn = parameterArn('origin-secret')
  const vapidArn = parameterArn('vapid-secret')
  const consentArn = parameterArn('consent-key')
  /** The statements of a role's policies, each action on its own (minimised policies merge them). */
  const statementsOf = (roleId: string) => roleStatements(roleId)

  it('has no Secrets Manager secret and no KMS key for the secrets', () => {
    expect(ofType('AWS::SecretsManager::Secret')).toEqual([])
    for (const [, resource] of secretResources()) expect(resource.Properties).not.toHaveProperty('KeyId')
    // No customer-managed key at all: the parameters use aws/ssm, the lead topic aws/sns.
    expect(ofType('AWS::KMS::Key')).toEqual([])
  })

  it('creates the four parameters with the custom resource; only the origin one returns its value', () => {
    const byName = Object.fromEntries(
      secretResources().map(([id, resource]) => [resource.Properties.ParameterName, { id, ...resource }]),
    )
    expect(Object.keys(byName).sort()).toEqual([
      '/TestSite/consent-key',
      '/TestSite/origin-secret',
      '/TestSite/signing-secret',
      '/TestSite/vapid-secret',
    ])
    expect(byName['/TestSite/signing-secret']!.Properties.ExposeValue).toBe('false')
    // Nor the consent ledger's HMAC key: with it, a phone number's 10^10 space would be searched in minutes.
    expect(byName['/TestSite/consent-key']!.Properties.ExposeValue).toBe('false')
    expect(JSON.stringify(template.toJSON())).not.toContain(
      `"${byName['/TestSite/consent-key']!.id}","Value"`,
    )
    expect(byName['/TestSite/vapid-secret']!.Properties.ExposeValue).toBe('false')
    // Neither is the VAPID secret (the push key pair is derived from it in the functions).
    expect(JSON.stringify(template.toJSON())).not.toContain(
      `"${byName['/TestSite/vapid-secret']!.id}","Value"`,
    )
    expect(byName['/TestSite/origin-secret']!.Properties.ExposeValue).toBe('true')
    // The signing secret is never in the template: nothing reads a Value attribute of its resource.
    const signingId = byName['/TestSite/signing-secret']!.id
    expect(JSON.stringify(template.toJSON())).not.toContain(`"${signingId}","Value"`)
    // A new value of the stack parameter OriginHeaderRotation makes CloudFormation ask the provider again.
    expect(byName['/TestSite/origin-secret']!.Properties.Rotation).toEqual({ Ref: 'OriginHeaderRotation' })
    expect(template.toJSON().Parameters.OriginHeaderRotation).toMatchObject({
      Type: 'String',
      Default: 'initial',
    })
  })

  it('grants each route exactly ssm:GetParameter on the parameters it needs, and no kms:Decrypt for them', () => {
    // The AWS-managed aws/ssm key lets every principal of the account decrypt through SSM: the grant on the
    // parameter's ARN is the whole control, and no KMS permission is needed.
    for (const route of routes as readonly ApiRoute[]) {
      const roleId = logicalId(stack.api.functions[route.id]!.role!)
      const statements = statementsOf(roleId)
      const kmsResources = statements
        .filter((statement) => [statement.Action].flat().some((action: string) => action.startsWith('kms:')))
        .flatMap((statement) => [statement.Resource].flat())
      expect(kmsResources, route.id).toEqual([])
      const ssmStatements = statements.filter((statement) =>
        [statement.Action].flat().some((action: string) => /^(ssm|secretsmanager):/.test(action)),
      )
      const granted = ssmStatements.flatMap((statement) =>
        [statement.Action]
          .flat()
          .flatMap((action: string) => [statement.Resource].flat().map((resource) => ({ action, resource }))),
      )
      const expected = [
        { action: 'ssm:GetParameter', resource: originArn },
        ...(route.access.signingSecret ? [{ action: 'ssm:GetParameter', resource: signingArn }] : []),
        ...((route.access as { pushKeys?: boolean }).pushKeys
          ? [{ action: 'ssm:GetParameter', resource: vapidArn }]
          : []),
        // The consent key keys the ledger and signs the links a visitor mail carries.
        ...(route.access.consentKey || (route.access as { visitorMail?: boolean }).visitorMail
          ? [{ action: 'ssm:GetParameter', resource: consentArn }]
          : []),
      ]
      expect(granted, route.id).toEqual(expect.arrayContaining(expected))
      expect(granted, route.id).toHaveLength(expected.length)
      for (const statement of ssmStatements) expect(statement.Condition, route.id).toBeUndefined()
    }
  })

  it('lets the provider put, get and delete exactly the four parameters', () => {
    const [[, provider]] = ofType('AWS::Lambda::Function').filter(([, fn]) =>
      String(fn.Properties.Description).startsWith('Custom::SecretParameter'),
    ) as [[string, Resource]]
    expect(provider.Properties.Runtime).toBe('nodejs24.x')
    const roleId = provider.Properties.Role['Fn::GetAtt'][0]
    const onParameters = statementsOf(roleId).filter((statement) =>
      [statement.Action].flat().some((action: string) => action.startsWith('ssm:')),
    )
    const granted = onParameters.flatMap((statement) =>
      [statement.Action]
        .flat()
        .flatMap((action: string) =>
          [statement.Resource].flat().map((resource) => `${action} ${JSON.stringify(resource)}`),
        ),
    )
    const expected = ['ssm:DeleteParameter', 'ssm:GetParameter', 'ssm:PutParameter'].flatMap((action) =>
      [signingArn, originArn, vapidArn, consentArn].map(
        (resource) => `${action} ${JSON.stringify(resource)}`,
      ),
    )
    expect(granted.sort()).toEqual(expected.sort())
    for (const [, resource] of secretResources()) {
      expect(resource.Properties.ServiceToken).toEqual({ 'Fn::GetAtt': [expect.any(String), 'Arn'] })
    }
  })

  it('names the parameters and the kid CloudFront sends in the outputs (rotate-secret reads them)', () => {
    const outputs = template.toJSON().Outputs
    expect(outputs[stackOutputs.signingSecretParameter].Value).toBe('/TestSite/signing-secret')
    expect(outputs[stackOutputs.originSecretParameter].Value).toBe('/TestSite/origin-secret')
    expect(outputs[stackOutputs.vapidSecretParameter].Value).toBe('/TestSite/vapid-secret')
    expect(outputs[stackOutputs.consentKeyParameter].Value).toBe('/TestSite/consent-key')
    expect(outputs[stackOutputs.originSecretKid].Value).toEqual({
      'Fn::GetAtt': [logicalId(stack.api.originSecret), 'Kid'],
    })
  })
})
