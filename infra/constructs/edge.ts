/**
 * The site's edge in us-east-1: CloudFront keeps its web ACLs, its metrics, its log sources and its flat-rate
 * plans there, whatever region the site's stack (and the leads' data) lives in. Two small companion stacks,
 * so that nothing forms a cycle across regions:
 * 1. `<stack>-Edge`, deployed first: the web ACL (per-IP rate rules on the sign-in and the lead forms);
 * 2. the site's stack (any region), whose distribution takes the web ACL's ARN;
 * 3. `<stack>-EdgePlan`, deployed last: the flat-rate plan subscription (distribution + web ACL), the
 *    distribution's access logs (CloudFront v2 logging) and the site-down alarm with its topic.
 * Values cross regions through `crossRegionReferences`: CloudFormation's `Fn::GetStackOutput` reads the
 * other stack's output at deploy time (no custom resource), and the synth stays offline.
 */
import { Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib'
import type * as cloudfront from 'aws-cdk-lib/aws-cloudfront'
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch'
import * as cloudwatchActions from 'aws-cdk-lib/aws-cloudwatch-actions'
import * as logs from 'aws-cdk-lib/aws-logs'
import * as pricingplanmanager from 'aws-cdk-lib/aws-pricingplanmanager'
import type * as s3 from 'aws-cdk-lib/aws-s3'
import * as sns from 'aws-cdk-lib/aws-sns'
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions'
import * as wafv2 from 'aws-cdk-lib/aws-wafv2'
import type { Construct } from 'constructs'
import { type ApiRoute, routes } from '../../functions/routes'

/** The region of CloudFront's web ACLs, metrics, vended-log sources and plans. */
export const cloudFrontRegion = 'us-east-1'

/**
 * How the distribution is billed (context `pricingPlan`, README "Edge protection and its cost"):
 * - `free`: CloudFront's flat-rate Free plan, US$0 a month for 1M requests and 100 GB, web ACL included;
 * - `pro`: the Pro plan, US$15 a month for 10M requests and 50 TB, web ACL included;
 * - `pay-as-you-go`: CloudFront's usage prices, and the web ACL at WAF's own (US$5 + US$1 per rule a month,
 *   US$0.60 per million requests). No subscription, so the stage can be destroyed at once.
 */
export const pricingPlans = ['free', 'pro', 'pay-as-you-go'] as const
export type PricingPlan = (typeof pricingPlans)[number]

/** The plan of a stage that does not set one: prod is on the Free plan, throw-away stages pay as they go. */
export function defaultPricingPlan(stage: string): PricingPlan {
  return stage === 'prod' ? 'free' : 'pay-as-you-go'
}

/** `PlanTier` of the subscription for each flat-rate plan (AWS::PricingPlanManager::Subscription). */
export const flatRatePlanTiers = { free: 'FREE', pro: 'PRO' } as const satisfies Partial<
  Record<PricingPlan, string>
>

/**
 * The web ACL's per-IP limits, in requests per five minutes (WAF's evaluation window) from one address.
 * - Sign-in: staff sign in a few times a day, so 30 leaves room for an office behind one address and a
 *   mistyped code; a password-guessing or blocking flood from one address stops there (the lockout and the
 *   route's throttle stay behind it).
 * - Lead forms (the three together): generous, because Indian mobile carriers put many subscribers behind one
 *   address (carrier-grade NAT): 300 forms in five minutes is far above what the people behind one address
 *   send, and far below the ~3,000 a flood of 10 a second would.
 */
export const edgeRateLimits = { loginPerFiveMinutes: 30, leadFormsPerFiveMinutes: 300 } as const

const apiRoutes = routes as readonly ApiRoute[]

/** The sign-in's path, from the route table. */
export const loginPath = (() => {
  const login = apiRoutes.find((route) => route.id === 'admin-login')
  if (!login) throw new Error('The route table has no admin-login route')
  return login.path
})()

/** The public lead forms' paths, from the route table: the routes with a per-IP limit in the function. */
export const leadFormPaths = apiRoutes
  .filter((route) => route.auth === 'public' && route.method === 'POST' && route.access.rateLimited)
  .map((route) => route.path)

/** A POST to one of `paths`, compared after URL-decoding and normalising the path (`//`, `/./`, `/../`). */
function postTo(paths: readonly string[]): wafv2.CfnWebACL.StatementProperty {
  const pathIs = (path: string): wafv2.CfnWebACL.StatementProperty => ({
    byteMatchStatement: {
      fieldToMatch: { uriPath: {} },
      positionalConstraint: 'EXACTLY',
      searchString: path,
      textTransformations: [
        { priority: 0, type: 'URL_DECODE' },
        { priority: 1, type: 'NORMALIZE_PATH' },
      ],
    },
  })
  const [first, ...more] = paths
  if (!first) throw new Error('postTo needs at least one path')
  return {
    andStatement: {
      statements: [
        {
          byteMatchStatement: {
            fieldToMatch: { method: {} },
            positionalConstraint: 'EXACTLY',
            searchString: 'POST',
            textTransformations: [{ priority: 0, type: 'NONE' }],
          },
        },
        more.length === 0 ? pathIs(first) : { orStatement: { statements: paths.map(pathIs) } },
      ],
    },
  }
}

export interface EdgeStackProps extends StackProps {
  /** The stage, in the web ACL's description. */
  readonly stage: string
}

/**
 * The first companion stack (us-east-1): the CLOUDFRONT-scope web ACL. Everything is allowed but an
 * address's flood of sign-ins or lead forms: a rate-based rule per path group, counted per IP. Requests the
 * web ACL blocks never reach API Gateway's shared throttle (and on a flat-rate plan do not count against the
 * allowance).
 */
export class EdgeStack extends Stack {
  public readonly webAcl: wafv2.CfnWebACL

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    if (props.env?.region !== cloudFrontRegion) {
      throw new Error(`EdgeStack must be deployed in ${cloudFrontRegion} (CloudFront's web ACLs live there)`)
    }
    super(scope, id, {
      description: `Suryodaya Energy website (${props.stage}): the web ACL of the distribution (us-east-1)`,
      ...props,
    })
    const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName,
      sampledRequestsEnabled: true,
    })
    const perIp = (name: string, priority: number, limit: number, paths: readonly string[]) => ({
      name,
      priority,
      action: { block: {} },
      statement: {
        rateBasedStatement: {
          limit,
          evaluationWindowSec: 300,
          aggregateKeyType: 'IP',
          scopeDownStatement: postTo(paths),
        },
      },
      visibilityConfig: visibility(name),
    })
    this.webAcl = new wafv2.CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      description: `Per-IP limits on the sign-in and the lead forms, stage ${props.stage}`,
      defaultAction: { allow: {} },
      visibilityConfig: visibility('WebsiteWebAcl'),
      rules: [
        perIp('LoginPerIp', 0, edgeRateLimits.loginPerFiveMinutes, [loginPath]),
        perIp('LeadFormsPerIp', 1, edgeRateLimits.leadFormsPerFiveMinutes, leadFormPaths),
      ],
    })
  }
}

