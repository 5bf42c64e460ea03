import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { smsCodeTemplate, smsCodeText } from '@core/privacy-choices'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { type AwsCall, awsRequest } from '../../../../functions/lib/aws-request'
import {
  phoneCodeChannel,
  phoneCodeSenderEnvironment,
  sendPhoneCode,
  smsPublishParameters,
  WhatsappError,
  whatsappCodeMessage,
} from '../../../../functions/lib/privacy/phone-codes'
import { resetSecrets } from '../../../../functions/lib/secrets'
import { functionEnv, phoneCodeEnvironment } from '../../../../functions/lib/store-definitions'
import { loggedFields } from '../../../support/logs'

vi.mock('../../../../functions/lib/aws-request', async (original) => ({
  ...(await original<typeof import('../../../../functions/lib/aws-request')>()),
  awsRequest: vi.fn(),
}))

const calls: AwsCall[] = []
const smsSettings = {
  [functionEnv.smsSender]: 'sns',
  [functionEnv.smsDltEntityId]: '1201160000000000001',
  [functionEnv.smsDltTemplateId]: '1207160000000000002',
  [functionEnv.smsSenderId]: 'SURYOD',
}
const whatsappSettings = {
  [functionEnv.whatsappPhoneNumberId]: '106540352242922',
  [functionEnv.whatsappTemplate]: 'privacy_code',
  [functionEnv.whatsappTemplateLanguage]: 'en_US',
  [functionEnv.whatsappToken]: 'test-whatsapp-token',
}
const stubSettings = (settings: Record<string, string>) => {
  for (const [name, value] of Object.entries(settings)) vi.stubEnv(name, value)
}
const options = { requestId: 'req-1', now: new Date('2026-11-23T09:30:00Z') }

beforeEach(() => {
  calls.length = 0
  for (const name of [...phoneCodeEnvironment, functionEnv.smsOutbox, functionEnv.whatsappToken])
    vi.stubEnv(name, '')
  vi.stubEnv('AWS_REGION', 'ap-south-1')
  vi.mocked(awsRequest).mockImplementation(async (call) => {
    calls.push(call)
    return {
      statusCode: 200,
      headers: {},
      body: '<PublishResponse><MessageId>m1</MessageId></PublishResponse>',
    }
  })
})
afterEach(() => {
  vi.unstubAllEnvs()
  vi.unstubAllGlobals()
  vi.mocked(awsRequest).mockReset()
  vi.restoreAllMocks()
  resetSecrets()
})

