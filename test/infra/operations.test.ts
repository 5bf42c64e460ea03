import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb'
import type { CfnResource } from 'aws-cdk-lib'
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions'
import { AwsSolutionsChecks } from 'cdk-nag'
import type { IConstruct } from 'constructs'
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest'
import { countAfterWrite } from '../../functions/lib/db/counters'
import { alarmedLogEvents } from '../../functions/lib/log-events'
import { loggedError } from '../../functions/lib/logging'
import { notifyStaff } from '../../functions/lib/notify'
import { functionEnv, tables } from '../../functions/lib/store-definitions'
import { type ApiRoute, defaultTimeoutSeconds, routes } from '../../functions/routes'
import { readConfig } from '../../infra/config'
import { accessLogFields } from '../../infra/constructs/api'
import {
  alarmName,
  dynamoDbThrottlingErrors,
  logMetricNames,
  logMetricNamespace,
} from '../../infra/constructs/notifications'
import { apiReadTimeoutMarginSeconds, SiteStack, stackOutputs } from '../../infra/stack'
import { cdkContext, type FakeBuild, makeFakeBuild } from '../support/cdk-stack'
import { type FakeSns, startFakeSns } from '../support/fake-aws'

type Resource = {
  Type: string
  Properties: Record<string, any>
  DependsOn?: string[]
  DeletionPolicy?: string
}
type TemplateJson = { Resources: Record<string, Resource>; Outputs: Record<string, { Value: unknown }> }

let build: FakeBuild
let stack: SiteStack
let template: TemplateJson

const json = (site: SiteStack) => Template.fromStack(site).toJSON() as TemplateJson
const ofType = (t: TemplateJson, type: string) =>
  Object.entries(t.Resources).filter(([, resource]) => resource.Type === type)
const logicalId = (construct: IConstruct) => {
  const child = construct.node.defaultChild as CfnResource
  return child.stack.getLogicalId(child)
}
const nagFindings = (site: SiteStack): string[] =>
  new AwsSolutionsChecks()
    .validateScope(site)
    .violations.flatMap((violation) =>
      violation.violatingResources.map((resource) => `${violation.ruleName} ${resource.resourceLogicalId}`),
    )

beforeAll(() => {
  build = makeFakeBuild()
  stack = build.stack('OpsSite')
  template = json(stack)
})
afterAll(() => build.remove())