/**
 * The fields of the distribution's access logs, listed one by one. Left out: `cs-uri-query` (the inbox keeps
 * its filters in the page URL, and a lead's name or phone number typed into its search would be logged),
 * `cs(Referer)` (the referring page's URL, query string included, on same-origin requests) and `cs(Cookie)`.
 */
export const accessLogFields = [
  'date',
  'time',
  'x-edge-location',
  'sc-bytes',
  'c-ip',
  'cs-method',
  'cs(Host)',
  'cs-uri-stem',
  'sc-status',
  'cs(User-Agent)',
  'x-edge-result-type',
  'x-edge-request-id',
  'x-host-header',
  'cs-protocol',
  'cs-bytes',
  'time-taken',
  'x-forwarded-for',
  'ssl-protocol',
  'ssl-cipher',
  'x-edge-response-result-type',
  'cs-protocol-version',
  'time-to-first-byte',
  'x-edge-detailed-result-type',
  'sc-content-type',
  'sc-content-len',
] as const

/** The folder of the access-log bucket that receives CloudFront's logs (Site grants the delivery service it). */
export const cloudFrontLogFolder = 'cloudfront'

/** CloudFront's 5xx error rate (per cent of requests) at which the site counts as down. */
export const siteDownErrorRatePercent = 5

