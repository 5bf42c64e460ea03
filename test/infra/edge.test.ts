import type { CfnResource, Stack } from 'aws-cdk-lib'
import { Template } from 'aws-cdk-lib/assertions'
import { AwsSolutionsChecks } from 'cdk-nag'
import type { IConstruct } from 'constructs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ApiRoute, routes } from '../../functions/routes'
import {
  accessLogFields,
  cloudFrontRegion,
  edgeRateLimits,
  type PricingPlan,
  siteWithEdge,
} from '../../infra/constructs/edge'
import { SiteStack } from '../../infra/stack'
import { type FakeBuild, makeFakeBuild } from '../support/cdk-stack'

type Resource = { Type: string; Properties: Record<string, any>; DependsOn?: string[] }
type TemplateJson = { Resources: Record<string, Resource> }

const json = (stack: Stack) => Template.fromStack(stack).toJSON() as TemplateJson
const ofType = (t: TemplateJson, type: string) =>
  Object.values(t.Resources).filter((resource) => resource.Type === type)
const logicalId = (construct: IConstruct) => {
  const child = construct.node.defaultChild as CfnResource
  return child.stack.getLogicalId(child)
}
const nagFindings = (stack: Stack): string[] =>
  new AwsSolutionsChecks()
    .validateScope(stack)
    .violations.flatMap((violation) =>
      violation.violatingResources.map((resource) => `${violation.ruleName} ${resource.resourceLogicalId}`),
    )

const mumbai = { account: '123456789012', region: 'ap-south-1' }
const apiRoutes = routes as readonly ApiRoute[]

let build: FakeBuild
beforeAll(() => {
  build = makeFakeBuild()
})
afterAll(() => build.remove())

/** The three stacks of a deployment in ap-south-1 on `plan`. */
function deployment(name: string, plan: PricingPlan, alarmEmail?: string, validate = false) {
  const app = build.app({ validate })
  return siteWithEdge(app, {
    stackName: name,
    stage: 'prod',
    plan,
    env: mumbai,
    ...(alarmEmail ? { alarmEmail } : {}),
    createSite: (props) =>
      new SiteStack(app, name, { ...props, functionsDir: build.functionsDir, siteDir: build.siteDir }),
  })
}

let free: ReturnType<typeof deployment>
let edge: TemplateJson
let site: TemplateJson
let plan: TemplateJson
beforeAll(() => {
  // Checked against CloudFormation's rules as it synthesises (the three stacks of a real deployment).
  free = deployment('EdgeSite', 'free', 'alarms@example.in', true)
  edge = json(free.edge)
  site = json(free.site)
  plan = json(free.plan)
})

/** The byte-match strings of a web ACL statement tree (template casing), by field (`Method`, `UriPath`). */
function matches(statement: any, field: string): string[] {
  const byteMatch = statement.ByteMatchStatement
  if (byteMatch) return field in byteMatch.FieldToMatch ? [byteMatch.SearchString] : []
  const children = statement.AndStatement?.Statements ?? statement.OrStatement?.Statements ?? []
  return children.flatMap((child: any) => matches(child, field))
}