describe('Alarms', () => {
  it('raises exactly the six alarms of the README, on API-, account-, topic- and log-level metrics', () => {
    expect(stack.alarms.alarms.map((alarm) => alarm.node.id).sort()).toEqual([
      'Api4xxStorm',
      'Api5xxRate',
      'DynamoDbThrottles',
      'LambdaThrottles',
      'LeadsNotDelivered',
      'LostWork',
    ])
    // No alarm reads a per-function or per-table metric.
    for (const [, alarm] of ofType(template, 'AWS::CloudWatch::Alarm')) {
      const dimensions = JSON.stringify(alarm.Properties)
      expect(dimensions).not.toContain('FunctionName')
      expect(dimensions).not.toContain('TableName')
    }
  })

  it('alarms on the share of API requests answered 5xx, and on a storm of 4xx answers', () => {
    const apiId = logicalId(stack.api.httpApi)
    const rate = template.Resources[logicalId(stack.alarms.alarms.find((a) => a.node.id === 'Api5xxRate')!)]!
    const queries = rate.Properties.Metrics as any[]
    expect(queries.find((query) => query.Expression)?.Expression).toBe(
      'IF(requests > 0, 100 * errors / requests, 0)',
    )
    expect(
      queries
        .filter((query) => query.MetricStat)
        .map((query) => [query.Id, query.MetricStat.Metric.MetricName, query.MetricStat.Metric.Dimensions]),
    ).toEqual([
      ['errors', '5xx', [{ Name: 'ApiId', Value: { Ref: apiId } }]],
      ['requests', 'Count', [{ Name: 'ApiId', Value: { Ref: apiId } }]],
    ])
    expect(rate.Properties.Threshold).toBe(5)
    const storm =
      template.Resources[logicalId(stack.alarms.alarms.find((a) => a.node.id === 'Api4xxStorm')!)]!
    expect(storm.Properties).toMatchObject({
      Namespace: 'AWS/ApiGateway',
      MetricName: '4xx',
      Dimensions: [{ Name: 'ApiId', Value: { Ref: apiId } }],
      Statistic: 'Sum',
      Threshold: 300,
    })
  })

  it("counts every alarmed log event of the functions' one log group as one metric of its own stack, free while idle", () => {
    const filters = ofType(template, 'AWS::Logs::MetricFilter').map(([, filter]) => filter.Properties)
    // Every function logs to the one group, so one filter per metric covers them all (not one per route).
    const logGroupIds = [...new Set(Object.values(stack.api.functions).map((fn) => logicalId(fn.logGroup)))]
    expect(logGroupIds).toEqual([logicalId(stack.api.logGroup)])
    expect(filters).toHaveLength(2)
    for (const filter of filters) expect(filter.LogGroupName).toEqual({ Ref: logGroupIds[0] })
    const lostWork = filters.find(
      (filter) => filter.MetricTransformations[0].MetricName === logMetricNames.lostWork,
    )!
    expect(lostWork.FilterPattern).toBe(
      Object.values(alarmedLogEvents)
        .map((event) => `?"${event}"`)
        .join(' '),
    )
    expect(lostWork.MetricTransformations).toEqual([
      { MetricNamespace: logMetricNamespace('OpsSite'), MetricName: 'LostWork', MetricValue: '1' },
    ])
    const alarm = template.Resources[logicalId(stack.alarms.alarms.find((a) => a.node.id === 'LostWork')!)]!
    expect(alarm.Properties).toMatchObject({
      Namespace: logMetricNamespace('OpsSite'),
      MetricName: 'LostWork',
      Threshold: 1,
      TreatMissingData: 'notBreaching',
    })
    // The e-mail says what each event means and how to repair it.
    for (const event of Object.values(alarmedLogEvents))
      expect(alarm.Properties.AlarmDescription).toContain(event)
  })

  it('alarms when DynamoDB throttled a request beyond the SDK retries, from the error name the functions log', () => {
    const filter = ofType(template, 'AWS::Logs::MetricFilter')
      .map(([, resource]) => resource.Properties)
      .find(
        (candidate) => candidate.MetricTransformations[0].MetricName === logMetricNames.dynamoDbThrottled,
      )!
    expect(filter.FilterPattern).toBe(
      `{ ${dynamoDbThrottlingErrors.map((name) => `($.error.name = "${name}")`).join(' || ')} }`,
    )
    const alarm =
      template.Resources[logicalId(stack.alarms.alarms.find((a) => a.node.id === 'DynamoDbThrottles')!)]!
    expect(alarm.Properties).toMatchObject({
      Namespace: logMetricNamespace('OpsSite'),
      MetricName: 'DynamoDbThrottled',
      Threshold: 1,
    })
    // What the error handler logs for a throttled request carries the name the filter matches.
    const throttled = new ProvisionedThroughputExceededException({ message: 'slow down', $metadata: {} })
    expect(loggedError(throttled, true)).toMatchObject({ name: 'ProvisionedThroughputExceededException' })
  })

  it('alarms when the leads topic delivers fewer e-mails than it was given (an unsubscribe), in one metric-math alarm', () => {
    const alarm =
      template.Resources[logicalId(stack.alarms.alarms.find((a) => a.node.id === 'LeadsNotDelivered')!)]!
    const queries = alarm.Properties.Metrics as any[]
    expect(queries.find((query) => query.Expression)?.Expression).toBe(
      'IF(published > delivered, published - delivered, 0)',
    )
    const topicName = { 'Fn::GetAtt': [logicalId(stack.notifications.topic), 'TopicName'] }
    expect(
      queries
        .filter((query) => query.MetricStat)
        .map((query) => [
          query.Id,
          query.MetricStat.Metric.Namespace,
          query.MetricStat.Metric.MetricName,
          query.MetricStat.Metric.Dimensions,
          query.MetricStat.Period,
        ]),
    ).toEqual([
      ['published', 'AWS/SNS', 'NumberOfMessagesPublished', [{ Name: 'TopicName', Value: topicName }], 3600],
      [
        'delivered',
        'AWS/SNS',
        'NumberOfNotificationsDelivered',
        [{ Name: 'TopicName', Value: topicName }],
        3600,
      ],
    ])
    expect(alarm.Properties.Threshold).toBe(1)
    expect(alarm.Properties.AlarmActions).toEqual([{ Ref: logicalId(stack.notifications.alarmTopic) }])
  })

  it('names every alarm after its stack and its stage, the account-wide Lambda throttles too', () => {
    const staging = build.stack('OpsSite-staging', { config: { stage: 'staging' } })
    const alarms = ofType(json(staging), 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties)
    expect(alarms).toHaveLength(6)
    for (const alarm of alarms) {
      expect(alarm.AlarmName).toMatch(/^OpsSite-staging-/)
      expect(alarm.AlarmDescription).toMatch(/^Stage staging: /)
    }
    const throttles = alarms.find(
      (alarm) => alarm.AlarmName === alarmName('OpsSite-staging', 'LambdaThrottles'),
    )
    expect(throttles?.Namespace).toBe('AWS/Lambda')
    expect(throttles?.AlarmDescription).toContain('account-wide')
  })

  describe('the phrases the filters look for are the ones the functions log', () => {
    /** SNS over loopback HTTP: Publish is one signed request (functions/lib/aws-request.ts). */
    let sns: FakeSns
    beforeAll(async () => {
      sns = await startFakeSns()
    })
    afterAll(async () => {
      await sns.close()
    })
    let errors: MockInstance<typeof console.error>
    beforeEach(() => {
      errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    })
    afterEach(() => {
      errors.mockRestore()
      delete process.env[functionEnv.leadsTopicArn]
      delete process.env.AWS_ENDPOINT_URL_SNS
    })

    it('logs "counter not updated" when a counter update fails after the write', async () => {
      await countAfterWrite('leads', 'QUOTE', 1, () => Promise.reject(new Error('throttled')))
      expect(String(errors.mock.calls[0]?.[0])).toContain(alarmedLogEvents.counterNotUpdated)
    })

    it('logs "staff notification failed" when the lead e-mail cannot be published', async () => {
      process.env[functionEnv.leadsTopicArn] = 'arn:aws:sns:ap-south-1:123456789012:leads'
      process.env.AWS_REGION ??= 'ap-south-1'
      process.env.AWS_ENDPOINT_URL_SNS = sns.url
      sns.answer = () => ({ error: 'KMSAccessDenied', status: 400, message: 'KMS access denied' })
      await notifyStaff({ subject: 'New quote', body: 'Name: A' }, 'request-1')
      const logged = errors.mock.calls.map((call) => String(call[0]))
      expect(logged.some((line) => line.includes(alarmedLogEvents.staffNotificationFailed))).toBe(true)
      // The per-minute notification count (its table is not configured here) must not look like a counter alarm.
      expect(logged.some((line) => line.includes(alarmedLogEvents.counterNotUpdated))).toBe(false)
    })
  })

  it('warns at synth for each e-mail that is not set, and not when it is', () => {
    Annotations.fromStack(stack).hasWarning('*', Match.stringLikeRegexp('No leadsEmail'))
    Annotations.fromStack(stack).hasWarning('*', Match.stringLikeRegexp('No alarmEmail'))
    const mailed = build.stack('MailedSite', {
      config: { leadsEmail: 'sales@example.in', alarmEmail: 'ops@example.in' },
    })
    Annotations.fromStack(mailed).hasNoWarning('*', Match.stringLikeRegexp('No (leads|alarm)Email'))
    const t = json(mailed)
    // Each address on its own topic: sales get the leads, the ops address the alarms, neither the other's.
    const subscribed = ofType(t, 'AWS::SNS::Subscription')
      // The push relay's own subscription to the staff topic is a function's, not an address's.
      .filter(([, sub]) => sub.Properties.Protocol === 'email')
      .map(([, sub]) => [sub.Properties.TopicArn.Ref, sub.Properties.Endpoint])
    expect(subscribed.sort()).toEqual(
      [
        [logicalId(mailed.notifications.topic), 'sales@example.in'],
        [logicalId(mailed.notifications.alarmTopic), 'ops@example.in'],
      ].sort(),
    )
  })
})

