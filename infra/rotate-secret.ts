/**
 * `npm run admin -- rotate-secret signing|origin [--stack <name>] [--region <region>]`: rotates one of the
 * stack's secrets without downtime (README "Rotating secrets").
 *
 * - signing: previous := current, current := a new random key with a new kid, in the SSM parameter. Warm
 *   functions read it within the cache time (functions/lib/secrets.ts); tokens signed with the previous key
 *   stay valid, those of the key before it do not. Nothing to deploy.
 * - origin: the same, then the deploy step: a stack update with the previous template and a new value of the
 *   stack parameter OriginHeaderRotation, so CloudFormation reads the parameter again and CloudFront sends the
 *   new value. The API accepts the previous value meanwhile. It refuses to rotate while CloudFront still
 *   sends the previous value (the last rotation's deploy step did not finish): then it runs that deploy step
 *   instead, without writing a new value.
 * - Without --stack: the stand-in's signing secret in the data folder (no origin secret there).
 *
 * Bad input (an unknown kind, origin without --stack, a stack without the parameters) is refused before
 * anything is written.
 */
import {
  type CloudFormationClient,
  DescribeStacksCommand,
  type Stack,
  UpdateStackCommand,
  waitUntilStackUpdateComplete,
} from '@aws-sdk/client-cloudformation'
import { GetParameterCommand, PutParameterCommand, type SSMClient } from '@aws-sdk/client-ssm'
import {
  parseSecretVersions,
  rotateVersions,
  type SecretVersions,
  secretCacheMilliseconds,
  serializeSecretVersions,
} from '../functions/lib/secrets'
import { rotateLocalSigningSecret } from './local/secrets'
import { originSecretRotation, secretParameters } from './stack-secrets'

export const secretKinds = ['signing', 'origin'] as const
export type SecretKind = (typeof secretKinds)[number]

/** A refusal or failure to show the operator as is (the command exits 1). */
export class RotationError extends Error {}

export interface RotateSecretOptions {
  /** `signing` or `origin` (anything else is refused). */
  readonly kind: string | undefined
  readonly stack?: string | undefined
  readonly region?: string | undefined
  /** The stand-in's data folder, for a rotation without --stack. */
  readonly dataDir: string
}

export interface RotateSecretClients {
  readonly ssm: SSMClient
  readonly cloudFormation: CloudFormationClient
  /** Waits until the stack update is done. @default the SDK's waiter, up to 45 minutes */
  readonly waitForUpdate?: (stackName: string) => Promise<void>
  readonly now?: () => Date
}

const minutes = secretCacheMilliseconds / 60_000

function isSecretKind(kind: string | undefined): kind is SecretKind {
  return (secretKinds as readonly string[]).includes(kind ?? '')
}

/** Checks the arguments before anything is read or written. */
export function checkRotateArguments(options: Pick<RotateSecretOptions, 'kind' | 'stack'>): SecretKind {
  const { kind, stack } = options
  if (!isSecretKind(kind)) {
    throw new RotationError(
      `rotate-secret needs the secret to rotate: signing or origin${kind ? `, not "${kind}"` : ''}.`,
    )
  }
  if (kind === 'origin' && !stack) {
    throw new RotationError(
      'rotate-secret origin needs --stack <name>: the local stand-in has no origin secret (nothing sits in front of it).',
    )
  }
  return kind
}

async function describeStack(client: CloudFormationClient, stackName: string): Promise<Stack> {
  const reply = await client
    .send(new DescribeStacksCommand({ StackName: stackName }))
    .catch((error: Error) => {
      throw new RotationError(`Could not read stack ${stackName}: ${error.message}`)
    })
  const stack = reply.Stacks?.[0]
  if (!stack) throw new RotationError(`Stack ${stackName} not found.`)
  return stack
}

const outputOf = (stack: Stack, key: string) =>
  stack.Outputs?.find((output) => output.OutputKey === key)?.OutputValue

