import { Duration } from 'aws-cdk-lib'
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2'
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch'
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions'
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb'
import * as iam from 'aws-cdk-lib/aws-iam'
import * as kms from 'aws-cdk-lib/aws-kms'
import type * as lambda from 'aws-cdk-lib/aws-lambda'
import * as sns from 'aws-cdk-lib/aws-sns'
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions'
import { Construct } from 'constructs'

export interface NotificationsProps {
  /**
   * Where new leads and alarms are e-mailed. AWS sends a confirmation message first; nothing arrives until
   * it is confirmed.
   * @default none: the topic has no subscription (subscribe later in the console or by redeploying)
   */
  readonly email?: string
}

/**
 * The staff notification topic: each new quote and contact is published to it (by the lead functions,
 * which get `publish` and the key), and so are the alarms. Encrypted with its own key, which CloudWatch may
 * use to publish alarms.
 */
export class Notifications extends Construct {
  public readonly topic: sns.Topic
  public readonly key: kms.Key

  constructor(scope: Construct, id: string, props: NotificationsProps = {}) {
    super(scope, id)
    this.key = new kms.Key(this, 'Key', {
      description: 'Encrypts the staff notification topic (lead details)',
      enableKeyRotation: true,
    })
    this.key.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
      }),
    )
    this.topic = new sns.Topic(this, 'Topic', {
      displayName: 'Website leads and alarms',
      masterKey: this.key,
      enforceSSL: true,
    })
    if (props.email) this.topic.addSubscription(new subscriptions.EmailSubscription(props.email))
  }

  /** Lets a function publish to the topic (and encrypt with its key), nothing more. */
  grantPublish(grantee: iam.IGrantable): void {
    this.topic.grantPublish(grantee)
  }
}

/** CloudWatch's limit of metrics in one alarm's math expression. */
const maxMetricsPerAlarm = 10

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = []
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size))
  return result
}

export interface AlarmsProps {
  /** Where the alarms publish. */
  readonly topic: sns.ITopic
  /** The route functions: an alarm on errors and one on throttles, over all of them. */
  readonly functions: readonly lambda.IFunction[]
  readonly httpApi: apigwv2.IHttpApi
  readonly tables: readonly dynamodb.ITable[]
  /**
   * Errors (function errors, 5xx answers, throttled calls) in five minutes that raise an alarm.
   * @default 1 for functions and DynamoDB, 5 for API 5xx
   */
  readonly threshold?: number
}

/**
 * Alarms that tell staff something is wrong: any function error or throttle, API 5xx answers, and DynamoDB
 * throttling. Each publishes to the topic when it fires and when it recovers.
 */
export class Alarms extends Construct {
  public readonly alarms: cloudwatch.Alarm[] = []
  private readonly action: actions.SnsAction

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id)
    this.action = new actions.SnsAction(props.topic)
    const period = Duration.minutes(5)
    const sumOver = (metrics: cloudwatch.IMetric[], label: string): cloudwatch.IMetric =>
      new cloudwatch.MathExpression({
        expression: metrics.map((_, index) => `m${index}`).join(' + ') || '0',
        usingMetrics: Object.fromEntries(metrics.map((metric, index) => [`m${index}`, metric])),
        label,
        period,
      })

    // An alarm's math expression may use at most 10 metrics: the functions are covered in groups of 10.
    const groups = chunks(props.functions, maxMetricsPerAlarm)
    groups.forEach((group, index) => {
      const suffix = groups.length > 1 ? String(index + 1) : ''
      this.alarm(
        `FunctionErrors${suffix}`,
        sumOver(
          group.map((fn) => fn.metricErrors({ period, statistic: 'Sum' })),
          'Function errors',
        ),
        props.threshold ?? 1,
        'A route function failed (an uncaught error or a timeout). See its log group.',
      )
      this.alarm(
        `FunctionThrottles${suffix}`,
        sumOver(
          group.map((fn) => fn.metricThrottles({ period, statistic: 'Sum' })),
          'Function throttles',
        ),
        props.threshold ?? 1,
        'Lambda refused invocations: the account concurrency limit was reached.',
      )
    })
    this.alarm(
      'Api5xx',
      props.httpApi.metricServerError({ period, statistic: 'Sum' }),
      props.threshold ?? 5,
      'The API answered 5xx to visitors.',
    )
    this.alarm(
      'DynamoDbThrottles',
      sumOver(
        props.tables.flatMap((table) => [
          table.metric('ReadThrottleEvents', { period, statistic: 'Sum' }),
          table.metric('WriteThrottleEvents', { period, statistic: 'Sum' }),
        ]),
        'DynamoDB read and write throttle events',
      ),
      props.threshold ?? 1,
      'DynamoDB throttled reads or writes of the leads or content table.',
    )
  }

  private alarm(id: string, metric: cloudwatch.IMetric, threshold: number, description: string): void {
    const alarm = new cloudwatch.Alarm(this, id, {
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      alarmDescription: description,
    })
    alarm.addAlarmAction(this.action)
    alarm.addOkAction(this.action)
    this.alarms.push(alarm)
  }
}