describe('Budget', () => {
  it('e-mails the alarm address at 80 % of the actual and 100 % of the forecast monthly amount', () => {
    expect(ofType(template, 'AWS::Budgets::Budget')).toEqual([])
    const t = json(
      build.stack('BudgetSite', {
        config: { leadsEmail: 'sales@example.in', alarmEmail: 'ops@example.in', budgetMonthlyUsd: 25 },
      }),
    )
    const [[, budget]] = ofType(t, 'AWS::Budgets::Budget') as [[string, Resource]]
    expect(budget.Properties.Budget).toEqual({
      BudgetName: 'BudgetSite monthly cost',
      BudgetType: 'COST',
      TimeUnit: 'MONTHLY',
      BudgetLimit: { Amount: 25, Unit: 'USD' },
    })
    const notifications = budget.Properties.NotificationsWithSubscribers as any[]
    expect(notifications.map((n) => [n.Notification.NotificationType, n.Notification.Threshold])).toEqual([
      ['ACTUAL', 80],
      ['FORECASTED', 100],
    ])
    for (const n of notifications)
      expect(n.Subscribers).toEqual([{ SubscriptionType: 'EMAIL', Address: 'ops@example.in' }])
  })

  it('makes none with budgetMonthlyUsd 0', () => {
    const t = json(build.stack('NoBudget', { config: { alarmEmail: 'ops@example.in', budgetMonthlyUsd: 0 } }))
    expect(ofType(t, 'AWS::Budgets::Budget')).toEqual([])
  })
})

