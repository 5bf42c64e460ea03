import { PutParameterCommand } from '@aws-sdk/client-ssm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseSecretVersions, serializeSecretVersions } from '../../../functions/lib/secrets'
import {
  type CustomResourceEvent,
  failedCreateId,
  handleEvent,
  type SecretParameterProperties,
} from '../../../infra/constructs/secret-parameter-provider/handler'
import { fakeParameterStore } from '../../support/aws-secrets'

let store: ReturnType<typeof fakeParameterStore>
beforeEach(() => {
  store = fakeParameterStore()
})
afterEach(() => store.mock.reset())

const event = (
  RequestType: CustomResourceEvent['RequestType'],
  properties: Partial<SecretParameterProperties> = {},
  PhysicalResourceId?: string,
): CustomResourceEvent => ({
  RequestType,
  ResponseURL: 'https://cloudformation-custom-resource-response.example/',
  StackId: 'arn:aws:cloudformation:ap-south-1:123456789012:stack/TestSite/1',
  RequestId: 'request-1',
  LogicalResourceId: 'Secret',
  ...(PhysicalResourceId ? { PhysicalResourceId } : {}),
  ResourceProperties: { ParameterName: '/TestSite/signing-secret', ExposeValue: 'false', ...properties },
})
const stored = (name: string) => parseSecretVersions(store.parameters.get(name)!.value, name)

describe('Custom::SecretParameter', () => {
  it('creates a SecureString with the AWS-managed key and a random first version, returning only its kid', async () => {
    const reply = await handleEvent(event('Create'))
    expect(reply).toMatchObject({
      Status: 'SUCCESS',
      PhysicalResourceId: '/TestSite/signing-secret',
    })
    const versions = stored('/TestSite/signing-secret')
    expect(versions.current.value).toMatch(/^[A-Za-z0-9_-]{64}$/)
    expect(versions.previous).toBeUndefined()
    expect(reply.Data).toEqual({ Kid: versions.current.kid })
    expect(JSON.stringify(reply)).not.toContain(versions.current.value)
    const put = store.mock.commandCalls(PutParameterCommand)[0]!.args[0].input
    expect(put).toMatchObject({ Type: 'SecureString', Tier: 'Standard', Overwrite: false })
    expect(put).not.toHaveProperty('KeyId')
  })

  it('returns the value of a parameter created with ExposeValue (the origin secret)', async () => {
    const reply = await handleEvent(
      event('Create', { ParameterName: '/TestSite/origin-secret', ExposeValue: 'true' }),
    )
    const versions = stored('/TestSite/origin-secret')
    expect(reply.Data).toEqual({ Kid: versions.current.kid, Value: versions.current.value })
  })

  it('keeps what a retried create finds, and refuses to take over a parameter that is not a version set', async () => {
    await handleEvent(event('Create'))
    const first = stored('/TestSite/signing-secret')
    expect((await handleEvent(event('Create'))).Data).toEqual({ Kid: first.current.kid })
    expect(stored('/TestSite/signing-secret')).toEqual(first)

    store.parameters.set('/Someone/else', { value: 'their value', version: 1, type: 'SecureString' })
    const taken = await handleEvent(event('Create', { ParameterName: '/Someone/else' }))
    expect(taken).toMatchObject({ Status: 'FAILED', PhysicalResourceId: failedCreateId })
    // The rollback's Delete of the failed create deletes nothing.
    expect(await handleEvent(event('Delete', {}, failedCreateId))).toMatchObject({ Status: 'SUCCESS' })
    expect(store.parameters.get('/Someone/else')?.value).toBe('their value')
  })

  it('reads the current version again on an update (a rotation reaching CloudFront)', async () => {
    const properties = { ParameterName: '/TestSite/origin-secret', ExposeValue: 'true' }
    await handleEvent(event('Create', properties))
    const rotated = {
      current: { kid: 'new-kid', value: 'new-value-0123456789' },
      previous: stored('/TestSite/origin-secret').current,
    }
    store.parameters.set('/TestSite/origin-secret', {
      value: serializeSecretVersions(rotated),
      version: 2,
      type: 'SecureString',
    })
    const reply = await handleEvent(
      event('Update', { ...properties, Rotation: 'new-kid@now' }, '/TestSite/origin-secret'),
    )
    expect(reply).toMatchObject({
      Status: 'SUCCESS',
      Data: { Kid: 'new-kid', Value: 'new-value-0123456789' },
    })
    expect(store.mock.commandCalls(PutParameterCommand)).toHaveLength(1)
  })

  it('creates the parameter again when it was deleted by hand', async () => {
    const reply = await handleEvent(event('Update', {}, '/TestSite/signing-secret'))
    expect(reply.Status).toBe('SUCCESS')
    expect(reply.Data?.Kid).toBe(stored('/TestSite/signing-secret').current.kid)
  })

  it('deletes the parameter with the stack, and a missing one is no failure', async () => {
    await handleEvent(event('Create'))
    expect(await handleEvent(event('Delete', {}, '/TestSite/signing-secret'))).toMatchObject({
      Status: 'SUCCESS',
    })
    expect(store.parameters.has('/TestSite/signing-secret')).toBe(false)
    expect(await handleEvent(event('Delete', {}, '/TestSite/signing-secret'))).toMatchObject({
      Status: 'SUCCESS',
    })
  })

  it('refuses a name that is not a path', async () => {
    const reply = await handleEvent(event('Create', { ParameterName: 'no slash' }))
    expect(reply).toMatchObject({ Status: 'FAILED', PhysicalResourceId: failedCreateId })
    expect(store.writes()).toHaveLength(0)
  })
})
