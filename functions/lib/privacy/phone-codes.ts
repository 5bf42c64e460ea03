import { appendFile } from 'node:fs/promises'
import { indianMobileE164 } from '@core/phone'
import { type PhoneCodeChannel, smsCodeText } from '@core/privacy-choices'
import { awsClientConfig } from '../aws-config'
import { functionEnv } from '../config'
import { errorSummary, logger } from '../logging'
import { messageAttributeParameters, snsAction } from '../notify'
import { whatsappToken } from '../secrets'

/**
 * One-time codes to mobile numbers, off by default: both ways need a paid or registered sender in India. With
 * `smsSender` set (SMS_SENDER=sns) a code goes by SMS through Amazon SNS, as the template registered on the
 * DLT platform (privacy-choices.ts smsCodeTemplate) with its entity, template and header ids; with a WhatsApp
 * phone number id set, by the WhatsApp Cloud API as an approved authentication template. Neither set: no
 * code, and the choices page's staff call the number back (functions/privacy/ask-code.ts). The local stand-in
 * started with STAND_IN_SMS=outbox keeps each SMS in its outbox instead (SMS_OUTBOX_FILE, one JSON line each).
 */

/**
 * A deployment's sender of codes to mobile numbers (infra/config.ts reads it from the stack's settings): SMS
 * through SNS with India's DLT ids, or WhatsApp with an approved template and the parameter of its token.
 */
export type PhoneCodeSender =
  | {
      readonly channel: 'sms'
      readonly dltEntityId: string
      readonly dltTemplateId: string
      readonly senderId: string
    }
  | {
      readonly channel: 'whatsapp'
      readonly phoneNumberId: string
      readonly template: string
      readonly language: string
      readonly tokenParameter: string
    }

/** The environment the stack gives a function with `phoneCodes` for `sender` (phoneCodeEnvironment's names). */
export function phoneCodeSenderEnvironment(sender: PhoneCodeSender): Record<string, string> {
  return sender.channel === 'sms'
    ? {
        [functionEnv.smsSender]: 'sns',
        [functionEnv.smsDltEntityId]: sender.dltEntityId,
        [functionEnv.smsDltTemplateId]: sender.dltTemplateId,
        [functionEnv.smsSenderId]: sender.senderId,
      }
    : {
        [functionEnv.whatsappPhoneNumberId]: sender.phoneNumberId,
        [functionEnv.whatsappTemplate]: sender.template,
        [functionEnv.whatsappTemplateLanguage]: sender.language,
        [functionEnv.whatsappTokenParameter]: sender.tokenParameter,
      }
}

/** A code's SMS as the stand-in's outbox keeps it, one per line. */
export interface KeptSms {
  readonly channel: 'sms'
  /** The number in E.164 (`+919876543210`). */
  readonly to: string
  readonly text: string
  readonly at: string
}

/** How a code reaches a mobile number here, or undefined where no sender is set (the default). */
export function phoneCodeChannel(): PhoneCodeChannel | undefined {
  if (process.env[functionEnv.smsOutbox] || process.env[functionEnv.smsSender] === 'sns') return 'sms'
  if (process.env[functionEnv.whatsappPhoneNumberId]) return 'whatsapp'
  return undefined
}

/** How sending went: sent by SNS or WhatsApp, or kept in the stand-in's outbox. */
export type PhoneCodeResult = 'sent' | 'kept'

/**
 * Sends `code` to the mobile number `phone` (as the forms store it) on the channel of phoneCodeChannel, which
 * the caller has checked is set. A failed send is logged, without the number, and thrown: the route answers
 * 500 and the person may ask again, as when an e-mailed code cannot be sent (visitor-mail.ts).
 */