export interface EdgePlanStackProps extends StackProps {
  readonly stage: string
  readonly plan: PricingPlan
  /** The site's distribution (in the site's stack). */
  readonly distribution: cloudfront.IDistribution
  /** The web ACL of the first companion stack, attached to the distribution. */
  readonly webAclArn: string
  /** Receives the access logs under `cloudfront/` (in the site's stack and region). */
  readonly accessLogsBucket: s3.IBucket
  /**
   * Where the site-down alarm is e-mailed (an SNS subscription to confirm).
   * @default none: the alarm topic has no subscriber
   */
  readonly alarmEmail?: string
}

/**
 * The last companion stack (us-east-1), deployed after the site's: what needs the distribution to exist.
 */
export class EdgePlanStack extends Stack {
  /** Only with a flat-rate plan. */
  public readonly subscription?: pricingplanmanager.CfnSubscription
  public readonly alarmTopic: sns.Topic
  public readonly siteDownAlarm: cloudwatch.Alarm
  public readonly accessLogDelivery: logs.CfnDelivery

  constructor(scope: Construct, id: string, props: EdgePlanStackProps) {
    if (props.env?.region !== cloudFrontRegion) {
      throw new Error(`EdgePlanStack must be deployed in ${cloudFrontRegion} (CloudFront's plans live there)`)
    }
    super(scope, id, {
      description: `Suryodaya Energy website (${props.stage}): plan, access logs and alarms of the distribution (us-east-1)`,
      ...props,
    })
    const distributionArn = this.formatArn({
      service: 'cloudfront',
      region: '',
      resource: 'distribution',
      resourceName: props.distribution.distributionId,
    })

    if (props.plan !== 'pay-as-you-go') {
      // The L1 of AWS::PricingPlanManager::Subscription (CDK has no L2). A plan covers exactly one
      // distribution and one web ACL. The Free tier is active at once; Pro waits for an
      // ApprovePaidSubscription call, and CloudFormation rejects a change of tier (README).
      this.subscription = new pricingplanmanager.CfnSubscription(this, 'Plan', {
        planFamily: 'CloudFront',
        planTier: flatRatePlanTiers[props.plan],
        resourceArns: [distributionArn, props.webAclArn],
      })
    }

    // CloudFront standard logging v2 (vended logs). Its source must be created in us-east-1; the bucket stays
    // in the site's region (v2 also delivers to opt-in regions, which legacy logging does not).
    const source = new logs.CfnDeliverySource(this, 'AccessLogSource', {
      name: `${this.stackName}-access`.slice(0, 60),
      logType: 'ACCESS_LOGS',
      resourceArn: distributionArn,
    })
    const destination = new logs.CfnDeliveryDestination(this, 'AccessLogDestination', {
      name: `${this.stackName}-bucket`.slice(0, 60),
      destinationResourceArn: `${props.accessLogsBucket.bucketArn}/${cloudFrontLogFolder}`,
      outputFormat: 'w3c',
    })
    this.accessLogDelivery = new logs.CfnDelivery(this, 'AccessLogDelivery', {
      deliverySourceName: source.ref,
      deliveryDestinationArn: destination.attrArn,
      recordFields: [...accessLogFields],
      fieldDelimiter: '\t',
      s3SuffixPath: '{DistributionId}/{yyyy}/{MM}/{dd}/{HH}',
    })

    this.alarmTopic = new sns.Topic(this, 'AlarmTopic', {
      displayName: `Suryodaya site alarms (${props.stage}, CloudFront)`,
      enforceSSL: true,
    })
    if (props.alarmEmail)
      this.alarmTopic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail))
    Validations.of(this.alarmTopic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm messages carry no personal data (alarm names and figures); an AWS-managed key cannot be used by CloudWatch alarms, a customer key costs US$1 a month.',
    })

    // CloudFront publishes 5xxErrorRate (per cent of all requests) for free, in us-east-1 only.
    const errorRate = new cloudwatch.Metric({
      namespace: 'AWS/CloudFront',
      metricName: '5xxErrorRate',
      dimensionsMap: { DistributionId: props.distribution.distributionId, Region: 'Global' },
      statistic: 'Average',
      period: Duration.minutes(5),
    })
    this.siteDownAlarm = new cloudwatch.Alarm(this, 'SiteDown', {
      alarmName: `${this.stackName}-site-down`,
      alarmDescription: `The site of stage ${props.stage} answers 5xx to more than ${siteDownErrorRatePercent} % of requests (CloudFront).`,
      metric: errorRate,
      threshold: siteDownErrorRatePercent,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 2,
      datapointsToAlarm: 2,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    })
    this.siteDownAlarm.addAlarmAction(new cloudwatchActions.SnsAction(this.alarmTopic))
    this.siteDownAlarm.addOkAction(new cloudwatchActions.SnsAction(this.alarmTopic))
  }
}