describe('Data that survives mistakes', () => {
  it('turns deletion protection off only when told to', () => {
    for (const [, table] of ofType(template, 'AWS::DynamoDB::Table'))
      expect(table.Properties.DeletionProtectionEnabled).toBe(true)
    const t = json(build.stack('Throwaway', { config: { deletionProtection: false } }))
    const created = ofType(t, 'AWS::DynamoDB::Table')
    expect(created).toHaveLength(Object.keys(tables).length)
    for (const [, table] of created) expect(table.Properties.DeletionProtectionEnabled).toBe(false)
  })

  it('points the functions, grants and outputs at a restored table named in context (the runbook step 2)', () => {
    const restored = build.stack('Restored', { config: { leadsTableName: 'SuryodayaSite-leads-restored' } })
    const t = json(restored)
    // The content table stays the stack's own; the leads table is no longer created (the old one is retained).
    expect(ofType(t, 'AWS::DynamoDB::Table')).toHaveLength(1)
    expect(t.Outputs.LeadsTableName!.Value).toBe('SuryodayaSite-leads-restored')
    const contact = t.Resources[logicalId(restored.api.functions['create-contact']!)]!
    expect(contact.Properties.Environment.Variables[tables.leads.envVar]).toBe('SuryodayaSite-leads-restored')
    const role = t.Resources[logicalId(restored.api.functions['create-contact']!.role!)]!
    const grants = JSON.stringify(role.Properties.Policies)
    expect(grants).toContain(':table/SuryodayaSite-leads-restored')
  })
})

/** Physical names that must be unique in an account (and region), from each resource type that has one. */
function physicalNames(t: TemplateJson): string[] {
  const paths: Record<string, (properties: Record<string, any>) => unknown[]> = {
    'AWS::CloudFront::Function': (p) => [p.Name],
    'AWS::CloudFront::CachePolicy': (p) => [p.CachePolicyConfig?.Name],
    'AWS::CloudFront::ResponseHeadersPolicy': (p) => [p.ResponseHeadersPolicyConfig?.Name],
    'AWS::CloudFront::OriginAccessControl': (p) => [p.OriginAccessControlConfig?.Name],
    'AWS::Budgets::Budget': (p) => [p.Budget?.BudgetName],
    'AWS::Logs::MetricFilter': (p) => p.MetricTransformations.map((m: any) => m.MetricNamespace),
    'AWS::WAFv2::WebACL': (p) => [p.Name],
  }
  const generic = [
    'TableName',
    'BucketName',
    'TopicName',
    'FunctionName',
    'LogGroupName',
    'RoleName',
    'AlarmName',
    'Name',
  ]
  return Object.values(t.Resources).flatMap((resource) => {
    const values =
      paths[resource.Type]?.(resource.Properties) ??
      generic
        .filter((key) => resource.Type !== 'AWS::ApiGatewayV2::Api' && key in (resource.Properties ?? {}))
        .map((key) => resource.Properties[key])
    // A Ref or GetAtt of the stack's own resource is its generated name: unique by construction.
    return values
      .filter(
        (value) => value !== undefined && !JSON.stringify(value).match(/"(Ref|Fn::GetAtt)":"?\[?"(?!AWS::)/),
      )
      .map((value) => JSON.stringify(value))
  })
}

