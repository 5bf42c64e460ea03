/**
 * The CloudFormation custom resource `Custom::SecretParameter` (infra/constructs/secret-parameter.ts):
 * creates an SSM SecureString parameter (standard tier, the AWS-managed `aws/ssm` key) holding a random
 * secret, which CloudFormation itself cannot do. Bundled at synth time with esbuild
 * (infra/constructs/secret-parameter.ts).
 *
 * - Create: writes the first version (a random value and its kid), unless the parameter already holds one
 *   (a retried create), which it keeps. Never overwrites anything else.
 * - Update: reads the parameter again (a changed `Rotation` property is how a rotation reaches CloudFront);
 *   a new name, or a parameter deleted by hand, is a create (CloudFormation then deletes an old name).
 * - Delete: deletes the parameter (a create that failed leaves nothing to delete).
 *
 * The response's Data carries the current `Kid`, and the current `Value` only when `ExposeValue` is "true"
 * (the origin secret, which CloudFront's configuration and the stack's events show anyway). No NoEcho: it
 * would mask the `Kid` output too, which rotate-secret reads. The signing secret never leaves SSM.
 */
import { request } from 'node:https'
import {
  DeleteParameterCommand,
  GetParameterCommand,
  ParameterAlreadyExists,
  ParameterNotFound,
  PutParameterCommand,
  SSMClient,
} from '@aws-sdk/client-ssm'
import {
  parseSecretVersions,
  rotateVersions,
  type SecretVersions,
  serializeSecretVersions,
} from '../../../functions/lib/secrets'

export interface SecretParameterProperties {
  readonly ParameterName: string
  readonly Description?: string
  /** "true": return the current value as the attribute `Value`. */
  readonly ExposeValue?: string
  /** Opaque; any change makes an Update that reads the parameter again. */
  readonly Rotation?: string
}

export interface CustomResourceEvent {
  readonly RequestType: 'Create' | 'Update' | 'Delete'
  readonly ResponseURL: string
  readonly StackId: string
  readonly RequestId: string
  readonly LogicalResourceId: string
  readonly PhysicalResourceId?: string
  readonly ResourceProperties: SecretParameterProperties & { readonly ServiceToken?: string }
  readonly OldResourceProperties?: SecretParameterProperties
}

export interface CustomResourceResponse {
  readonly Status: 'SUCCESS' | 'FAILED'
  readonly Reason?: string
  readonly PhysicalResourceId: string
  readonly StackId: string
  readonly RequestId: string
  readonly LogicalResourceId: string
  readonly Data?: Record<string, string>
}

/** The physical id of a create that failed: a Delete of it deletes nothing. */
export const failedCreateId = 'secret-parameter-not-created'

const ssm = new SSMClient({})

async function read(name: string): Promise<SecretVersions | undefined> {
  try {
    const reply = await ssm.send(new GetParameterCommand({ Name: name, WithDecryption: true }))
    return parseSecretVersions(reply.Parameter?.Value ?? '', name)
  } catch (error) {
    if (error instanceof ParameterNotFound) return undefined
    throw error
  }
}

async function create(properties: SecretParameterProperties): Promise<SecretVersions> {
  const name = properties.ParameterName
  const versions = rotateVersions()
  try {
    await ssm.send(
      new PutParameterCommand({
        Name: name,
        Description: properties.Description,
        Value: serializeSecretVersions(versions),
        Type: 'SecureString',
        Tier: 'Standard',
        Overwrite: false,
      }),
    )
    return versions
  } catch (error) {
    if (!(error instanceof ParameterAlreadyExists)) throw error
    // A retried create: keep what is there if it is ours (parseSecretVersions throws on anything else).
    const existing = await read(name)
    if (!existing) throw error
    return existing
  }
}

function dataOf(versions: SecretVersions, properties: SecretParameterProperties): Record<string, string> {
  return {
    Kid: versions.current.kid,
    ...(properties.ExposeValue === 'true' ? { Value: versions.current.value } : {}),
  }
}

/** What to answer CloudFormation (the work itself, without sending the answer). */
export async function handleEvent(event: CustomResourceEvent): Promise<CustomResourceResponse> {
  const properties = event.ResourceProperties
  const base = {
    StackId: event.StackId,
    RequestId: event.RequestId,
    LogicalResourceId: event.LogicalResourceId,
  }
  const name = properties.ParameterName
  try {
    if (!/^\/[A-Za-z0-9_.\-/]{1,1010}$/.test(name ?? '')) {
      throw new Error(`ParameterName must be a path such as /Stack/secret, not "${name}"`)
    }
    switch (event.RequestType) {
      case 'Create': {
        const versions = await create(properties)
        return { ...base, Status: 'SUCCESS', PhysicalResourceId: name, Data: dataOf(versions, properties) }
      }
      case 'Update': {
        // Same name: read it again (a parameter deleted by hand is created anew). New name: a create.
        const versions =
          (event.PhysicalResourceId === name ? await read(name) : undefined) ?? (await create(properties))
        return { ...base, Status: 'SUCCESS', PhysicalResourceId: name, Data: dataOf(versions, properties) }
      }
      case 'Delete': {
        const id = event.PhysicalResourceId ?? ''
        if (id.startsWith('/')) {
          try {
            await ssm.send(new DeleteParameterCommand({ Name: id }))
          } catch (error) {
            if (!(error instanceof ParameterNotFound)) throw error
          }
        }
        return { ...base, Status: 'SUCCESS', PhysicalResourceId: id || failedCreateId }
      }
    }
  } catch (error) {
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
    return {
      ...base,
      Status: 'FAILED',
      Reason: reason.slice(0, 500),
      PhysicalResourceId:
        event.RequestType === 'Create' ? failedCreateId : (event.PhysicalResourceId ?? failedCreateId),
    }
  }
}

/** PUTs the answer to the pre-signed URL CloudFormation gave (no content type: the URL is signed without). */
function send(url: string, response: CustomResourceResponse): Promise<void> {
  const body = JSON.stringify(response)
  return new Promise((resolve, reject) => {
    const put = request(
      url,
      { method: 'PUT', headers: { 'content-type': '', 'content-length': Buffer.byteLength(body) } },
      (reply) => {
        reply.resume()
        reply.on('end', () =>
          (reply.statusCode ?? 500) < 300
            ? resolve()
            : reject(new Error(`answer refused: ${reply.statusCode}`)),
        )
      },
    )
    put.on('error', reject)
    put.end(body)
  })
}

export async function handler(event: CustomResourceEvent): Promise<void> {
  const response = await handleEvent(event)
  console.log(
    JSON.stringify({
      level: response.Status === 'SUCCESS' ? 'info' : 'error',
      requestType: event.RequestType,
      parameter: event.ResourceProperties.ParameterName,
      status: response.Status,
      reason: response.Reason,
      kid: response.Data?.Kid,
    }),
  )
  await send(event.ResponseURL, response)
}
