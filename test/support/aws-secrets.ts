import {
  DeleteParameterCommand,
  GetParameterCommand,
  ParameterAlreadyExists,
  ParameterNotFound,
  PutParameterCommand,
  SSMClient,
} from '@aws-sdk/client-ssm'
import { mockClient } from 'aws-sdk-client-mock'

/**
 * An in-memory SSM Parameter Store behind aws-sdk-client-mock: GetParameter, PutParameter (with Overwrite
 * and versions) and DeleteParameter behave as the service does for what the secrets code uses, including its
 * ParameterNotFound / ParameterAlreadyExists errors. Every SSMClient of the process answers from it.
 */
export function fakeParameterStore() {
  const mock = mockClient(SSMClient)
  const parameters = new Map<string, { value: string; version: number; type: string; keyId?: string }>()
  const notFound = () => new ParameterNotFound({ message: 'Parameter not found', $metadata: {} })
  mock.on(GetParameterCommand).callsFake(async (input: { Name: string }) => {
    const parameter = parameters.get(input.Name)
    if (!parameter) throw notFound()
    return { Parameter: { Name: input.Name, Value: parameter.value, Version: parameter.version } }
  })
  mock
    .on(PutParameterCommand)
    .callsFake(
      async (input: { Name: string; Value: string; Overwrite?: boolean; Type?: string; KeyId?: string }) => {
        const existing = parameters.get(input.Name)
        if (existing && !input.Overwrite) {
          throw new ParameterAlreadyExists({ message: 'The parameter already exists.', $metadata: {} })
        }
        const version = (existing?.version ?? 0) + 1
        parameters.set(input.Name, {
          value: input.Value,
          version,
          type: input.Type ?? existing?.type ?? 'String',
          ...(input.KeyId ? { keyId: input.KeyId } : {}),
        })
        return { Version: version, Tier: 'Standard' }
      },
    )
  mock.on(DeleteParameterCommand).callsFake(async (input: { Name: string }) => {
    if (!parameters.delete(input.Name)) throw notFound()
    return {}
  })
  return {
    mock,
    parameters,
    /** The calls that wrote (Put or Delete). */
    writes: () => [...mock.commandCalls(PutParameterCommand), ...mock.commandCalls(DeleteParameterCommand)],
  }
}
