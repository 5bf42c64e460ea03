import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { AssetHashType, CfnResource, DockerImage, Duration, Stack } from 'aws-cdk-lib'
import * as iam from 'aws-cdk-lib/aws-iam'
import * as lambda from 'aws-cdk-lib/aws-lambda'
import * as logs from 'aws-cdk-lib/aws-logs'
import { Construct } from 'constructs'
import { buildSync } from 'esbuild'

const providerDir = join(dirname(fileURLToPath(import.meta.url)), 'secret-parameter-provider')
const functionsLibDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'functions', 'lib')

/**
 * The provider's bundle of this process, once made: every stack a process synthesises (the tests make some
 * thirty) copies it instead of running esbuild again on the same sources with the same options.
 */
let bundledProvider: Buffer | undefined

/** The CloudFormation type of the custom resource (handler: secret-parameter-provider/handler.ts). */
export const secretParameterResourceType = 'Custom::SecretParameter'

/**
 * The one Lambda per stack behind every `SecretParameter`: bundled at synth time with esbuild (with its SSM
 * client, as the route bundles carry theirs), with its own role and log group. Each parameter adds Put/Get/Delete on exactly its own
 * ARN to that role.
 */
class SecretParameterProvider extends Construct {
  static of(scope: Construct): SecretParameterProvider {
    const stack = Stack.of(scope)
    const id = 'SecretParameterProvider'
    return (stack.node.tryFindChild(id) as SecretParameterProvider | undefined) ?? new this(stack, id)
  }

  readonly function: lambda.Function
  readonly role: iam.Role

  private constructor(scope: Construct, id: string) {
    super(scope, id)
    const logGroup = new logs.LogGroup(this, 'Logs', { retention: logs.RetentionDays.ONE_MONTH })
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Creates and deletes the stack secrets in SSM Parameter Store',
    })
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    )
    this.function = new lambda.Function(this, 'Function', {
      description: 'Custom::SecretParameter: SSM SecureString parameters with a generated secret',
      runtime: lambda.Runtime.NODEJS_24_X,
      architecture: lambda.Architecture.ARM_64,
      handler: 'provider.handler',
      memorySize: 256,
      timeout: Duration.seconds(60),
      role: this.role,
      logGroup,
      code: lambda.Code.fromAsset(providerDir, {
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          // Never used: the local bundling below always succeeds or throws.
          image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:24'),
          local: {
            tryBundle(outputDir: string): boolean {
              const outfile = join(outputDir, 'provider.mjs')
              if (bundledProvider !== undefined) {
                writeFileSync(outfile, bundledProvider)
                return true
              }
              buildSync({
                entryPoints: [join(providerDir, 'handler.ts')],
                outfile,
                bundle: true,
                platform: 'node',
                target: 'node20',
                format: 'esm',
                mainFields: ['module', 'main'],
                minify: true,
                alias: {
                  // Credentials from the environment only, as in the route bundles (infra/build-functions.ts).
                  '@aws-sdk/credential-provider-node': join(functionsLibDir, 'lambda-credentials.ts'),
                },
                banner: {
                  js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
                },
                legalComments: 'none',
                logLevel: 'error',
              })
              bundledProvider = readFileSync(outfile)
              return true
            },
          },
        },
      }),
    })
  }
}

export interface SecretParameterProps {
  /** The parameter's name: a path such as `/<stack name>/signing-secret`. */
  readonly parameterName: string
  /** Shown with the parameter in SSM. */
  readonly description: string
  /**
   * Return the current value as `value` (a token), for a secret the template must carry anyway, such as the
   * header CloudFront sends. The value is then visible to whoever may read the stack's resources' config.
   * @default false: the value never leaves SSM
   */
  readonly exposeValue?: boolean
  /**
   * Any change makes CloudFormation ask the provider again, which reads the parameter's current version
   * (the way a rotated value reaches `value`).
   * @default none
   */
  readonly rotation?: string
}

/**
 * A secret as an SSM SecureString parameter (standard tier: no fee; the AWS-managed `aws/ssm` key: no key
 * fee), holding its current and previous versions with their kids as JSON (functions/lib/secrets.ts). It is
 * generated on create, read again on update, deleted with the stack. Rotate it with
 * `npm run admin -- rotate-secret` (infra/rotate-secret.ts).
 */
export class SecretParameter extends Construct {
  readonly parameterName: string
  readonly parameterArn: string
  /** The `kid` of the current version (a token, resolved at deploy time). */
  readonly kid: string
  /** The current value (a token); only with `exposeValue`. */
  readonly value: string | undefined

  constructor(scope: Construct, id: string, props: SecretParameterProps) {
    super(scope, id)
    const provider = SecretParameterProvider.of(this)
    this.parameterName = props.parameterName
    this.parameterArn = Stack.of(this).formatArn({
      service: 'ssm',
      resource: 'parameter',
      resourceName: props.parameterName.replace(/^\//, ''),
    })
    provider.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['ssm:PutParameter', 'ssm:GetParameter', 'ssm:DeleteParameter'],
        resources: [this.parameterArn],
      }),
    )
    const resource = new CfnResource(this, 'Resource', {
      type: secretParameterResourceType,
      properties: {
        ServiceToken: provider.function.functionArn,
        ParameterName: props.parameterName,
        Description: props.description,
        ExposeValue: props.exposeValue ? 'true' : 'false',
        ...(props.rotation === undefined ? {} : { Rotation: props.rotation }),
      },
    })
    resource.node.addDependency(provider.role)
    this.kid = resource.getAtt('Kid').toString()
    this.value = props.exposeValue ? resource.getAtt('Value').toString() : undefined
  }

  /** The current value (a token); throws for a parameter made without `exposeValue`. */
  requireValue(): string {
    if (this.value === undefined) throw new Error(`${this.parameterName} does not expose its value`)
    return this.value
  }

  /** Lets `grantee` read this parameter (ssm:GetParameter on its ARN, nothing else). */
  grantRead(grantee: iam.IGrantable): iam.Grant {
    return iam.Grant.addToPrincipal({
      grantee,
      actions: ['ssm:GetParameter'],
      resourceArns: [this.parameterArn],
    })
  }
}
