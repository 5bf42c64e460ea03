import { Duration, Stack, Validations } from 'aws-cdk-lib'
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2'
import * as budgets from 'aws-cdk-lib/aws-budgets'
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch'
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions'
import * as logs from 'aws-cdk-lib/aws-logs'
import * as sns from 'aws-cdk-lib/aws-sns'
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions'
import { Construct } from 'constructs'
import { alarmedLogEvents } from '../../functions/lib/log-events'

/** The AWS-managed SNS key: no monthly fee, and its key policy lets any SNS user of the account publish. */
export const awsManagedSnsKey = 'alias/aws/sns'

export interface NotificationsProps {
  /**
   * Where new quotes and contacts are e-mailed (a subscription to `topic`). AWS sends a confirmation message
   * first; nothing arrives until it is confirmed.
   * @default none: the leads topic has no subscription
   */
  readonly leadsEmail?: string
  /**
   * Where the alarms are e-mailed (a subscription to `alarmTopic`), confirmed the same way.
   * @default none: the alarm topic has no subscription
   */
  readonly alarmEmail?: string
}

/**
 * The two staff topics.
 * - `topic`: each new quote and contact, with the lead's details (personal data), published by the lead
 *   functions. Encrypted with the AWS-managed key `alias/aws/sns`: no key fee, and a publisher needs only
 *   `sns:Publish` (the key's own policy admits SNS callers of the account).
 * - `alarmTopic`: the CloudWatch alarms. CloudWatch cannot publish to a topic under the AWS-managed key (its
 *   policy cannot be changed to admit cloudwatch.amazonaws.com) and a customer-managed key costs US$1 a month,
 *   so this topic is not encrypted at rest; it must carry nothing but alarm state changes (alarm names,
 *   metrics and thresholds), never a lead.
 */
export class Notifications extends Construct {
  public readonly topic: sns.Topic
  public readonly alarmTopic: sns.Topic

  constructor(scope: Construct, id: string, props: NotificationsProps = {}) {
    super(scope, id)
    this.topic = new sns.Topic(this, 'Topic', {
      displayName: 'Website leads',
      enforceSSL: true,
    })
    // Set on the resource, not as the L2's masterKey: an imported alias would make grantPublish add a
    // kms:* grant on every key of the account, which the AWS-managed key does not need.
    ;(this.topic.node.defaultChild as sns.CfnTopic).kmsMasterKeyId = awsManagedSnsKey

    this.alarmTopic = new sns.Topic(this, 'AlarmTopic', {
      displayName: 'Website alarms',
      enforceSSL: true,
    })
    Validations.of(this.alarmTopic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Carries CloudWatch alarm state changes only (no personal data). CloudWatch cannot publish to a topic under the AWS-managed SNS key, and a customer-managed key would be the largest fixed fee of the stack (US$1 a month).',
    })
    if (props.leadsEmail) this.topic.addSubscription(new subscriptions.EmailSubscription(props.leadsEmail))
    if (props.alarmEmail)
      this.alarmTopic.addSubscription(new subscriptions.EmailSubscription(props.alarmEmail))
  }
}

export interface AlarmsProps {
  /** Where the alarms publish (state changes only: no personal data). */
  readonly topic: sns.ITopic
  readonly httpApi: apigwv2.IHttpApi
  /**
   * The log groups of the route functions (one, shared): metric filters turn the events of
   * alarmedLogEvents (functions/lib/log-events.ts) and DynamoDB's throttling errors into metrics.
   */
  readonly functionLogGroups: readonly logs.ILogGroup[]
  /**
   * The topic of new leads: an alarm fires when it delivers fewer e-mails than it was given messages (a
   * subscription removed, unconfirmed or failing).
   * @default none: no delivery alarm
   */
  readonly leadsTopic?: sns.ITopic
  /**
   * The stage, named by every alarm (its name and description), so the alarms of two stages in one account
   * (the account-wide Lambda throttles above all) say which stage raised them.
   * @default 'prod'
   */
  readonly stage?: string
  /**
   * Share of API requests answered 5xx in five minutes that raises the alarm, in percent.
   * @default 5
   */
  readonly serverErrorPercent?: number
  /**
   * API answers 4xx (refused, unauthorised, throttled, not found) in five minutes that count as a storm.
   * @default 300
   */
  readonly clientErrorStorm?: number
}

