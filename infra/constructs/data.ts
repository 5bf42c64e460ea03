import { RemovalPolicy } from 'aws-cdk-lib'
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb'
import * as s3 from 'aws-cdk-lib/aws-s3'
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager'
import { Construct } from 'constructs'
import { buckets, type TableDefinition, type TableName, tables } from '../tables'

export interface DataProps {
  /**
   * What happens to the tables and the uploads bucket when they leave the stack. They hold the leads, the
   * content and the admin uploads, so the default keeps them.
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy
  /**
   * Length of the generated token-signing secret (letters and digits).
   * @default 64
   */
  readonly signingSecretLength?: number
}

/**
 * The stateful part of the product: the DynamoDB tables and the uploads bucket of infra/tables.ts, and the
 * secret that signs the admin tokens. Construct ids come from the definitions and must not change: a new id
 * is a new, empty table.
 */
export class Data extends Construct {
  /** The tables of infra/tables.ts, by name. */
  public readonly tables: Readonly<Record<TableName, dynamodb.Table>>
  /** Admin uploads, served read-only by CloudFront under /files/*. */
  public readonly uploadsBucket: s3.Bucket
  /** The HS256 secret that signs and verifies admin tokens. */
  public readonly signingSecret: secretsmanager.Secret

  constructor(scope: Construct, id: string, props: DataProps = {}) {
    super(scope, id)
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN

    const table = (definition: TableDefinition): dynamodb.Table =>
      new dynamodb.Table(this, definition.constructId, {
        partitionKey: { name: definition.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: definition.sortKey, type: dynamodb.AttributeType.STRING },
        billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        encryption: dynamodb.TableEncryption.AWS_MANAGED,
        ...(definition.timeToLiveAttribute ? { timeToLiveAttribute: definition.timeToLiveAttribute } : {}),
        removalPolicy,
      })
    this.tables = Object.fromEntries(
      Object.entries(tables).map(([name, definition]) => [name, table(definition)]),
    ) as Record<TableName, dynamodb.Table>

    this.uploadsBucket = new s3.Bucket(this, buckets.uploads.constructId, {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      removalPolicy,
      autoDeleteObjects: false,
    })

    this.signingSecret = new secretsmanager.Secret(this, 'SigningSecret', {
      description: 'Signs and verifies the admin API tokens (HS256). Rotating it logs every admin out.',
      generateSecretString: {
        passwordLength: props.signingSecretLength ?? 64,
        excludePunctuation: true,
        includeSpace: false,
      },
    })
  }
}