describe('Stages', () => {
  /** The stage's stack as `cdk deploy` makes it; `validate`: checked against CloudFormation's rules too. */
  const staged = (stage: string, validate = false) => {
    const { stackName, ...config } = readConfig((key) => ({ ...cdkContext, stage })[key])
    return {
      stackName,
      site: new SiteStack(build.app({ validate }), stackName, {
        functionsDir: build.functionsDir,
        siteDir: build.siteDir,
        config,
      }),
    }
  }

  it('names the stack after the stage: SuryodayaSite for prod, SuryodayaSite-<stage> otherwise', () => {
    expect(readConfig(() => undefined).stackName).toBe('SuryodayaSite')
    expect(readConfig((key) => ({ ...cdkContext, stage: 'staging' })[key]).stackName).toBe(
      'SuryodayaSite-staging',
    )
  })

  it('keeps every table, bucket and log group of prod, and lets staging delete them all (buckets emptied first)', () => {
    const kept = ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::Logs::LogGroup']
    const prodTemplate = json(staged('prod').site)
    const stagingTemplate = json(staged('staging').site)
    for (const type of kept) {
      const prodResources = ofType(prodTemplate, type)
      const stagingResources = ofType(stagingTemplate, type)
      expect(prodResources.length).toBeGreaterThan(0)
      expect(stagingResources).toHaveLength(prodResources.length)
      for (const [id, resource] of prodResources)
        expect([id, resource.DeletionPolicy]).toEqual([id, 'Retain'])
      for (const [id, resource] of stagingResources)
        expect([id, resource.DeletionPolicy]).toEqual([id, 'Delete'])
    }
    for (const [, table] of ofType(prodTemplate, 'AWS::DynamoDB::Table'))
      expect(table.Properties.DeletionProtectionEnabled).toBe(true)
    for (const [, table] of ofType(stagingTemplate, 'AWS::DynamoDB::Table'))
      expect(table.Properties.DeletionProtectionEnabled).toBe(false)
    // CloudFormation cannot delete a bucket that holds objects: staging empties each one on deletion.
    const emptied = ofType(stagingTemplate, 'Custom::S3AutoDeleteObjects').map(
      ([, resource]) => resource.Properties.BucketName.Ref,
    )
    expect(emptied.sort()).toEqual(
      ofType(stagingTemplate, 'AWS::S3::Bucket')
        .map(([id]) => id)
        .sort(),
    )
    expect(ofType(prodTemplate, 'Custom::S3AutoDeleteObjects')).toEqual([])
  })

  it('finds nothing unacknowledged by cdk-nag in a staging stack either', () => {
    expect(nagFindings(staged('staging').site)).toEqual([])
  })

  it("deploys prod and staging side by side: no physical name of one is the other's, each tagged and with its outputs", () => {
    const prod = staged('prod', true)
    const staging = staged('staging', true)
    const prodTemplate = json(prod.site)
    const stagingTemplate = json(staging.site)
    const prodNames = physicalNames(prodTemplate)
    const stagingNames = physicalNames(stagingTemplate)
    expect(prodNames.length).toBeGreaterThan(5)
    expect(prodNames.filter((name) => stagingNames.includes(name))).toEqual([])
    for (const [site, stage, t] of [
      [prod, 'prod', prodTemplate],
      [staging, 'staging', stagingTemplate],
    ] as const) {
      const tagged = Object.values(t.Resources).find((resource) => resource.Type === 'AWS::DynamoDB::Table')!
      expect(tagged.Properties.Tags).toContainEqual({ Key: 'stage', Value: stage })
      expect(Object.keys(t.Outputs)).toEqual(expect.arrayContaining(Object.values(stackOutputs)))
      expect(t.Outputs.DistributionId!.Value).toEqual({ Ref: logicalId(site.site.site.distribution) })
      expect(t.Outputs.DistributionDomainName!.Value).toEqual({
        'Fn::GetAtt': [logicalId(site.site.site.distribution), 'DomainName'],
      })
      expect(JSON.stringify(t.Outputs.CreateAdminCommand!.Value)).toContain(
        `--stack ${site.stackName} --region `,
      )
    }
  })
})