/** Namespace of the metrics made from the function logs: one per stack, so stages do not mix. */
export function logMetricNamespace(stackName: string): string {
  return `Website/${stackName}`
}

/**
 * Metric names made from the function logs: every event of alarmedLogEvents counts as `LostWork` (one
 * metric, so one alarm metric's fee for the three), DynamoDB refusing a request after the SDK's retries as
 * `DynamoDbThrottled`.
 */
export const logMetricNames = { lostWork: 'LostWork', dynamoDbThrottled: 'DynamoDbThrottled' } as const

/** The error names DynamoDB's throttling reaches a function as (after the SDK's own retries). */
export const dynamoDbThrottlingErrors = [
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
] as const

/** An alarm's name: the stack's (so its stage's) name first, as the e-mail's subject shows it. */
export function alarmName(stackName: string, id: string): string {
  return `${stackName}-${id}`
}

/**
 * The alarms, on a few API-, account-, topic- and log-level metrics (CloudWatch bills each metric an alarm
 * reads, so a rate or a difference is one alarm over its metrics, and the log events share one metric): the
 * API's 5xx rate, a storm of 4xx answers, Lambda throttling in the account, requests DynamoDB throttled, the
 * leads topic delivering fewer e-mails than it was given, and the logged events that lose work silently (a
 * lead stored without its staff e-mail, an item without its counter, a lead without its inbox entries).
 * Each is named `<stack>-<id>`, says its stage, and publishes to the alarm topic when it fires and when it
 * recovers.
 */
