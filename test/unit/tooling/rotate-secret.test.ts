import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import {
  CloudFormationClient,
  DescribeStacksCommand,
  type Parameter,
  UpdateStackCommand,
} from '@aws-sdk/client-cloudformation'
import { PutParameterCommand, SSMClient } from '@aws-sdk/client-ssm'
import { mockClient } from 'aws-sdk-client-mock'
import { decodeProtectedHeader } from 'jose'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { rememberSessionState, resetSessionCache } from '../../../functions/lib/auth/sessions'
import { issueToken, verifyAuthorization } from '../../../functions/lib/auth/tokens'
import { UnauthorizedError } from '../../../functions/lib/errors'
import { httpHandler, json } from '../../../functions/lib/http'
import {
  derivedKid,
  parseSecretVersions,
  resetSecrets,
  secretCacheMilliseconds,
  setSecretsClock,
} from '../../../functions/lib/secrets'
import { functionEnv, originSecretHeader } from '../../../functions/lib/store-definitions'
import {
  type CustomResourceEvent,
  handleEvent,
} from '../../../infra/constructs/secret-parameter-provider/handler'
import { localPreviousSigningSecretFile, localSigningSecretFile } from '../../../infra/local/secrets'
import { RotationError, rotateSecret } from '../../../infra/rotate-secret'
import { originSecretRotation, secretParameters } from '../../../infra/stack-secrets'
import { fakeParameterStore } from '../../support/aws-secrets'
import { apiEvent } from '../../support/events'
import { type FakeSsm, startFakeSsm } from '../../support/fake-aws'

const stackName = 'SuryodayaSite'
const signingName = `/${stackName}/signing-secret`
const originName = `/${stackName}/origin-secret`

/** The `npm run admin -- …` lines of the README's "Rotating secrets" paragraph, as argument lists. */
async function readmeRotationSteps(): Promise<string[][]> {
  const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8')
  const section = readme.slice(readme.indexOf('**Rotating secrets.**'), readme.indexOf('**Teardown:**'))
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? ''
  return block
    .split('\n')
    .map((line) => /^npm run admin -- (.+)$/.exec(line.trim())?.[1])
    .filter((args): args is string => args !== undefined)
    .map((args) => args.split(/\s+/))
}

/** The admin CLI's own argument parsing (infra/admin-cli.ts). */
function cliOptions(args: string[], dataDir: string) {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { stack: { type: 'string' }, region: { type: 'string' } },
  })
  expect(positionals[0]).toBe('rotate-secret')
  return { kind: positionals[1], stack: values.stack, region: values.region, dataDir }
}

let store: ReturnType<typeof fakeParameterStore>
// The functions read their secrets with one signed GetParameter (functions/lib/aws-request.ts), not the SDK
// client the CLI uses: a loopback SSM answers those reads from the same in-memory store.
let functionsSsm: FakeSsm
const cloudFormation = mockClient(CloudFormationClient)
let time: number

/**
 * A deployed stack, played by the test: its parameters and outputs, the header CloudFront sends, and the
 * custom resources run through the provider's real handler on create and on update.
 */
let deployed: {
  status: string
  parameters: Parameter[]
  originKid: string
  originHeader: string
}

const customResource = (
  RequestType: 'Create' | 'Update',
  ParameterName: string,
  ExposeValue: string,
  Rotation: string,
): CustomResourceEvent => ({
  RequestType,
  ResponseURL: 'https://example.invalid/',
  StackId: 'stack',
  RequestId: 'request',
  LogicalResourceId: 'Secret',
  ...(RequestType === 'Update' ? { PhysicalResourceId: ParameterName } : {}),
  ResourceProperties: { ParameterName, ExposeValue, Rotation },
})

async function deployStack(): Promise<void> {
  expect((await handleEvent(customResource('Create', signingName, 'false', 'initial'))).Status).toBe(
    'SUCCESS',
  )
  const origin = await handleEvent(customResource('Create', originName, 'true', 'initial'))
  deployed = {
    status: 'CREATE_COMPLETE',
    parameters: [
      { ParameterKey: originSecretRotation.parameter, ParameterValue: 'initial' },
      { ParameterKey: 'BootstrapVersion', ParameterValue: '/cdk-bootstrap/hnb659fds/version' },
    ],
    originKid: origin.Data!.Kid!,
    originHeader: origin.Data!.Value!,
  }
}

