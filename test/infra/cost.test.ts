import { Stack } from 'aws-cdk-lib'
import { Template } from 'aws-cdk-lib/assertions'
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch'
import * as kms from 'aws-cdk-lib/aws-kms'
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager'
import * as sns from 'aws-cdk-lib/aws-sns'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { relays } from '../../functions/relays'
import { type PricingPlan, siteWithEdge } from '../../infra/constructs/edge'
import { SiteStack } from '../../infra/stack'
import { type FakeBuild, makeFakeBuild } from '../support/cdk-stack'

/**
 * AWS list prices (US$ a month) of what a template bills whether or not anyone visits, the same in
 * us-east-1 and ap-south-1. Free tiers that depend on the rest of the account (CloudWatch's 10 free alarm
 * metrics) are not counted; per-account allowances that a stack rarely exhausts (3 dashboards, 2 budgets)
 * are.
 */
const prices = {
  /** Secrets Manager, per secret. */
  secret: 0.4,
  /** KMS, per customer-managed key (AWS-managed keys are free). */
  kmsKey: 1.0,
  /** CloudWatch standard-resolution alarm, per metric it reads (a math expression: each metric in it). */
  alarmMetric: 0.1,
  /** CloudWatch high-resolution alarm (period under a minute), per metric. */
  highResolutionAlarmMetric: 0.3,
  /** CloudWatch composite alarm. */
  compositeAlarm: 0.5,
  /** CloudWatch custom metric that receives data every period (a metric filter with a default value). */
  customMetric: 0.3,
  /** CloudWatch dashboard beyond the account's first 3. */
  dashboard: 3.0,
  freeDashboards: 3,
  /** AWS WAF web ACL, and each rule or rule group in it (included in a CloudFront flat-rate plan). */
  webAcl: 5.0,
  webAclRule: 1.0,
  /**
   * CloudFront flat-rate plans by `PlanTier`, each covering one distribution and one web ACL (WAF included).
   * Free: 1M requests and 100 GB a month; Pro: 10M requests and 50 TB.
   */
  flatRatePlan: { FREE: 0, PRO: 15.0 } as Record<string, number>,
  /** SNS e-mail deliveries beyond the account's first 1,000 a month: US$2 per 100,000. */
  snsEmailPer100k: 2.0,
  freeSnsEmails: 1000,
  /** SNS deliveries to a Lambda subscription (the push relay): free of charge. */
  snsLambdaDelivery: 0,
  /** Lambda on arm64 beyond the account's free tier: US$0.20 per million requests, and per GB-second. */
  lambdaPerMillionRequests: 0.2,
  lambdaArmPerGbSecond: 0.0000133334,
  /** AWS Budgets beyond the account's first two: $0.02 a day. */
  budget: 0.62,
  freeBudgets: 2,
  /** Route 53 hosted zone. */
  hostedZone: 0.5,
  /** SSM parameter in the advanced tier (standard parameters are free). */
  advancedParameter: 0.05,
} as const

/** Resources billed only for use (requests, GB stored, GB-seconds): no fee while the site is idle. */
const usageOnly = new Set([
  'AWS::ApiGatewayV2::Api',
  'AWS::ApiGatewayV2::Integration',
  'AWS::ApiGatewayV2::Route',
  'AWS::ApiGatewayV2::Stage',
  'AWS::CDK::Metadata',
  'AWS::CloudFront::CachePolicy',
  'AWS::CloudFront::Distribution',
  'AWS::CloudFront::Function',
  'AWS::CloudFront::OriginAccessControl',
  'AWS::CloudFront::OriginRequestPolicy',
  'AWS::CloudFront::ResponseHeadersPolicy',
  'AWS::DynamoDB::Table',
  // EventBridge scheduled rules are free; their runs are Lambda requests (the sweep: one a minute).
  'AWS::Events::Rule',
  'AWS::IAM::Policy',
  'AWS::IAM::Role',
  // CloudFront v2 access logs: billed per GB delivered (included in a flat-rate plan).
  'AWS::Logs::Delivery',
  'AWS::Logs::DeliveryDestination',
  'AWS::Logs::DeliverySource',
  'AWS::Lambda::Function',
  'AWS::Lambda::LayerVersion',
  'AWS::Lambda::Permission',
  'AWS::Logs::LogGroup',
  'AWS::S3::Bucket',
  'AWS::S3::BucketPolicy',
  'AWS::SNS::Subscription',
  'AWS::SNS::Topic',
  'AWS::SNS::TopicPolicy',
])