describe('Edge stack (web ACL)', () => {
  it('puts a CLOUDFRONT-scope web ACL in us-east-1 while the site stays in ap-south-1', () => {
    expect(free.edge.region).toBe(cloudFrontRegion)
    expect(free.plan.region).toBe(cloudFrontRegion)
    expect(free.site.region).toBe('ap-south-1')
    const [acl] = ofType(edge, 'AWS::WAFv2::WebACL')
    expect(acl?.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } })
    expect(ofType(site, 'AWS::WAFv2::WebACL')).toEqual([])
    expect(ofType(site, 'AWS::DynamoDB::Table').length).toBeGreaterThan(0)
    expect(ofType(edge, 'AWS::DynamoDB::Table')).toEqual([])
  })

  it('blocks per IP a flood of POSTs to the sign-in, and a larger one to the three lead forms, paths from the route table', () => {
    const [acl] = ofType(edge, 'AWS::WAFv2::WebACL')
    const rules = acl!.Properties.Rules as any[]
    const rule = (name: string) => rules.find((candidate) => candidate.Name === name)
    const login = rule('LoginPerIp')
    const leads = rule('LeadFormsPerIp')
    for (const [found, limit] of [
      [login, edgeRateLimits.loginPerFiveMinutes],
      [leads, edgeRateLimits.leadFormsPerFiveMinutes],
    ] as const) {
      expect(found.Action).toEqual({ Block: {} })
      expect(found.Statement.RateBasedStatement).toMatchObject({
        Limit: limit,
        AggregateKeyType: 'IP',
        EvaluationWindowSec: 300,
      })
    }
    const loginScope = login.Statement.RateBasedStatement.ScopeDownStatement
    const leadScope = leads.Statement.RateBasedStatement.ScopeDownStatement
    expect(matches(loginScope, 'Method')).toEqual(['POST'])
    expect(matches(loginScope, 'UriPath')).toEqual(['/api/admin/login'])
    expect(matches(leadScope, 'Method')).toEqual(['POST'])
    expect(matches(leadScope, 'UriPath').sort()).toEqual([
      '/api/contacts',
      '/api/newsletter',
      '/api/newsletter/confirm',
      // The privacy choices page's routes: a flood of codes or links is a lead form's flood.
      '/api/privacy/choices',
      '/api/privacy/choices/open',
      '/api/privacy/choices/withdraw',
      '/api/privacy/codes',
      '/api/privacy/keep',
      '/api/privacy/one-click',
      '/api/quotes',
    ])
    // The same paths as the routes that limit each client in the function.
    expect(matches(leadScope, 'UriPath').sort()).toEqual(
      apiRoutes
        .filter((route) => route.access.rateLimited)
        .map((route) => route.path)
        .sort(),
    )
    // Generous for carrier-grade NAT: many times the sign-in's limit.
    expect(edgeRateLimits.leadFormsPerFiveMinutes).toBeGreaterThanOrEqual(
      10 * edgeRateLimits.loginPerFiveMinutes,
    )
  })

  it('attaches the web ACL to the distribution, deploying the web ACL first and the plan last', () => {
    const distribution = site.Resources[logicalId(free.site.site.distribution)]!
    // Read across regions from the Edge stack's output (CloudFormation's Fn::GetStackOutput).
    expect(distribution.Properties.DistributionConfig.WebACLId).toEqual({
      'Fn::GetStackOutput': expect.objectContaining({ StackName: 'EdgeSite-Edge', Region: cloudFrontRegion }),
    })
    expect(free.site.dependencies).toContain(free.edge)
    expect(free.plan.dependencies).toContain(free.site)
    expect(free.edge.dependencies).toEqual([])
  })

  it('refuses a site whose region is not known, naming the fix', () => {
    const app = build.app()
    expect(() =>
      siteWithEdge(app, {
        stackName: 'Agnostic',
        stage: 'prod',
        plan: 'free',
        env: {},
        createSite: (props) =>
          new SiteStack(app, 'Agnostic', {
            ...props,
            functionsDir: build.functionsDir,
            siteDir: build.siteDir,
          }),
      }),
    ).toThrow(/region of Agnostic is not known.*AWS_REGION/)
  })
})