function describeStacks() {
  return {
    Stacks: [
      {
        StackName: stackName,
        CreationTime: new Date(0),
        StackStatus: deployed.status,
        Parameters: deployed.parameters,
        Outputs: [
          { OutputKey: secretParameters.signing.output, OutputValue: signingName },
          { OutputKey: secretParameters.origin.output, OutputValue: originName },
          { OutputKey: originSecretRotation.kidOutput, OutputValue: deployed.originKid },
        ],
      },
    ],
  }
}

/** CloudFormation's update with the previous template: a changed Rotation property updates the resource. */
async function updateStack(input: {
  UsePreviousTemplate?: boolean
  Parameters?: { ParameterKey?: string; ParameterValue?: string; UsePreviousValue?: boolean }[]
}) {
  expect(input.UsePreviousTemplate).toBe(true)
  const next = (input.Parameters ?? []).map((parameter) =>
    parameter.UsePreviousValue
      ? deployed.parameters.find((old) => old.ParameterKey === parameter.ParameterKey)!
      : parameter,
  )
  expect(next.map((parameter) => parameter.ParameterKey).sort()).toEqual(
    deployed.parameters.map((parameter) => parameter.ParameterKey).sort(),
  )
  const rotation = next.find((parameter) => parameter.ParameterKey === originSecretRotation.parameter)!
  const before = deployed.parameters.find(
    (parameter) => parameter.ParameterKey === originSecretRotation.parameter,
  )!
  if (rotation.ParameterValue === before.ParameterValue) throw new Error('No updates are to be performed.')
  const reply = await handleEvent(customResource('Update', originName, 'true', rotation.ParameterValue!))
  deployed = {
    status: 'UPDATE_COMPLETE',
    parameters: next as Parameter[],
    originKid: reply.Data!.Kid!,
    originHeader: reply.Data!.Value!,
  }
  return { StackId: 'stack' }
}

/** The command's clients: every SSM and CloudFormation client answers from the mocks. */
const ssmClients = () => ({
  ssm: new SSMClient({}),
  cloudFormation: new CloudFormationClient({}),
  now: () => new Date(time),
})

beforeEach(async () => {
  // The user exists at session version 0 with nothing signed out (verification would read that record).
  rememberSessionState(
    'asha',
    { sessionVersion: 0, revokedTokens: new Set(), role: 'owner' },
    Number.POSITIVE_INFINITY,
  )
  store = fakeParameterStore()
  functionsSsm = await startFakeSsm()
  functionsSsm.answer = ({ Name }) => {
    const parameter = store.parameters.get(Name)
    return parameter
      ? { value: parameter.value }
      : { error: 'ParameterNotFound', message: 'Parameter not found' }
  }
  vi.stubEnv('AWS_ENDPOINT_URL_SSM', functionsSsm.url)
  cloudFormation.on(DescribeStacksCommand).callsFake(async () => describeStacks())
  cloudFormation.on(UpdateStackCommand).callsFake(updateStack)
  time = Date.parse('2026-11-23T10:00:00Z')
  setSecretsClock(() => time)
  resetSecrets()
  vi.stubEnv(functionEnv.signingSecret, '')
  vi.stubEnv(functionEnv.signingSecretParameter, signingName)
  vi.stubEnv(functionEnv.originSecretParameter, originName)
  await deployStack()
})
afterEach(async () => {
  await functionsSsm.close()
  resetSessionCache()
  store.mock.reset()
  cloudFormation.reset()
  vi.unstubAllEnvs()
  setSecretsClock()
  resetSecrets()
})