type Resource = { Type: string; Properties?: Record<string, any> }
interface FeeItem {
  readonly item: string
  readonly count: number
  readonly usd: number
}

const round = (usd: number) => Math.round(usd * 100) / 100

/** The metrics an alarm reads and whether it is high-resolution. */
function alarmMetrics(alarm: Resource): { metrics: number; highResolution: boolean } {
  const properties = alarm.Properties ?? {}
  if (properties.MetricName) return { metrics: 1, highResolution: Number(properties.Period) < 60 }
  const stats = ((properties.Metrics ?? []) as any[]).filter((query) => query.MetricStat)
  return {
    metrics: stats.length,
    highResolution: stats.some((query) => Number(query.MetricStat.Period) < 60),
  }
}

/**
 * The fixed monthly fee of a template, itemised. Throws on a resource type it has no price rule for, so a
 * new kind of resource gets a decision instead of a silent zero.
 */
function monthlyFixedFee(template: { Resources: Record<string, Resource> }): FeeItem[] {
  const resources = Object.values(template.Resources)
  const unknown = resources
    .map((resource) => resource.Type)
    .filter(
      (type) =>
        !usageOnly.has(type) &&
        !type.startsWith('Custom::') &&
        ![
          'AWS::SecretsManager::Secret',
          'AWS::KMS::Key',
          'AWS::KMS::Alias',
          'AWS::CloudWatch::Alarm',
          'AWS::CloudWatch::CompositeAlarm',
          'AWS::CloudWatch::Dashboard',
          'AWS::Logs::MetricFilter',
          'AWS::WAFv2::WebACL',
          'AWS::PricingPlanManager::Subscription',
          'AWS::Budgets::Budget',
          'AWS::Route53::HostedZone',
          'AWS::SSM::Parameter',
        ].includes(type),
    )
  if (unknown.length > 0) throw new Error(`No price rule for ${[...new Set(unknown)].join(', ')}`)
  const ofType = (type: string) => resources.filter((resource) => resource.Type === type)
  const items: FeeItem[] = []
  const add = (item: string, count: number, usd: number) => {
    if (count > 0) items.push({ item, count, usd: round(usd) })
  }

  const secrets = ofType('AWS::SecretsManager::Secret').length
  add('Secrets Manager secrets', secrets, secrets * prices.secret)
  const keys = ofType('AWS::KMS::Key').length
  add('KMS customer-managed keys', keys, keys * prices.kmsKey)

  let standard = 0
  let highResolution = 0
  for (const alarm of ofType('AWS::CloudWatch::Alarm')) {
    const read = alarmMetrics(alarm)
    if (read.highResolution) highResolution += read.metrics
    else standard += read.metrics
  }
  add(
    `CloudWatch alarms (${ofType('AWS::CloudWatch::Alarm').length}), metrics read`,
    standard,
    standard * prices.alarmMetric,
  )
  add(
    'CloudWatch high-resolution alarm metrics',
    highResolution,
    highResolution * prices.highResolutionAlarmMetric,
  )
  const composite = ofType('AWS::CloudWatch::CompositeAlarm').length
  add('CloudWatch composite alarms', composite, composite * prices.compositeAlarm)
  const filled = new Set(
    ofType('AWS::Logs::MetricFilter').flatMap((filter) =>
      ((filter.Properties?.MetricTransformations ?? []) as any[])
        .filter((transformation) => transformation.DefaultValue !== undefined)
        .map((transformation) => `${transformation.MetricNamespace}/${transformation.MetricName}`),
    ),
  )
  add('CloudWatch custom metrics with a default value', filled.size, filled.size * prices.customMetric)
  const dashboards = ofType('AWS::CloudWatch::Dashboard').length
  add('CloudWatch dashboards', dashboards, Math.max(0, dashboards - prices.freeDashboards) * prices.dashboard)

  // Each flat-rate plan covers one web ACL: WAF's own fee applies to the others only.
  const plans = ofType('AWS::PricingPlanManager::Subscription')
  for (const plan of plans) {
    const tier = String(plan.Properties?.PlanTier)
    const usd = prices.flatRatePlan[tier]
    if (usd === undefined) throw new Error(`No price rule for the flat-rate plan tier ${tier}`)
    add(`CloudFront flat-rate plan ${tier} (WAF included)`, 1, usd)
  }
  for (const acl of ofType('AWS::WAFv2::WebACL').slice(plans.length)) {
    const rules = (acl.Properties?.Rules ?? []).length
    add(`WAF web ACL with ${rules} rule(s)`, 1, prices.webAcl + rules * prices.webAclRule)
  }
  const budgets = ofType('AWS::Budgets::Budget').length
  add('AWS Budgets', budgets, Math.max(0, budgets - prices.freeBudgets) * prices.budget)
  const zones = ofType('AWS::Route53::HostedZone').length
  add('Route 53 hosted zones', zones, zones * prices.hostedZone)
  const advanced = ofType('AWS::SSM::Parameter').filter((p) => p.Properties?.Tier === 'Advanced').length
  add('SSM advanced parameters', advanced, advanced * prices.advancedParameter)
  return items
}