async function readVersions(
  ssm: SSMClient,
  name: string,
): Promise<{ versions: SecretVersions; version: number }> {
  const reply = await ssm
    .send(new GetParameterCommand({ Name: name, WithDecryption: true }))
    .catch((error: Error) => {
      throw new RotationError(`Could not read the parameter ${name}: ${error.message}`)
    })
  try {
    return {
      versions: parseSecretVersions(reply.Parameter?.Value ?? '', name),
      version: reply.Parameter?.Version ?? 0,
    }
  } catch (error) {
    throw new RotationError((error as Error).message)
  }
}

async function writeVersions(
  ssm: SSMClient,
  name: string,
  versions: SecretVersions,
  readVersion: number,
): Promise<string[]> {
  const reply = await ssm.send(
    new PutParameterCommand({
      Name: name,
      Value: serializeSecretVersions(versions),
      Type: 'SecureString',
      Overwrite: true,
    }),
  )
  return reply.Version !== undefined && readVersion > 0 && reply.Version !== readVersion + 1
    ? [
        `Warning: the parameter changed while this command ran (version ${readVersion} → ${reply.Version}); someone else may have rotated it too.`,
      ]
    : []
}

const stableStatus = /^(CREATE_COMPLETE|UPDATE_COMPLETE|UPDATE_ROLLBACK_COMPLETE|IMPORT_COMPLETE)$/

/**
 * The deploy step of an origin rotation: a stack update with the previous template, its parameters as they
 * are except OriginHeaderRotation, which changes, so the secret's custom resource reads the parameter again
 * and CloudFront gets its current value. Then it waits for the update and checks the kid CloudFront sends.
 */
async function deployOrigin(
  stackName: string,
  stack: Stack,
  kid: string,
  clients: RotateSecretClients,
): Promise<string[]> {
  const now = clients.now?.() ?? new Date()
  const rotation = `${kid}@${now.toISOString()}`
  const parameters = (stack.Parameters ?? []).map((parameter) =>
    parameter.ParameterKey === originSecretRotation.parameter
      ? { ParameterKey: parameter.ParameterKey, ParameterValue: rotation }
      : { ParameterKey: parameter.ParameterKey, UsePreviousValue: true },
  )
  const manual = `npm run deploy -- --parameters ${originSecretRotation.parameter}=${rotation}`
  try {
    await clients.cloudFormation.send(
      new UpdateStackCommand({
        StackName: stackName,
        UsePreviousTemplate: true,
        Parameters: parameters,
        Capabilities: ['CAPABILITY_IAM', 'CAPABILITY_NAMED_IAM'],
      }),
    )
    await (
      clients.waitForUpdate ??
      (async (name: string) => {
        await waitUntilStackUpdateComplete(
          { client: clients.cloudFormation, maxWaitTime: 45 * 60, minDelay: 15, maxDelay: 60 },
          { StackName: name },
        )
      })
    )(stackName)
  } catch (error) {
    throw new RotationError(
      [
        `The new origin secret (kid ${kid}) is in SSM and the API accepts it and the previous one, but the stack update failed: ${(error as Error).message}`,
        `Next: run this command again (it resumes the deploy step), or: ${manual}`,
      ].join('\n'),
    )
  }
  const after = await describeStack(clients.cloudFormation, stackName)
  const sent = outputOf(after, originSecretRotation.kidOutput)
  if (sent !== kid) {
    throw new RotationError(
      `The stack updated but reports kid ${sent ?? '(none)'} for CloudFront instead of ${kid}. Next: ${manual}`,
    )
  }
  return [`Stack ${stackName} updated: CloudFront now sends the origin secret with kid ${kid}.`]
}

