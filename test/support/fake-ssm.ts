import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A loopback stand-in for SSM's GetParameter over HTTP, for the signed request of functions/lib/secrets.ts
 * (which sends it through functions/lib/aws-request.ts, not an SDK client that aws-sdk-client-mock could
 * replace). Every request (each attempt, retries included) is recorded; `answer` decides the reply: a value,
 * a service error (throttling, not found, a 5xx), a body that is no JSON, or no answer at all.
 */
export type SsmAnswer =
  | { readonly value: string }
  | { readonly error: string; readonly status?: number; readonly message?: string }
  | { readonly status: number; readonly body: string }
  | 'hang'

export interface SsmRequest {
  readonly input: { Name: string; WithDecryption?: boolean }
  readonly headers: IncomingHttpHeaders
}

export interface FakeSsm {
  /** The endpoint, for AWS_ENDPOINT_URL_SSM. */
  readonly url: string
  /** The GetParameter requests received, oldest first. */
  readonly requests: SsmRequest[]
  /** What to answer a request (replace it per test). */
  answer: (input: { Name: string }) => SsmAnswer
  close(): Promise<void>
}

export async function startFakeSsm(): Promise<FakeSsm> {
  const fake: Omit<FakeSsm, 'url' | 'close'> = {
    requests: [],
    answer: () => ({ error: 'ParameterNotFound', message: 'Parameter not found' }),
  }
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const target = request.headers['x-amz-target']
      if (request.method !== 'POST' || target !== 'AmazonSSM.GetParameter') {
        response.writeHead(400, { 'content-type': 'application/x-amz-json-1.1' })
        response.end(JSON.stringify({ __type: 'UnknownOperationException' }))
        return
      }
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as SsmRequest['input']
      fake.requests.push({ input, headers: request.headers })
      const answer = fake.answer(input)
      if (answer === 'hang') return
      const json = { 'content-type': 'application/x-amz-json-1.1', 'x-amzn-requestid': 'fake-request' }
      if ('value' in answer) {
        response.writeHead(200, json)
        response.end(
          JSON.stringify({
            Parameter: { Name: input.Name, Type: 'SecureString', Value: answer.value, Version: 1 },
          }),
        )
      } else if ('error' in answer) {
        response.writeHead(answer.status ?? 400, json)
        response.end(
          JSON.stringify({
            __type: `com.amazonaws.ssm#${answer.error}`,
            message: answer.message ?? answer.error,
          }),
        )
      } else {
        response.writeHead(answer.status, json)
        response.end(answer.body)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }) as FakeSsm
}