describe('Timeouts and throttles', () => {
  it('reserves no concurrency by default, and reservedConcurrency for each public route only when set', () => {
    for (const [, fn] of ofType(template, 'AWS::Lambda::Function'))
      expect(fn.Properties.ReservedConcurrentExecutions).toBeUndefined()
    const reserved = build.stack('ReservedSite', { config: { reservedConcurrency: 5 } })
    const t = json(reserved)
    for (const route of routes as readonly ApiRoute[]) {
      const fn = t.Resources[logicalId(reserved.api.functions[route.id]!)]!
      expect([route.id, fn.Properties.ReservedConcurrentExecutions]).toEqual([
        route.id,
        route.auth === 'public' ? 5 : undefined,
      ])
    }
  })

  const distribution = () =>
    ofType(template, 'AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig as Record<
      string,
      any
    >

  it('lets CloudFront wait for the API longer than the longest function (the exports) may run', () => {
    const longest = Math.max(
      ...(routes as readonly ApiRoute[]).map((route) => route.timeoutSeconds ?? defaultTimeoutSeconds),
    )
    expect(longest).toBe(29)
    const apiOrigin = (distribution().Origins as any[]).find((origin) => origin.CustomOriginConfig)
    expect(apiOrigin.CustomOriginConfig.OriginReadTimeout).toBe(longest + apiReadTimeoutMarginSeconds)
    // API Gateway gives up at 30 s; its 503 must reach the viewer instead of CloudFront's own 504.
    expect(apiOrigin.CustomOriginConfig.OriginReadTimeout).toBeGreaterThan(30)
    expect(apiOrigin.CustomOriginConfig.OriginReadTimeout).toBeLessThanOrEqual(60)
  })

  it('gives each throttled route of the route table its own limits, so a lead flood cannot starve the sign-in', () => {
    const [[, stage]] = ofType(template, 'AWS::ApiGatewayV2::Stage') as [[string, Resource]]
    const throttled = (routes as readonly ApiRoute[]).filter((route) => route.throttle)
    expect(stage.Properties.RouteSettings).toEqual(
      Object.fromEntries(
        throttled.map((route) => [
          `${route.method} ${route.path}`,
          {
            ThrottlingRateLimit: route.throttle!.rateLimit,
            ThrottlingBurstLimit: route.throttle!.burstLimit,
          },
        ]),
      ),
    )
    const publicPosts = (routes as readonly ApiRoute[]).filter(
      (r) => r.auth === 'public' && r.method === 'POST',
    )
    for (const route of publicPosts) expect(route.throttle, route.id).toBeDefined()
    expect(stage.Properties.RouteSettings['POST /api/admin/login']).toBeDefined()
    // The lead forms together stay well below the stage default that every other route gets.
    const leadRate = publicPosts
      .filter((route) => route.id !== 'admin-login')
      .reduce((sum, route) => sum + route.throttle!.rateLimit, 0)
    expect(leadRate).toBeLessThan(stage.Properties.DefaultRouteSettings.ThrottlingRateLimit)
    // A route setting may only name an existing route: each is in the API's definition, which the stage
    // (made on the API) follows.
    const [[apiId, api]] = ofType(template, 'AWS::ApiGatewayV2::Api') as [[string, Resource]]
    for (const key of Object.keys(stage.Properties.RouteSettings)) {
      const [method, path] = key.split(' ') as [string, string]
      expect(api.Properties.Body.paths[path]?.[method.toLowerCase()], key).toBeDefined()
    }
    expect(stage.Properties.ApiId).toEqual({ Ref: apiId })
  })

  it('writes the API access log as JSON with route, status, latencies and integration error, no client address', () => {
    const [[, stage]] = ofType(template, 'AWS::ApiGatewayV2::Stage') as [[string, Resource]]
    const format = JSON.parse(stage.Properties.AccessLogSettings.Format)
    expect(format).toEqual(accessLogFields)
    expect(format).toMatchObject({
      requestId: '$context.requestId',
      routeKey: '$context.routeKey',
      status: '$context.status',
      responseLatencyMs: '$context.responseLatency',
      integrationLatencyMs: '$context.integrationLatency',
      integrationError: '$context.integrationErrorMessage',
    })
    expect(stage.Properties.AccessLogSettings.Format).not.toMatch(/sourceIp|userAgent|header/)
  })

  it('has no web ACL of its own: the us-east-1 Edge stack makes it (test/infra/edge.test.ts)', () => {
    expect(ofType(template, 'AWS::WAFv2::WebACL')).toEqual([])
    expect(distribution().WebACLId).toBeUndefined()
  })
})
