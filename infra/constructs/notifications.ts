import { Duration, Stack, Validations } from 'aws-cdk-lib'
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2'
import * as budgets from 'aws-cdk-lib/aws-budgets'
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch'
import * as actions from 'aws-cdk-lib/aws-cloudwatch-actions'
import type * as iam from 'aws-cdk-lib/aws-iam'
import * as logs from 'aws-cdk-lib/aws-logs'
import * as sns from 'aws-cdk-lib/aws-sns'
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions'
import { Construct } from 'constructs'
import { alarmedLogEvents } from '../../functions/lib/log-events'

/** The AWS-managed SNS key: no monthly fee, and its key policy lets any SNS user of the account publish. */
export const awsManagedSnsKey = 'alias/aws/sns'

export interface NotificationsProps {
  /**
   * Where new leads and alarms are e-mailed (one subscription to each topic). AWS sends a confirmation
   * message for each first; nothing arrives until it is confirmed.
   * @default none: the topics have no subscription (subscribe later in the console or by redeploying)
   */
  readonly email?: string
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
    if (props.email) {
      this.topic.addSubscription(new subscriptions.EmailSubscription(props.email))
      this.alarmTopic.addSubscription(new subscriptions.EmailSubscription(props.email))
    }
  }

  /** Lets a function publish new leads to the topic, nothing more. */
  grantPublish(grantee: iam.IGrantable): void {
    this.topic.grantPublish(grantee)
  }
}

export interface AlarmsProps {
  /** Where the alarms publish (state changes only: no personal data). */
  readonly topic: sns.ITopic
  readonly httpApi: apigwv2.IHttpApi
  /**
   * The log groups of the route functions: metric filters turn the events of alarmedLogEvents
   * (functions/lib/log-events.ts) into metrics.
   */
  readonly functionLogGroups: readonly logs.ILogGroup[]
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

/** Metric name of a logged event: `staffNotificationFailed` → `StaffNotificationFailed`. */
export function logMetricName(event: keyof typeof alarmedLogEvents): string {
  return event.charAt(0).toUpperCase() + event.slice(1)
}

/**
 * The alarms, on a few API-, account- and log-level metrics (CloudWatch bills each metric an alarm reads):
 * the API's 5xx rate, a storm of 4xx answers, Lambda throttling in the account, and the logged events that
 * lose work silently (a lead stored without its staff e-mail, an item stored without its counter). Each
 * publishes to the alarm topic when it fires and when it recovers.
 */
export class Alarms extends Construct {
  public readonly alarms: cloudwatch.Alarm[] = []
  private readonly action: actions.SnsAction

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id)
    this.action = new actions.SnsAction(props.topic)
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
      'The API answered 5xx to visitors (a function failed or timed out, or Lambda refused it). See the API access log and the function log groups.',
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
      "Lambda refused invocations in this account and region: its concurrency limit (low in new accounts) was reached. Ask for a higher 'Concurrent executions' quota.",
    )

    // No default value: a filter publishes a data point only when the event is logged, so the metric costs
    // nothing while all is well.
    const namespace = logMetricNamespace(Stack.of(this).stackName)
    const descriptions: Record<keyof typeof alarmedLogEvents, string> = {
      staffNotificationFailed:
        'A lead was stored but its staff e-mail could not be published: check the admin dashboard for new leads, and the function log for the cause.',
      counterNotUpdated:
        'An item was stored but a dashboard total was not updated: run npm run admin -- recount-totals --stack <stack>.',
      leadIndexNotUpdated:
        'A lead was stored or changed but its inbox entries were not all written, so the inbox may list it under an old status or miss it: run npm run admin -- reindex-leads --stack <stack>.',
    }
    for (const event of Object.keys(alarmedLogEvents) as (keyof typeof alarmedLogEvents)[]) {
      const metricName = logMetricName(event)
      props.functionLogGroups.forEach((logGroup, index) => {
        new logs.MetricFilter(this, `${metricName}Filter${index}`, {
          logGroup,
          filterPattern: logs.FilterPattern.allTerms(alarmedLogEvents[event]),
          metricNamespace: namespace,
          metricName,
          metricValue: '1',
        })
      })
      this.alarm(
        metricName,
        new cloudwatch.Metric({ namespace, metricName, period, statistic: 'Sum' }),
        1,
        descriptions[event],
      )
    }
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
