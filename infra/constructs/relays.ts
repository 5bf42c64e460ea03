import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb'
import type * as lambda from 'aws-cdk-lib/aws-lambda'
import type * as logs from 'aws-cdk-lib/aws-logs'
import * as sns from 'aws-cdk-lib/aws-sns'
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions'
import { Construct } from 'constructs'
import type { TableName } from '../../functions/lib/store-definitions'
import { relays as relayTable, type TopicFunction } from '../../functions/relays'
import { backgroundFunction } from './schedules'
import type { SecretParameter } from './secret-parameter'

export interface RelaysProps {
  /** Folder holding one bundle folder per function: `<functionsDir>/<relay id>/index.mjs`. */
  readonly functionsDir: string
  /** The tables of functions/lib/store-definitions.ts, by name (`relay.access`). */
  readonly tables: Readonly<Record<TableName, dynamodb.ITable>>
  /** The staff topic the relays subscribe to. */
  readonly topic: sns.ITopic
  /** The Web Push key pair's secret (`relay.access.pushKeys`). */
  readonly vapidSecret: SecretParameter
  /** The log group the functions write to: the API's, so the same alarms read their errors. */
  readonly logGroup: logs.ILogGroup
  /**
   * The relays.
   * @default the table of functions/relays.ts
   */
  readonly relays?: readonly TopicFunction[]
}

/**
 * The staff topic's relays (functions/relays.ts): one Lambda each, subscribed to the topic with a filter
 * policy that delivers only the messages carrying its `requiredAttribute` (a security alert without a lead
 * never invokes the push relay), with its own role that does exactly what its `access` declares. SNS's
 * deliveries to Lambda cost nothing; each delivered message is one Lambda request.
 */
export class Relays extends Construct {
  /** The functions, by relay id. */
  public readonly functions: Readonly<Record<string, lambda.Function>>

  constructor(scope: Construct, id: string, props: RelaysProps) {
    super(scope, id)
    const functions: Record<string, lambda.Function> = {}
    for (const relay of (props.relays ?? relayTable) as readonly TopicFunction[]) {
      const fn = backgroundFunction(this, relay, props, { kind: 'staff topic relay' })
      props.topic.addSubscription(
        new subscriptions.LambdaSubscription(fn, {
          filterPolicy: { [relay.requiredAttribute]: sns.SubscriptionFilter.existsFilter() },
        }),
      )
      functions[relay.id] = fn
    }
    this.functions = functions
  }
}