describe("the code's SMS text", () => {
  it('is the registered DLT template with the code and the minutes in its two variables, in order', () => {
    expect(smsCodeTemplate.match(/\{#var#\}/g)).toHaveLength(2)
    expect(smsCodeText('042917', 10)).toBe(
      '042917 is your Suryodaya code to see or withdraw your privacy choices. It works once, for 10 minutes. If you did not ask for it, ignore this SMS.',
    )
    // What differs from the template is exactly its variables: the operators match the rest character by character.
    const [before, between, after] = smsCodeTemplate.split('{#var#}')
    expect(smsCodeText('123456', 7)).toBe(`${before}123456${between}7${after}`)
  })

  it('is quoted in the README as the text to register', async () => {
    const readme = await readFile(new URL('../../../../README.md', import.meta.url), 'utf8')
    expect(readme).toContain(smsCodeTemplate)
  })
})

describe('the channel of codes to mobile numbers', () => {
  it('is none by default, SMS with the SNS sender or the outbox, WhatsApp with its phone number id', () => {
    expect(phoneCodeChannel()).toBeUndefined()
    vi.stubEnv(functionEnv.smsSender, 'sns')
    expect(phoneCodeChannel()).toBe('sms')
    vi.stubEnv(functionEnv.smsSender, '')
    vi.stubEnv(functionEnv.smsOutbox, '/tmp/sms-outbox.jsonl')
    expect(phoneCodeChannel()).toBe('sms')
    vi.stubEnv(functionEnv.smsOutbox, '')
    vi.stubEnv(functionEnv.whatsappPhoneNumberId, '106540352242922')
    expect(phoneCodeChannel()).toBe('whatsapp')
  })

  it("the stack's settings become exactly the variables the functions read back", () => {
    const sms = phoneCodeSenderEnvironment({
      channel: 'sms',
      dltEntityId: '1201160000000000001',
      dltTemplateId: '1207160000000000002',
      senderId: 'SURYOD',
    })
    expect(sms).toEqual(smsSettings)
    const whatsapp = phoneCodeSenderEnvironment({
      channel: 'whatsapp',
      phoneNumberId: '106540352242922',
      template: 'privacy_code',
      language: 'en_US',
      tokenParameter: '/SuryodayaSite/whatsapp-token',
    })
    expect(Object.keys({ ...sms, ...whatsapp }).sort()).toEqual([...phoneCodeEnvironment].sort())
    stubSettings(whatsapp)
    expect(phoneCodeChannel()).toBe('whatsapp')
  })
})

describe('SMS through SNS, one signed request', () => {
  it('publishes to the number in E.164, transactional, with the DLT entity, template and header', async () => {
    stubSettings(smsSettings)
    expect(await sendPhoneCode('098765 43210', '042917', 10, options)).toBe('sent')
    expect(calls).toHaveLength(1)
    const call = calls[0]!
    expect(call).toMatchObject({
      service: 'sns',
      endpointEnv: 'SNS',
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    // No global endpoint: SNS of the function's own region (ap-south-1, where the DLT ids are registered).
    expect(call.globalEndpoint).toBeUndefined()
    expect(Object.fromEntries(new URLSearchParams(String(call.body)))).toEqual({
      Action: 'Publish',
      Version: '2010-03-31',
      PhoneNumber: '+919876543210',
      Message: smsCodeText('042917', 10),
      'MessageAttributes.entry.1.Name': 'AWS.SNS.SMS.SMSType',
      'MessageAttributes.entry.1.Value.DataType': 'String',
      'MessageAttributes.entry.1.Value.StringValue': 'Transactional',
      'MessageAttributes.entry.2.Name': 'AWS.SNS.SMS.SenderID',
      'MessageAttributes.entry.2.Value.DataType': 'String',
      'MessageAttributes.entry.2.Value.StringValue': 'SURYOD',
      'MessageAttributes.entry.3.Name': 'AWS.MM.SMS.EntityId',
      'MessageAttributes.entry.3.Value.DataType': 'String',
      'MessageAttributes.entry.3.Value.StringValue': '1201160000000000001',
      'MessageAttributes.entry.4.Name': 'AWS.MM.SMS.TemplateId',
      'MessageAttributes.entry.4.Value.DataType': 'String',
      'MessageAttributes.entry.4.Value.StringValue': '1207160000000000002',
    })
    // It never names a topic: the permission publishes to phone numbers only.
    expect(call.body).not.toContain('TopicArn')
  })

  it('refuses to send without a DLT setting, which India would drop', () => {
    stubSettings({ ...smsSettings, [functionEnv.smsDltTemplateId]: '' })
    expect(() => smsPublishParameters('+919876543210', '042917', 10)).toThrow(
      `${functionEnv.smsDltTemplateId} is not set`,
    )
  })

  it("logs a failed publish without the number or the code, and throws SNS's error for the route's 500", async () => {
    stubSettings(smsSettings)
    const refused = Object.assign(new Error('Invalid parameter: PhoneNumber'), {
      name: 'InvalidParameterException',
    })
    vi.mocked(awsRequest).mockRejectedValue(refused)
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await expect(sendPhoneCode('+91 98765 43210', '042917', 10, options)).rejects.toBe(refused)
    const line = String(log.mock.calls[0]?.[0])
    expect(loggedFields(line)).toMatchObject({
      message: 'code not sent to a mobile number',
      requestId: 'req-1',
      channel: 'sms',
    })
    expect(line).not.toMatch(/98765|9876543210|042917/)
  })
})

describe('WhatsApp through the Cloud API', () => {
  const replies: Array<{ url: string; init: RequestInit }> = []
  const stubFetch = (status: number, body: unknown) => {
    replies.length = 0
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        replies.push({ url, init })
        return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
      }),
    )
  }

  it("sends the approved authentication template with the code in its body and copy button, with the owners' token", async () => {
    stubSettings(whatsappSettings)
    stubFetch(200, { messages: [{ id: 'wamid.1' }] })
    expect(await sendPhoneCode('98765-43210', '042917', 10, options)).toBe('sent')
    expect(replies).toHaveLength(1)
    const [{ url, init }] = replies as [{ url: string; init: RequestInit }]
    expect(url).toBe('https://graph.facebook.com/v20.0/106540352242922/messages')
    expect(init.method).toBe('POST')
    expect(init.headers).toEqual({
      authorization: 'Bearer test-whatsapp-token',
      'content-type': 'application/json',
    })
    expect(JSON.parse(String(init.body))).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '+919876543210',
      type: 'template',
      template: {
        name: 'privacy_code',
        language: { code: 'en_US' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: '042917' }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: '042917' }] },
        ],
      },
    })
    expect(calls).toEqual([])
  })

  it('takes the language en where none is set', () => {
    expect(whatsappCodeMessage('+919876543210', '1', 't', 'en')).toMatchObject({
      template: { language: { code: 'en' } },
    })
  })

  it("throws the API's refusal by its status and code, and logs it without the number or the token", async () => {
    stubSettings(whatsappSettings)
    stubFetch(400, { error: { message: 'Template name does not exist', code: 132001, fbtrace_id: 'A1' } })
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const sent = sendPhoneCode('+91 98765 43210', '042917', 10, options)
    await expect(sent).rejects.toBeInstanceOf(WhatsappError)
    await expect(sent).rejects.toMatchObject({ status: 400, code: '132001' })
    const line = String(log.mock.calls[0]?.[0])
    expect(loggedFields(line)).toMatchObject({
      message: 'code not sent to a mobile number',
      channel: 'whatsapp',
    })
    expect(line).not.toMatch(/98765|042917|test-whatsapp-token/)
  })

  it('throws when the API cannot be reached', async () => {
    stubSettings(whatsappSettings)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed')
      }),
    )
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    await expect(sendPhoneCode('+91 98765 43210', '042917', 10, options)).rejects.toMatchObject({
      status: 0,
      code: 'TypeError',
    })
  })

  it("reads the token from its SSM parameter in the cloud, with the function's own signed request", async () => {
    stubSettings({
      ...whatsappSettings,
      [functionEnv.whatsappToken]: '',
      [functionEnv.whatsappTokenParameter]: '/SuryodayaSite/whatsapp-token',
    })
    vi.mocked(awsRequest).mockImplementation(async (call) => {
      calls.push(call)
      return {
        statusCode: 200,
        headers: {},
        body: JSON.stringify({ Parameter: { Value: ' token-from-ssm\n' } }),
      }
    })
    stubFetch(200, {})
    await sendPhoneCode('+91 98765 43210', '042917', 10, options)
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({ service: 'ssm', headers: { 'x-amz-target': 'AmazonSSM.GetParameter' } })
    expect(JSON.parse(String(calls[0]!.body))).toEqual({
      Name: '/SuryodayaSite/whatsapp-token',
      WithDecryption: true,
    })
    expect((replies[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer token-from-ssm')
  })
})

describe("the stand-in's SMS outbox", () => {
  let folder: string
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'sms-outbox-'))
  })
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true })
  })

  it('keeps the SMS it would send, one JSON line each, and calls nothing', async () => {
    const outbox = join(folder, 'sms-outbox.jsonl')
    vi.stubEnv(functionEnv.smsOutbox, outbox)
    // Even with a real sender set, the outbox wins: the stand-in never sends.
    stubSettings(smsSettings)
    vi.stubGlobal('fetch', vi.fn())
    expect(await sendPhoneCode('098765 43210', '042917', 10, options)).toBe('kept')
    expect(await sendPhoneCode('+91 98100 99999', '555555', 10, options)).toBe('kept')
    const lines = (await readFile(outbox, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines).toEqual([
      {
        channel: 'sms',
        to: '+919876543210',
        text: smsCodeText('042917', 10),
        at: '2026-11-23T09:30:00.000Z',
      },
      {
        channel: 'sms',
        to: '+919810099999',
        text: smsCodeText('555555', 10),
        at: '2026-11-23T09:30:00.000Z',
      },
    ])
    expect(calls).toEqual([])
    expect(fetch).not.toHaveBeenCalled()
  })
})