export class Alarms extends Construct {
  public readonly alarms: cloudwatch.Alarm[] = []
  private readonly action: actions.SnsAction
  private readonly stage: string

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id)
    this.action = new actions.SnsAction(props.topic)
    this.stage = props.stage ?? 'prod'
    const period = Duration.minutes(5)

    this.alarm(
      'Api5xxRate',
      new cloudwatch.MathExpression({
        expression: 'IF(requests > 0, 100 * errors / requests, 0)',
        usingMetrics: {
          errors: props.httpApi.metricServerError({ period, statistic: 'Sum' }),
          requests: props.httpApi.metricCount({ period, statistic: 'Sum' }),
        },
        label: 'API 5xx answers, % of requests',
        period,
      }),
      props.serverErrorPercent ?? 5,
      'The API answered 5xx to visitors (a function failed or timed out, or Lambda refused it). See the API access log and the function log group.',
    )
    this.alarm(
      'Api4xxStorm',
      props.httpApi.metricClientError({ period, statistic: 'Sum' }),
      props.clientErrorStorm ?? 300,
      'A storm of 4xx answers: requests without the origin secret (403), bad tokens (401), throttling (429) or probing. See the API access log.',
    )
    this.alarm(
      'LambdaThrottles',
      new cloudwatch.Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', period, statistic: 'Sum' }),
      1,
      "Lambda refused invocations in this account and region (account-wide: every stage in the account raises this alarm, and shares the quota): its concurrency limit (low in new accounts) was reached. Ask for a higher 'Concurrent executions' quota.",
    )

    // No default value: a filter publishes a data point only when the event is logged, so the metric costs
    // nothing while all is well.
    const namespace = logMetricNamespace(Stack.of(this).stackName)
    const events = Object.values(alarmedLogEvents)
    props.functionLogGroups.forEach((logGroup, index) => {
      new logs.MetricFilter(this, `${logMetricNames.lostWork}Filter${index}`, {
        logGroup,
        filterPattern: logs.FilterPattern.anyTerm(...events),
        metricNamespace: namespace,
        metricName: logMetricNames.lostWork,
        metricValue: '1',
      })
      new logs.MetricFilter(this, `${logMetricNames.dynamoDbThrottled}Filter${index}`, {
        logGroup,
        filterPattern: logs.FilterPattern.any(
          ...dynamoDbThrottlingErrors.map((name) =>
            logs.FilterPattern.stringValue('$.error.name', '=', name),
          ),
        ),
        metricNamespace: namespace,
        metricName: logMetricNames.dynamoDbThrottled,
        metricValue: '1',
      })
    })
    this.alarm(
      logMetricNames.lostWork,
      new cloudwatch.Metric({ namespace, metricName: logMetricNames.lostWork, period, statistic: 'Sum' }),
      1,
      `Work was lost silently; the function log group says which of: '${alarmedLogEvents.staffNotificationFailed}' (a lead stored without its staff e-mail: check the admin dashboard for new leads), '${alarmedLogEvents.counterNotUpdated}' (a dashboard total not updated: npm run admin -- recount-totals --stack <stack>), '${alarmedLogEvents.leadIndexNotUpdated}' (a lead missing from or misfiled in the inbox: npm run admin -- reindex-leads --stack <stack>).`,
    )
    this.alarm(
      'DynamoDbThrottles',
      new cloudwatch.Metric({
        namespace,
        metricName: logMetricNames.dynamoDbThrottled,
        period,
        statistic: 'Sum',
      }),
      1,
      'DynamoDB refused requests (throttling) even after the SDK retried them, so visitors or staff got an error: an import or export running at full speed, a hot partition, or an account table quota. See the function log group for the route.',
    )
    if (props.leadsTopic) {
      // Deliveries lag publishes by seconds; an hour keeps one e-mail in flight from raising the alarm.
      const hour = Duration.hours(1)
      const topicMetric = (metricName: string) =>
        new cloudwatch.Metric({
          namespace: 'AWS/SNS',
          metricName,
          dimensionsMap: { TopicName: (props.leadsTopic as sns.ITopic).topicName },
          period: hour,
          statistic: 'Sum',
        })
      this.alarm(
        'LeadsNotDelivered',
        new cloudwatch.MathExpression({
          expression: 'IF(published > delivered, published - delivered, 0)',
          usingMetrics: {
            published: topicMetric('NumberOfMessagesPublished'),
            delivered: topicMetric('NumberOfNotificationsDelivered'),
          },
          label: 'Lead e-mails published but not delivered',
          period: hour,
        }),
        1,
        'The leads topic delivered fewer e-mails than it was given in an hour: its e-mail subscription was removed (an unsubscribe link), is not confirmed, or fails. New leads are stored and listed in the admin inbox; subscribe leadsEmail again (README "Notifications").',
      )
    }
  }

  private alarm(id: string, metric: cloudwatch.IMetric, threshold: number, description: string): void {
    const alarm = new cloudwatch.Alarm(this, id, {
      alarmName: alarmName(Stack.of(this).stackName, id),
      metric,
      threshold,
      evaluationPeriods: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
      alarmDescription: `Stage ${this.stage}: ${description}`,
    })
    alarm.addAlarmAction(this.action)
    alarm.addOkAction(this.action)
    this.alarms.push(alarm)
  }
}

export interface CostBudgetProps {
  /** Monthly amount in US dollars. */
  readonly monthlyUsd: number
  /** Who is e-mailed (AWS Budgets sends the e-mail itself; no topic). */
  readonly email: string
}

/**
 * An AWS Budget over the account's monthly cost that e-mails at 80 % of the amount actually spent and at
 * 100 % of the forecast. Budgets see the whole account, not one stack. An account's first two budgets are
 * free of charge.
 */
export class CostBudget extends Construct {
  public readonly budget: budgets.CfnBudget

  constructor(scope: Construct, id: string, props: CostBudgetProps) {
    super(scope, id)
    const subscribers = [{ subscriptionType: 'EMAIL', address: props.email }]
    this.budget = new budgets.CfnBudget(this, 'Budget', {
      budget: {
        budgetName: `${Stack.of(this).stackName} monthly cost`,
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.monthlyUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: [
        {
          notification: {
            notificationType: 'ACTUAL',
            comparisonOperator: 'GREATER_THAN',
            threshold: 80,
            thresholdType: 'PERCENTAGE',
          },
          subscribers,
        },
        {
          notification: {
            notificationType: 'FORECASTED',
            comparisonOperator: 'GREATER_THAN',
            threshold: 100,
            thresholdType: 'PERCENTAGE',
          },
          subscribers,
        },
      ],
    })
  }
}