/** What the edge stacks read of the site's stack (infra/stack.ts SiteStack has both). */
export interface SiteOfEdge extends Stack {
  readonly site: { readonly distribution: cloudfront.IDistribution }
  readonly data: { readonly accessLogsBucket: s3.IBucket }
}

export interface SiteWithEdgeOptions<S extends SiteOfEdge> {
  /** The site's stack name; the companions are `<stackName>-Edge` and `<stackName>-EdgePlan`. */
  readonly stackName: string
  readonly stage: string
  readonly plan: PricingPlan
  /** Where the site's stack goes (the companions go to us-east-1 of the same account). Needs a region. */
  readonly env: { readonly account?: string; readonly region?: string }
  /** @default none */
  readonly alarmEmail?: string
  /**
   * Makes the site's stack with these props: its env, `crossRegionReferences` and the web ACL's ARN for
   * its distribution.
   */
  readonly createSite: (props: {
    env: { account?: string; region: string }
    crossRegionReferences: true
    webAclArn: string
  }) => S
}

/**
 * The site's stack with its two us-east-1 companions, in deployment order: the web ACL, the site, the plan.
 * `cdk deploy --all` (npm run deploy) deploys them in that order.
 */
export function siteWithEdge<S extends SiteOfEdge>(
  scope: Construct,
  options: SiteWithEdgeOptions<S>,
): { readonly edge: EdgeStack; readonly site: S; readonly plan: EdgePlanStack } {
  const region = options.env.region
  if (!region) {
    throw new Error(
      `The region of ${options.stackName} is not known: its web ACL and plan live in ${cloudFrontRegion} beside it, so the synth needs it (the CDK CLI takes it from AWS_REGION or the profile; or set CDK_DEFAULT_REGION).`,
    )
  }
  const edgeEnv = {
    ...(options.env.account ? { account: options.env.account } : {}),
    region: cloudFrontRegion,
  }
  const edge = new EdgeStack(scope, `${options.stackName}-Edge`, {
    stackName: `${options.stackName}-Edge`,
    env: edgeEnv,
    stage: options.stage,
  })
  const site = options.createSite({
    env: { ...(options.env.account ? { account: options.env.account } : {}), region },
    crossRegionReferences: true,
    webAclArn: edge.webAcl.attrArn,
  })
  site.addStackDependency(edge, 'The distribution takes the web ACL')
  const plan = new EdgePlanStack(scope, `${options.stackName}-EdgePlan`, {
    stackName: `${options.stackName}-EdgePlan`,
    env: edgeEnv,
    crossRegionReferences: true,
    stage: options.stage,
    plan: options.plan,
    distribution: site.site.distribution,
    webAclArn: edge.webAcl.attrArn,
    accessLogsBucket: site.data.accessLogsBucket,
    ...(options.alarmEmail ? { alarmEmail: options.alarmEmail } : {}),
  })
  plan.addStackDependency(site, 'The plan, the logs and the alarm need the distribution')
  return { edge, site, plan }
}
