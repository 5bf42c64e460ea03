import * as z from 'zod/mini'
import { isCalendarDate } from './business-days'
import { indianDigits } from './indian-number'
import {
  type AttemptChannel,
  type AttemptOutcome,
  attemptChannels,
  attemptNoteLimit,
  attemptOutcomes,
  messageTemplateLimits,
  outcomesOf,
} from './lead-attempts'
import { leadStatuses } from './pipeline-rules'

/**
 * The body of POST /api/admin/leads/{id}/attempts, checked at the moment `now` (a call-back or a follow-up
 * is never in the past): what the dialog sends and the API refuses, each message naming its field.
 */

/** A date and time with its zone: `2026-11-27T10:00+05:30`, `2026-11-27T04:30:00.000Z`. */
const dateTimePattern =
  /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/

/** The instant of an ISO date and time with its zone, or undefined for anything else. */
export function instantOf(value: string): Date | undefined {
  const match = dateTimePattern.exec(value)
  if (!match?.[1] || !isCalendarDate(match[1])) return undefined
  const time = new Date(value)
  return Number.isNaN(time.getTime()) ? undefined : time
}

/**
 * How far back a time may be and still count as now: the dialog's picker has minutes, not seconds, so the
 * current minute chosen a few seconds into it is not "in the past".
 */
export const attemptTimeGraceMs = 60_000
/** How far ahead a call-back or follow-up may be set. */
export const attemptHorizonDays = 366

const enumOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message })

/** A date and time in the coming year, `what` naming it in the messages ('the follow-up'). */
function futureTime(what: string, now: Date) {
  const message = `Enter ${what} as a date and time`
  const subject = `${what.charAt(0).toUpperCase()}${what.slice(1)}`
  return z.string({ error: message }).check(
    z.maxLength(40, message),
    z.superRefine((value, context) => {
      const time = instantOf(value)
      if (time === undefined) context.issues.push({ code: 'custom', input: value, message })
      else if (time.getTime() < now.getTime() - attemptTimeGraceMs) {
        context.issues.push({ code: 'custom', input: value, message: `${subject} is in the past` })
      } else if (time.getTime() > now.getTime() + attemptHorizonDays * 86_400_000) {
        context.issues.push({ code: 'custom', input: value, message: `${subject} is more than a year ahead` })
      }
    }),
  )
}

/** The attempt's body, checked at `now`. */
export function leadAttemptSchema(now: Date) {
  return z
    .object({
      channel: enumOf(attemptChannels, 'Choose call, WhatsApp or e-mail'),
      outcome: enumOf(attemptOutcomes, 'Choose how it went'),
      note: z.optional(
        z.string({ error: 'Write the note as text' }).check(
          z.trim(),
          z.maxLength(attemptNoteLimit, {
            // A function, so the number is formatted when the message is needed, not at module load (ICU).
            error: () => `Keep the note to ${indianDigits(attemptNoteLimit)} characters or fewer`,
          }),
        ),
      ),
      callbackAt: z.optional(futureTime('the call-back time', now)),
      status: z.optional(enumOf(leadStatuses, 'Choose a status from the list')),
      followUpAt: z.optional(futureTime('the follow-up', now)),
      /** The owners' template a WhatsApp message was sent with (its name): an offer needs the person's consent. */
      template: z.optional(
        z
          .string({ error: 'Name the template as text' })
          .check(z.trim(), z.maxLength(messageTemplateLimits.name)),
      ),
    })
    .check(
      z.superRefine((attempt, context) => {
        const issue = (path: string, message: string) =>
          context.issues.push({ code: 'custom', input: attempt, message, path: [path] })
        if (!outcomesOf(attempt.channel).includes(attempt.outcome)) {
          issue('outcome', 'A call is not sent: choose how it went')
        }
        if (attempt.outcome === 'callback' && attempt.callbackAt === undefined) {
          issue('callbackAt', 'Choose when to call back')
        }
        if (attempt.outcome !== 'callback' && attempt.callbackAt !== undefined) {
          issue('callbackAt', 'A call-back time goes with the outcome "Call back"')
        }
        // A call-back is the follow-up: a different one beside it would be two next steps.
        if (
          attempt.outcome === 'callback' &&
          attempt.followUpAt !== undefined &&
          attempt.callbackAt !== undefined &&
          instantOf(attempt.followUpAt)?.getTime() !== instantOf(attempt.callbackAt)?.getTime()
        ) {
          issue('followUpAt', 'A call-back is the follow-up: leave this empty or choose the same time')
        }
      }),
    )
}

export type LeadAttemptInput = z.input<ReturnType<typeof leadAttemptSchema>>
export type LeadAttemptBody = z.output<ReturnType<typeof leadAttemptSchema>>

/** The attempt as the repository takes it: the note only when it has words, the follow-up worked out. */
export interface LeadAttempt {
  readonly channel: AttemptChannel
  readonly outcome: AttemptOutcome
  readonly note?: string
  readonly callbackAt?: string
  readonly status?: LeadAttemptBody['status']
  /** The next step's time, ISO (UTC): the call-back's when there is one, else the follow-up's. */
  readonly followUpAt?: string
  /** The owners' template a WhatsApp message was written from. */
  readonly template?: string
}

/** The checked body as the repository takes it (times in UTC, an empty note left out). */
export function leadAttemptOf(body: LeadAttemptBody): LeadAttempt {
  const utc = (value: string | undefined) =>
    value === undefined ? undefined : instantOf(value)?.toISOString()
  const callbackAt = utc(body.callbackAt)
  const followUpAt = callbackAt ?? utc(body.followUpAt)
  return {
    channel: body.channel,
    outcome: body.outcome,
    ...(body.note ? { note: body.note } : {}),
    ...(callbackAt ? { callbackAt } : {}),
    ...(body.status ? { status: body.status } : {}),
    ...(followUpAt ? { followUpAt } : {}),
    ...(body.template && body.channel === 'whatsapp' ? { template: body.template } : {}),
  }
}