export async function sendPhoneCode(
  phone: string,
  code: string,
  minutes: number,
  options: { readonly requestId: string; readonly now?: Date },
): Promise<PhoneCodeResult> {
  const to = indianMobileE164(phone)
  if (to === undefined) throw new Error('Not an Indian mobile number')
  const channel = phoneCodeChannel()
  const outbox = process.env[functionEnv.smsOutbox]
  if (outbox) {
    const kept: KeptSms = {
      channel: 'sms',
      to,
      text: smsCodeText(code, minutes),
      at: (options.now ?? new Date()).toISOString(),
    }
    await appendFile(outbox, `${JSON.stringify(kept)}\n`)
    return 'kept'
  }
  try {
    if (channel === 'sms') await snsAction('Publish', smsPublishParameters(to, code, minutes))
    else if (channel === 'whatsapp') await sendWhatsappCode(to, code)
    else throw new Error('No sender of codes to mobile numbers is set')
    return 'sent'
  } catch (error) {
    logger.error('code not sent to a mobile number', {
      requestId: options.requestId,
      channel,
      error: errorSummary(error),
    })
    throw error
  }
}

/**
 * SNS Publish of a code's SMS straight to the number (no topic): transactional (delivered to numbers on
 * India's do-not-disturb list, sent at any hour), from the registered header, under the DLT entity and the
 * template its text was registered as. India's operators drop an SMS whose ids or text do not match.
 */
export function smsPublishParameters(to: string, code: string, minutes: number): Record<string, string> {
  const setting = (name: string) => {
    const value = process.env[name]
    if (!value) throw new Error(`${name} is not set: SMS to India needs it`)
    return value
  }
  return {
    PhoneNumber: to,
    Message: smsCodeText(code, minutes),
    ...messageAttributeParameters([
      ['AWS.SNS.SMS.SMSType', 'Transactional'],
      ['AWS.SNS.SMS.SenderID', setting(functionEnv.smsSenderId)],
      ['AWS.MM.SMS.EntityId', setting(functionEnv.smsDltEntityId)],
      ['AWS.MM.SMS.TemplateId', setting(functionEnv.smsDltTemplateId)],
    ]),
  }
}

/** The WhatsApp Cloud API's version the requests are written for. */
export const whatsappApiVersion = 'v20.0'

/** A refused or failed WhatsApp send: the API's status and error code, never the number or the token. */
export class WhatsappError extends Error {
  override readonly name = 'WhatsappError'
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(`WhatsApp answered ${status} (${code})`)
  }
}

/**
 * The message of an approved authentication template with its copy-code button: the code is the body's one
 * parameter and the button's (WhatsApp shows the template's own fixed words around it).
 */
export function whatsappCodeMessage(
  to: string,
  code: string,
  template: string,
  language: string,
): Record<string, unknown> {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'template',
    template: {
      name: template,
      language: { code: language },
      components: [
        { type: 'body', parameters: [{ type: 'text', text: code }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
      ],
    },
  }
}

/**
 * POST /<version>/<phone number id>/messages of the WhatsApp Cloud API with the owners' token, within the
 * time an AWS call may take (aws-config.ts), once: a code that did not go out is asked for again.
 */
async function sendWhatsappCode(to: string, code: string): Promise<void> {
  const phoneNumberId = process.env[functionEnv.whatsappPhoneNumberId] ?? ''
  const template = process.env[functionEnv.whatsappTemplate]
  if (!template) throw new Error(`${functionEnv.whatsappTemplate} is not set`)
  const language = process.env[functionEnv.whatsappTemplateLanguage] || 'en'
  const token = await whatsappToken()
  let response: Response
  try {
    response = await fetch(
      `https://graph.facebook.com/${whatsappApiVersion}/${encodeURIComponent(phoneNumberId)}/messages`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(whatsappCodeMessage(to, code, template, language)),
        signal: AbortSignal.timeout(awsClientConfig.requestHandler.requestTimeout * 2),
      },
    )
  } catch (error) {
    throw new WhatsappError(0, error instanceof Error ? error.name : 'network')
  }
  if (response.ok) return
  const reply = (await response.json().catch(() => ({}))) as { error?: { code?: unknown } }
  throw new WhatsappError(response.status, String(reply.error?.code ?? 'unknown'))
}