const total = (items: readonly FeeItem[]) => round(items.reduce((sum, item) => sum + item.usd, 0))

function report(title: string, items: readonly FeeItem[]): void {
  const lines = items.map(
    (item) => `  ${item.item.padEnd(52)} ${String(item.count).padStart(3)}  $${item.usd.toFixed(2)}`,
  )
  console.info(`${title}\n${lines.join('\n')}\n  ${'total'.padEnd(57)}$${total(items).toFixed(2)} a month`)
}

/** What the README promises for the defaults. */
const idleCeilingUsd = 1.0

let build: FakeBuild
beforeAll(() => {
  build = makeFakeBuild()
})
afterAll(() => build.remove())

const feeOf = (stack: Stack) => monthlyFixedFee(Template.fromStack(stack).toJSON() as any)
/** The fee of stacks deployed together, priced as one (a plan in one stack covers the web ACL of another). */
const feeOfAll = (stacks: readonly Stack[]) =>
  monthlyFixedFee({
    Resources: Object.fromEntries(
      stacks.flatMap((stack) =>
        Object.entries((Template.fromStack(stack).toJSON() as any).Resources as Record<string, Resource>).map(
          ([id, resource]): [string, Resource] => [`${stack.stackName}/${id}`, resource],
        ),
      ),
    ),
  })

/** The site in ap-south-1 with its us-east-1 companions (infra/constructs/edge.ts) on `plan`. */
function deployment(name: string, plan: PricingPlan) {
  const app = build.app()
  return siteWithEdge(app, {
    stackName: name,
    stage: 'prod',
    plan,
    env: { account: '123456789012', region: 'ap-south-1' },
    createSite: (props) =>
      new SiteStack(app, name, { ...props, functionsDir: build.functionsDir, siteDir: build.siteDir }),
  })
}

