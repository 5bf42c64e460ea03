import * as kms from 'aws-cdk-lib/aws-kms'
import * as sns from 'aws-cdk-lib/aws-sns'
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions'
import { Construct } from 'constructs'

export interface NotificationsProps {
  /**
   * An address that receives every new quote and contact by e-mail (it must confirm the subscription
   * once). Without it the topic has no subscriber until one is added.
   * @default no subscription
   */
  readonly email?: string
}

/**
 * The staff-notification topic: the lead functions publish each new quote and contact to it after storing
 * the lead. Encrypted with the AWS-managed SNS key, publishing only over TLS.
 */
export class Notifications extends Construct {
  public readonly topic: sns.Topic

  constructor(scope: Construct, id: string, props: NotificationsProps = {}) {
    super(scope, id)
    this.topic = new sns.Topic(this, 'LeadsTopic', {
      displayName: 'Suryodaya Energy: new leads',
      enforceSSL: true,
      masterKey: kms.Alias.fromAliasName(this, 'SnsKey', 'alias/aws/sns'),
    })
    if (props.email) this.topic.addSubscription(new subscriptions.EmailSubscription(props.email))
  }
}
