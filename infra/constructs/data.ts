import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib'
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb'
import * as s3 from 'aws-cdk-lib/aws-s3'
import { Construct } from 'constructs'
import {
  buckets,
  type TableDefinition,
  type TableName,
  tables,
  uploadsFolders,
} from '../../functions/lib/store-definitions'
import { secretParameters } from '../stack-secrets'
import { SecretParameter } from './secret-parameter'

export interface DataProps {
  /**
   * What happens to the tables and the buckets when they leave the stack. They hold the leads, the content
   * and the admin uploads, so the default keeps them; with DESTROY the buckets are emptied on deletion too.
   * @default RemovalPolicy.RETAIN
   */
  readonly removalPolicy?: RemovalPolicy
  /**
   * Days the access logs (S3 server access logs, CloudFront standard logs) are kept.
   * @default 90
   */
  readonly accessLogDays?: number
  /**
   * Origins whose pages may PUT large uploads into the uploads bucket with a presigned URL (CORS). The
   * signature, not the origin, is what authorises a PUT; the site's own domain narrows it when known.
   * @default ['*']
   */
  readonly uploadCorsOrigins?: readonly string[]
  /**
   * DynamoDB deletion protection of the tables the stack creates: DeleteTable fails until it is switched off.
   * @default true
   */
  readonly deletionProtection?: boolean
  /**
   * Existing tables to use instead of creating them, by name (a table restored from a point-in-time backup:
   * README "Restoring a table"). The stack's own table then leaves the stack and, being retained, is kept.
   * @default none: the stack creates every table
   */
  readonly existingTableNames?: Readonly<Partial<Record<TableName, string>>>
}

/**
 * The stateful part of the product: the DynamoDB tables and the uploads bucket of functions/lib/store-definitions.ts, and the
 * secret that signs the admin tokens (an SSM parameter, `/<stack name>/signing-secret`). Construct ids come from the definitions and must not change: a new id
 * is a new, empty table.
 */
export class Data extends Construct {
  /** The tables of functions/lib/store-definitions.ts, by name: the stack's own, or the existing ones it was told to use. */
  public readonly tables: Readonly<Record<TableName, dynamodb.ITable>>
  /** Admin uploads, served read-only by CloudFront under /files/resources/*. */
  public readonly uploadsBucket: s3.Bucket
  /**
   * Exports too large for one reply. No CloudFront origin reads it: an export is only ever downloaded through
   * a presigned link, and is deleted after a day.
   */
  public readonly exportsBucket: s3.Bucket
  /** The HS256 keys (current and previous, by kid) that sign and verify admin tokens. */
  public readonly signingSecret: SecretParameter
  /** The value the Web Push (VAPID) key pair is derived from (functions/lib/secrets.ts `vapidKeys`). */
  public readonly vapidSecret: SecretParameter
  /** The consent ledger's HMAC key (functions/lib/secrets.ts `consentKeys`), kept out of the table it keys. */
  public readonly consentKey: SecretParameter
  /** Access logs of the buckets and of CloudFront (prefixes `uploads/`, `site/`, `cloudfront/`). */
  public readonly accessLogsBucket: s3.Bucket

  constructor(scope: Construct, id: string, props: DataProps = {}) {
    super(scope, id)
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN
    // A bucket the stack may delete is emptied first (CloudFormation cannot delete a bucket with objects).
    const autoDeleteObjects = removalPolicy === RemovalPolicy.DESTROY

    const table = (name: TableName, definition: TableDefinition): dynamodb.ITable => {
      const existing = props.existingTableNames?.[name]
      if (existing) return dynamodb.Table.fromTableName(this, `${definition.constructId}Existing`, existing)
      return new dynamodb.Table(this, definition.constructId, {
        partitionKey: { name: definition.partitionKey, type: dynamodb.AttributeType.STRING },
        sortKey: { name: definition.sortKey, type: dynamodb.AttributeType.STRING },
        billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
        pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
        encryption: dynamodb.TableEncryption.AWS_MANAGED,
        ...(definition.timeToLiveAttribute ? { timeToLiveAttribute: definition.timeToLiveAttribute } : {}),
        deletionProtection: props.deletionProtection ?? true,
        removalPolicy,
      })
    }
    this.tables = Object.fromEntries(
      Object.entries(tables).map(([name, definition]) => [name, table(name as TableName, definition)]),
    ) as Record<TableName, dynamodb.ITable>

    this.accessLogsBucket = new s3.Bucket(this, 'AccessLogs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      // CloudFront standard logging writes with an ACL, so ACLs stay enabled on this bucket only.
      objectOwnership: s3.ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(props.accessLogDays ?? 90) }],
      removalPolicy,
      autoDeleteObjects,
    })
    Validations.of(this.accessLogsBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging its own access would log forever.',
    })

    this.uploadsBucket = new s3.Bucket(this, buckets.uploads.constructId, {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'uploads/',
      cors: [
        {
          allowedMethods: [s3.HttpMethods.PUT],
          allowedOrigins: [...(props.uploadCorsOrigins ?? ['*'])],
          allowedHeaders: ['content-type'],
          maxAge: 3600,
        },
      ],
      lifecycleRules: [
        {
          // Exports were written here before they had their own bucket; this empties what is left.
          id: 'ExpireExports',
          prefix: uploadsFolders.exports,
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
          // The parts of a multipart export that was neither completed nor aborted (a function killed midway).
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
        { id: 'ForgetOldVersions', noncurrentVersionExpiration: Duration.days(30) },
      ],
      removalPolicy,
      autoDeleteObjects,
    })

    this.exportsBucket = new s3.Bucket(this, buckets.exports.constructId, {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'exports/',
      lifecycleRules: [
        {
          id: 'ExpireExports',
          expiration: Duration.days(1),
          // The parts of a multipart export that was neither completed nor aborted (a function killed midway).
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy,
      autoDeleteObjects,
    })

    this.signingSecret = new SecretParameter(this, 'SigningSecretParameter', {
      parameterName: `/${Stack.of(this).stackName}/${secretParameters.signing.nameSuffix}`,
      description:
        'Signs and verifies the admin API tokens (HS256): current and previous key with their kids. Rotate with npm run admin -- rotate-secret signing.',
    })
    this.vapidSecret = new SecretParameter(this, 'VapidSecretParameter', {
      parameterName: `/${Stack.of(this).stackName}/${secretParameters.vapid.nameSuffix}`,
      description:
        'The Web Push (VAPID) key pair is derived from its current value. A new value is a new key pair: every device opts in again.',
    })
    this.consentKey = new SecretParameter(this, 'ConsentKeyParameter', {
      parameterName: `/${Stack.of(this).stackName}/${secretParameters.consent.nameSuffix}`,
      description:
        "Keys the consent ledger's entries (HMAC-SHA256 of the person's contact), so the ledger holds no contact. Keep the previous version after a rotation: the entries name the kid they were keyed with.",
    })
  }
}