describe('fixed monthly fee of the stack', () => {
  it(`stays at or below US$${idleCeilingUsd.toFixed(2)} at the defaults`, () => {
    const items = feeOf(build.stack('DefaultSite'))
    report('Fixed monthly fee, defaults:', items)
    expect(total(items)).toBeLessThanOrEqual(idleCeilingUsd)
  })

  it('stays there with the e-mails (the budget is one of the two free ones) and a custom domain', () => {
    const items = feeOf(
      build.stack('MailedSite', {
        config: {
          leadsEmail: 'sales@example.in',
          alarmEmail: 'ops@example.in',
          domainName: 'www.example.in',
          certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abcd-1234',
        },
      }),
    )
    report('Fixed monthly fee, with leadsEmail, alarmEmail and a domain:', items)
    expect(items.map((item) => item.item)).toContain('AWS Budgets')
    expect(total(items)).toBeLessThanOrEqual(idleCeilingUsd)
  })

  it.each([
    ['free', 0],
    ['pro', 15],
    ['pay-as-you-go', 7],
  ] as const)(
    'prices the %s plan with its two us-east-1 companions: US$%d a month above the site alone',
    (plan, planUsd) => {
      const stacks = deployment(`Priced${plan.replace(/-/g, '')}`, plan)
      const items = feeOfAll([stacks.edge, stacks.site, stacks.plan])
      report(`Fixed monthly fee, pricingPlan=${plan} (three stacks):`, items)
      const site = total(feeOf(stacks.site))
      // The companions add the plan (or WAF's own fee) and the site-down alarm's one metric.
      expect(round(total(items) - site)).toBe(round(planUsd + prices.alarmMetric))
      if (plan === 'free') expect(total(items)).toBeLessThanOrEqual(idleCeilingUsd)
    },
  )

  it('refuses a flat-rate plan tier it has no price for, and counts WAF only for a web ACL no plan covers', () => {
    const acl = { Type: 'AWS::WAFv2::WebACL', Properties: { Rules: [{}, {}] } }
    const plan = (tier: string) => ({
      Type: 'AWS::PricingPlanManager::Subscription',
      Properties: { PlanTier: tier },
    })
    expect(() => monthlyFixedFee({ Resources: { Acl: acl, Plan: plan('BUSINESS') } })).toThrow(
      /No price rule for the flat-rate plan tier BUSINESS/,
    )
    expect(total(monthlyFixedFee({ Resources: { Acl: acl } }))).toBe(7)
    expect(total(monthlyFixedFee({ Resources: { Acl: acl, Plan: plan('FREE') } }))).toBe(0)
    expect(total(monthlyFixedFee({ Resources: { Acl: acl, Plan: plan('PRO') } }))).toBe(15)
  })

  it('prices keys, secrets and each metric of an alarm expression (the rule is not vacuous)', () => {
    const stack = new Stack(build.app(), 'Priced')
    new kms.Key(stack, 'Key')
    new secretsmanager.Secret(stack, 'Secret')
    new sns.Topic(stack, 'Topic')
    new cloudwatch.Alarm(stack, 'Math', {
      metric: new cloudwatch.MathExpression({
        expression: 'a + b + c',
        usingMetrics: {
          a: new cloudwatch.Metric({ namespace: 'N', metricName: 'A' }),
          b: new cloudwatch.Metric({ namespace: 'N', metricName: 'B' }),
          c: new cloudwatch.Metric({ namespace: 'N', metricName: 'C' }),
        },
      }),
      threshold: 1,
      evaluationPeriods: 1,
    })
    new cloudwatch.Dashboard(stack, 'Dashboard')
    const items = feeOf(stack)
    expect(items).toEqual([
      { item: 'Secrets Manager secrets', count: 1, usd: 0.4 },
      { item: 'KMS customer-managed keys', count: 1, usd: 1 },
      { item: 'CloudWatch alarms (1), metrics read', count: 3, usd: 0.3 },
      { item: 'CloudWatch dashboards', count: 1, usd: 0 },
    ])
    expect(total(items)).toBe(1.7)
  })

  it('refuses a resource type it has no price rule for', () => {
    expect(() =>
      monthlyFixedFee({ Resources: { Nat: { Type: 'AWS::EC2::NatGateway', Properties: {} } } }),
    ).toThrow(/No price rule for AWS::EC2::NatGateway/)
  })
})

describe('staff alerts by e-mail (SNS, one subscription per person with a filter policy)', () => {
  /** A month's e-mail deliveries: each message reaches its person and the shared leads address. */
  const monthlyEmailUsd = (messages: number, copies: number) =>
    round((Math.max(0, messages * copies - prices.freeSnsEmails) * prices.snsEmailPer100k) / 100_000)

  it('costs cents a month for a busy sales team, and nothing for a small one', () => {
    // 600 leads a month, each with its new-lead message, a reminder and an escalation at worst, plus 200
    // visits and call-backs: 2,000 messages, each delivered twice (the person, the shared address).
    const busy = monthlyEmailUsd(600 * 3 + 200, 2)
    report('Staff e-mails, 600 leads a month at worst:', [
      { item: 'SNS e-mail deliveries', count: 4000, usd: busy },
    ])
    expect(busy).toBe(0.06)
    expect(monthlyEmailUsd(150 * 3, 2)).toBe(0)
  })
})

describe('staff alerts on devices (SNS to the push relay Lambda, functions/relays.ts)', () => {
  const relay = relays.find((candidate) => candidate.id === 'push-relay')!

  it('costs at most about half a dollar a month for a busy sales team, without the free tier and at its whole timeout', () => {
    // Messages about one lead invoke the relay (its filter policy leaves the rest out): a new lead's, a
    // reminder, and an escalation's two (the owners, the new assignee) at worst, plus 200 call-backs. Each
    // run is taken at its whole timeout, the most it can bill.
    const invocations = 600 * 4 + 200
    const gbSeconds =
      ((invocations * ((relay as { memoryMb?: number }).memoryMb ?? 512)) / 1024) * relay.timeoutSeconds
    const usd = round(
      invocations * prices.snsLambdaDelivery +
        (invocations / 1_000_000) * prices.lambdaPerMillionRequests +
        gbSeconds * prices.lambdaArmPerGbSecond,
    )
    report('Web Push relay, 600 leads a month at worst (no free tier):', [
      { item: 'Lambda requests and GB-seconds', count: invocations, usd },
    ])
    expect(relay.requiredAttribute).toBe('leadId')
    expect(usd).toBe(0.52)
  })
})