async function rotateInStack(
  kind: SecretKind,
  stackName: string,
  clients: RotateSecretClients,
): Promise<string[]> {
  const stack = await describeStack(clients.cloudFormation, stackName)
  if (!stableStatus.test(stack.StackStatus ?? '')) {
    throw new RotationError(
      `Stack ${stackName} is ${stack.StackStatus}: wait until it is *_COMPLETE, then run this again. Nothing was changed.`,
    )
  }
  const parameterName = outputOf(stack, secretParameters[kind].output)
  if (!parameterName) {
    throw new RotationError(
      `Stack ${stackName} has no ${secretParameters[kind].output} output: deploy this version of the stack first (npm run deploy). Nothing was changed.`,
    )
  }
  if (
    kind === 'origin' &&
    !stack.Parameters?.some((parameter) => parameter.ParameterKey === originSecretRotation.parameter)
  ) {
    throw new RotationError(
      `Stack ${stackName} has no ${originSecretRotation.parameter} parameter: deploy this version of the stack first (npm run deploy). Nothing was changed.`,
    )
  }
  const { versions, version } = await readVersions(clients.ssm, parameterName)

  if (kind === 'origin') {
    const sent = outputOf(stack, originSecretRotation.kidOutput)
    if (sent === versions.previous?.kid) {
      return [
        `CloudFront still sends the previous origin secret (kid ${sent}): the last rotation's deploy step did not finish. Running it now; no new value written.`,
        ...(await deployOrigin(stackName, stack, versions.current.kid, clients)),
        'Next: nothing. The previous value stays accepted until the next rotation.',
      ]
    }
    if (sent !== versions.current.kid) {
      throw new RotationError(
        `CloudFront sends the origin secret with kid ${sent ?? '(unknown)'}, which is neither the current (${versions.current.kid}) nor the previous one in ${parameterName}. Run npm run deploy first. Nothing was changed.`,
      )
    }
  }

  const rotated = rotateVersions(versions, clients.now?.() ?? new Date())
  const warnings = await writeVersions(clients.ssm, parameterName, rotated, version)
  const dropped = versions.previous?.kid
  const lines = [
    `Rotated ${parameterName}: current kid ${rotated.current.kid}, previous kid ${versions.current.kid} (still accepted)${dropped ? `; kid ${dropped} is no longer accepted` : ''}.`,
    ...warnings,
  ]
  if (kind === 'signing') {
    return [
      ...lines,
      `Warm functions sign with the new key within ${minutes} minutes; tokens signed with the previous key stay valid until they expire.`,
      'Next: nothing to deploy. If the old key leaked, run this command again: that drops it too (everyone signs in again).',
    ]
  }
  return [
    ...lines,
    `The API accepts both values; its functions read the new one within ${minutes} minutes. Deploying it to CloudFront (a stack update, several minutes)...`,
    ...(await deployOrigin(stackName, stack, rotated.current.kid, clients)),
    'Next: nothing. The previous value stays accepted until the next rotation; if it leaked, run this command again once this one has finished.',
  ]
}

/**
 * Runs the rotation and returns the lines to print. Throws RotationError with the message to show (and
 * nothing written) on bad input.
 */
export async function rotateSecret(
  options: RotateSecretOptions,
  clients?: RotateSecretClients | (() => Promise<RotateSecretClients>),
): Promise<string[]> {
  const kind = checkRotateArguments(options)
  if (!options.stack) {
    const rotation = await rotateLocalSigningSecret(options.dataDir).catch((error: Error) => {
      throw new RotationError(error.message)
    })
    return [
      `Rotated the local signing secret in ${options.dataDir}: current kid ${rotation.kid}, previous kid ${rotation.previousKid} (still accepted)${rotation.droppedKid ? `; kid ${rotation.droppedKid} is no longer accepted` : ''}.`,
      'Next: restart npm start; signed-in sessions stay signed in.',
    ]
  }
  const resolved = typeof clients === 'function' ? await clients() : clients
  if (!resolved) throw new RotationError('No AWS clients given.')
  return rotateInStack(kind, options.stack, resolved)
}

/** The clients for a deployed stack, in `region` or the default one. */
export async function awsClients(region: string | undefined): Promise<RotateSecretClients> {
  const { CloudFormationClient } = await import('@aws-sdk/client-cloudformation')
  const { SSMClient } = await import('@aws-sdk/client-ssm')
  const config = region ? { region } : {}
  return { ssm: new SSMClient(config), cloudFormation: new CloudFormationClient(config) }
}