describe('EdgePlan stack (plan, access logs, site-down alarm)', () => {
  it('subscribes the distribution and its web ACL to the Free plan', () => {
    const [subscription] = ofType(plan, 'AWS::PricingPlanManager::Subscription')
    expect(subscription?.Properties).toMatchObject({ PlanFamily: 'CloudFront', PlanTier: 'FREE' })
    const arns = JSON.stringify(subscription!.Properties.ResourceArns)
    expect(subscription!.Properties.ResourceArns).toHaveLength(2)
    expect(arns).toContain(':distribution/')
    expect(arns).toMatch(/WebAcl/)
  })

  it.each([
    ['pro', ['PRO']],
    ['pay-as-you-go', []],
  ] as const)('on %s subscribes %j, and keeps the web ACL', (name, tiers) => {
    const other = deployment(`Plan${name.replace(/-/g, '')}`, name)
    expect(
      ofType(json(other.plan), 'AWS::PricingPlanManager::Subscription').map((s) => s.Properties.PlanTier),
    ).toEqual(tiers)
    expect(ofType(json(other.edge), 'AWS::WAFv2::WebACL')).toHaveLength(1)
  })

  it('logs requests through CloudFront v2 logging into the access-log bucket, without the query string', () => {
    const [source] = ofType(plan, 'AWS::Logs::DeliverySource')
    expect(source?.Properties.LogType).toBe('ACCESS_LOGS')
    expect(JSON.stringify(source!.Properties.ResourceArn)).toContain(':distribution/')
    const [destination] = ofType(plan, 'AWS::Logs::DeliveryDestination')
    expect(JSON.stringify(destination!.Properties.DestinationResourceArn)).toContain('/cloudfront')
    const [delivery] = ofType(plan, 'AWS::Logs::Delivery')
    const fields = delivery!.Properties.RecordFields as string[]
    expect(fields).toEqual([...accessLogFields])
    expect(fields).toEqual(
      expect.arrayContaining(['date', 'time', 'c-ip', 'cs-method', 'cs-uri-stem', 'sc-status']),
    )
    expect(fields).not.toContain('cs-uri-query')
    expect(fields).not.toContain('cs(Referer)')
    // No legacy logging (it would keep the query string).
    const distribution = site.Resources[logicalId(free.site.site.distribution)]!
    expect(distribution.Properties.DistributionConfig.Logging).toBeUndefined()
  })

  it('lets only the log delivery service of this account write into cloudfront/ of the access-log bucket', () => {
    const bucketId = logicalId(free.site.data.accessLogsBucket)
    const policy = ofType(site, 'AWS::S3::BucketPolicy').find(
      (p) => JSON.stringify(p.Properties.Bucket) === JSON.stringify({ Ref: bucketId }),
    )
    const statement = (policy!.Properties.PolicyDocument.Statement as any[]).find(
      (s) => s.Principal?.Service === 'delivery.logs.amazonaws.com',
    )
    expect(statement).toMatchObject({ Effect: 'Allow', Action: 's3:PutObject' })
    expect(JSON.stringify(statement.Resource)).toContain('/cloudfront/*')
    expect(statement.Condition.StringEquals['aws:SourceAccount']).toBe(mumbai.account)
    expect(statement.Condition.ArnLike['aws:SourceArn']).toContain(
      ':logs:us-east-1:123456789012:delivery-source:',
    )
  })

  it("alarms in us-east-1 on the distribution's 5xx rate, to a topic there that e-mails alarmEmail", () => {
    const [alarm] = ofType(plan, 'AWS::CloudWatch::Alarm')
    expect(alarm?.Properties).toMatchObject({
      Namespace: 'AWS/CloudFront',
      MetricName: '5xxErrorRate',
      ComparisonOperator: 'GreaterThanThreshold',
    })
    expect(alarm!.Properties.Dimensions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Name: 'DistributionId' }),
        { Name: 'Region', Value: 'Global' },
      ]),
    )
    const topicId = logicalId(free.plan.alarmTopic)
    expect(alarm!.Properties.AlarmActions).toEqual([{ Ref: topicId }])
    expect(ofType(plan, 'AWS::SNS::Subscription').map((s) => s.Properties)).toEqual([
      expect.objectContaining({
        Protocol: 'email',
        Endpoint: 'alarms@example.in',
        TopicArn: { Ref: topicId },
      }),
    ])
  })
})

describe('sign-in function', () => {
  it('gets 1,024 MB or more (scrypt is CPU-bound: faster, same cost per sign-in)', () => {
    const login = apiRoutes.find((route) => route.id === 'admin-login')!
    expect(login.memoryMb).toBeGreaterThanOrEqual(1024)
    const fn = site.Resources[logicalId(free.site.api.functions['admin-login']!)]!
    expect(fn.Properties.MemorySize).toBeGreaterThanOrEqual(1024)
  })
})

describe('cdk-nag AwsSolutions', () => {
  it('finds nothing unacknowledged in the three stacks', () => {
    expect(nagFindings(free.edge)).toEqual([])
    expect(nagFindings(free.site)).toEqual([])
    expect(nagFindings(free.plan)).toEqual([])
  })
})