describe('the README rotation steps, against a mocked SSM and CloudFormation', () => {
  const api = httpHandler('create-contact', async () => json(200, { ok: true }))
  const throughCloudFront = async (header: string) =>
    (
      await api(
        apiEvent('create-contact', { body: {}, headers: { [originSecretHeader]: header } }),
        {} as never,
      )
    ).statusCode
  const signedIn = async (token: string) =>
    verifyAuthorization(`Bearer ${token}`).then(
      () => true,
      (error) => {
        if (error instanceof UnauthorizedError) return false
        throw error
      },
    )

  it('rotates each secret without signing anyone out or dropping a request, and drops the version before', async () => {
    const steps = await readmeRotationSteps()
    expect(steps.map((args) => args[1])).toEqual(['signing', 'origin'])
    const [signingStep, originStep] = steps.map((args) => cliOptions(args, '/nonexistent')) as [
      ReturnType<typeof cliOptions>,
      ReturnType<typeof cliOptions>,
    ]
    const run = (options: ReturnType<typeof cliOptions>) => rotateSecret(options, ssmClients())

    // Before: a signed-in admin, and CloudFront sending the first origin value.
    const before = await issueToken('asha', 0)
    const firstHeader = deployed.originHeader
    expect(await throughCloudFront(firstHeader)).toBe(200)

    // Step 1: the signing key.
    const signingOutput = await run(signingStep)
    expect(signingOutput.join('\n')).toMatch(/current kid \S+, previous kid \S+ \(still accepted\)/)
    expect(signingOutput.join('\n')).toMatch(/Next: nothing to deploy/)
    expect(cloudFormation.commandCalls(UpdateStackCommand)).toHaveLength(0)
    time += secretCacheMilliseconds
    const after = await issueToken('asha', 0)
    const signing = parseSecretVersions(store.parameters.get(signingName)!.value, signingName)
    expect(decodeProtectedHeader(after.token).kid).toBe(signing.current.kid)
    expect(decodeProtectedHeader(before.token).kid).toBe(signing.previous?.kid)
    expect(await signedIn(before.token)).toBe(true)
    expect(await signedIn(after.token)).toBe(true)

    // Step 2: the origin secret, written to SSM and deployed to CloudFront by a stack update.
    const originOutput = await run(originStep)
    expect(originOutput.join('\n')).toMatch(/CloudFront now sends the origin secret with kid/)
    const update = cloudFormation.commandCalls(UpdateStackCommand)[0]!.args[0].input
    expect(update).toMatchObject({
      StackName: stackName,
      UsePreviousTemplate: true,
      Capabilities: expect.arrayContaining(['CAPABILITY_IAM']),
    })
    const origin = parseSecretVersions(store.parameters.get(originName)!.value, originName)
    expect(deployed.originHeader).toBe(origin.current.value)
    expect(deployed.originHeader).not.toBe(firstHeader)
    // Warm functions still hold the old values: CloudFront's new header makes them read again.
    expect(await throughCloudFront(deployed.originHeader)).toBe(200)
    expect(await throughCloudFront(firstHeader)).toBe(200) // the previous value, during the changeover
    expect(await throughCloudFront('a-guess')).toBe(403)

    // The same steps again: the versions from before the previous ones are no longer accepted.
    const secondHeader = deployed.originHeader
    await run(originStep)
    await run(signingStep)
    await run(signingStep)
    time += secretCacheMilliseconds
    expect(await throughCloudFront(deployed.originHeader)).toBe(200)
    expect(await throughCloudFront(secondHeader)).toBe(200)
    expect(await throughCloudFront(firstHeader)).toBe(403)
    expect(await signedIn(before.token)).toBe(false)
    expect(await signedIn((await issueToken('asha', 0)).token)).toBe(true)
  })
})

describe('rotate-secret refuses bad input and unsafe states, writing nothing', () => {
  const refused = async (options: Parameters<typeof rotateSecret>[0], message: RegExp) => {
    const failure = await rotateSecret(options, ssmClients()).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(RotationError)
    expect((failure as Error).message).toMatch(message)
    expect(store.writes()).toHaveLength(2) // the two creates of deployStack only
    expect(cloudFormation.commandCalls(UpdateStackCommand)).toHaveLength(0)
  }

  it('refuses an unknown or missing kind, and origin without --stack', async () => {
    await refused({ kind: 'database', stack: stackName, dataDir: '/x' }, /signing or origin, not "database"/)
    await refused({ kind: undefined, stack: stackName, dataDir: '/x' }, /needs the secret to rotate/)
    await refused({ kind: 'origin', dataDir: '/x' }, /origin needs --stack/)
  })

  it('refuses a stack that is busy or lacks the parameters', async () => {
    deployed.status = 'UPDATE_IN_PROGRESS'
    await refused({ kind: 'signing', stack: stackName, dataDir: '/x' }, /is UPDATE_IN_PROGRESS: wait/)
    deployed.status = 'UPDATE_COMPLETE'
    deployed.parameters = deployed.parameters.filter((p) => p.ParameterKey !== originSecretRotation.parameter)
    await refused({ kind: 'origin', stack: stackName, dataDir: '/x' }, /no OriginHeaderRotation parameter/)
    cloudFormation.on(DescribeStacksCommand).rejects(new Error('Stack with id Nope does not exist'))
    await refused(
      { kind: 'signing', stack: 'Nope', dataDir: '/x' },
      /Could not read stack Nope: Stack with id/,
    )
  })

  it('refuses to rotate the origin secret while CloudFront sends an unknown value', async () => {
    deployed.originKid = 'someone-elses-kid'
    await refused(
      { kind: 'origin', stack: stackName, dataDir: '/x' },
      /neither the current .* nor the previous/,
    )
  })

  it('resumes an unfinished origin deploy step instead of rotating again (no new value)', async () => {
    const originStep = { kind: 'origin', stack: stackName, dataDir: '/x' }
    cloudFormation.on(UpdateStackCommand).rejects(new Error('Rate exceeded'))
    const failure = await rotateSecret(originStep, ssmClients()).catch((error: Error) => error)
    expect((failure as Error).message).toMatch(
      /stack update failed: Rate exceeded\nNext: run this command again/,
    )
    const written = parseSecretVersions(store.parameters.get(originName)!.value, originName)
    expect(written.previous?.kid).toBe(deployed.originKid) // CloudFront still sends the now previous value

    cloudFormation.on(UpdateStackCommand).callsFake(updateStack)
    const output = await rotateSecret(originStep, ssmClients())
    expect(output[0]).toMatch(/did not finish\. Running it now; no new value written/)
    expect(deployed.originKid).toBe(written.current.kid)
    expect(parseSecretVersions(store.parameters.get(originName)!.value, originName)).toEqual(written)
    expect(store.mock.commandCalls(PutParameterCommand)).toHaveLength(3) // 2 creates + the one rotation
  })
})

describe('rotate-secret signing without --stack (the stand-in)', () => {
  let dataDir: string
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'rotate-local-'))
  })
  afterEach(async () => rm(dataDir, { recursive: true, force: true }))

  it('refuses a data folder without a signing secret, writing nothing', async () => {
    const failure = await rotateSecret({ kind: 'signing', dataDir }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(RotationError)
    expect((failure as Error).message).toMatch(/No signing secret in .* start the stand-in once/)
    await expect(readFile(join(dataDir, localSigningSecretFile))).rejects.toThrow(/ENOENT/)
  })

  it('moves the current secret to previous and writes a new one', async () => {
    const first = 'first-local-signing-secret-0123456789-abcdef'
    await writeFile(join(dataDir, localSigningSecretFile), `${first}\n`)
    const output = await rotateSecret({ kind: 'signing', dataDir })
    const current = (await readFile(join(dataDir, localSigningSecretFile), 'utf8')).trim()
    expect((await readFile(join(dataDir, localPreviousSigningSecretFile), 'utf8')).trim()).toBe(first)
    expect(current).toMatch(/^[A-Za-z0-9_-]{64}$/)
    expect(output.join('\n')).toContain(
      `current kid ${derivedKid(current)}, previous kid ${derivedKid(first)}`,
    )
    expect(output.join('\n')).toMatch(/Next: restart npm start/)
  })
})
