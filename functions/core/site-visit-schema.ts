import * as z from 'zod/mini'
import { usernamePattern } from './admin'
import { businessToday, isCalendarDate } from './business-days'
import { indianDigits } from './indian-number'
import { attemptHorizonDays } from './lead-attempt-schema'
import {
  isVisitSlot,
  maxVisitDays,
  visitAddressLimit,
  visitNoteLimit,
  visitSlots,
  visitStart,
} from './site-visits'

/**
 * The bodies of the site visit routes, checked at the moment `now` (a visit is booked before its slot starts,
 * never in the past): what the dialog sends and the API refuses, each message naming its field. Whether the
 * engineer works leads is the API's question (it reads the staff records); the shape of the username is here.
 */

const slotMessage = `Choose a time slot: ${visitSlots.join(', ')}`

/** Text of at most `limit` characters, trimmed; `what` names it in the messages. */
function limitedText(what: string, limit: number) {
  return z.string({ error: `Write the ${what} as text` }).check(
    z.trim(),
    z.maxLength(limit, {
      error: () => `Keep the ${what} to ${indianDigits(limit)} characters or fewer`,
    }),
  )
}

/** The fields every booking and reschedule has (the slot is checked against the clock as a whole). */
function slotFields() {
  return {
    date: z
      .string({ error: 'Choose the date of the visit' })
      .check(z.refine(isCalendarDate, 'Choose the date of the visit')),
    slot: z.enum(visitSlots, { error: slotMessage }),
    engineer: z
      .string({ error: 'Choose the engineer' })
      .check(z.trim(), z.regex(usernamePattern, 'Choose the engineer from the list')),
    address: z.optional(limitedText('address', visitAddressLimit)),
    notes: z.optional(limitedText('notes', visitNoteLimit)),
  } as const
}

/** Refuses a slot that has started (or is more than a year ahead), on the `date` field. */
function slotInTime(now: Date) {
  return z.superRefine((visit: { date: string; slot: string }, context) => {
    if (!isCalendarDate(visit.date) || !isVisitSlot(visit.slot)) return
    const start = visitStart(visit.date, visit.slot).getTime()
    const issue = (message: string) =>
      context.issues.push({ code: 'custom', input: visit, message, path: ['date'] })
    if (start < now.getTime()) issue('This slot has started or is past: choose a later one')
    else if (start > now.getTime() + attemptHorizonDays * 86_400_000)
      issue('Book a visit within the coming year')
  })
}

/** POST /api/admin/leads/{id}/visits: `{ date, slot, engineer, address?, notes? }`, checked at `now`. */
export function visitBookingSchema(now: Date) {
  return z.object(slotFields()).check(slotInTime(now))
}

/**
 * PATCH /api/admin/leads/{id}/visits/{visitId}: a reschedule (`{ action: 'reschedule', date, slot, engineer,
 * address?, notes? }`) or a cancellation (`{ action: 'cancel', reason? }`), each naming the visit's `sequence`
 * it was made on (a colleague's change meanwhile is refused, 409).
 */
export function visitChangeSchema(now: Date) {
  const fields = slotFields()
  const sequence = z
    .number({ error: 'Reload the lead: the visit changed' })
    .check(z.int('Reload the lead: the visit changed'), z.nonnegative('Reload the lead: the visit changed'))
  return z.discriminatedUnion(
    'action',
    [
      z.object({ action: z.literal('reschedule'), sequence, ...fields }).check(slotInTime(now)),
      z.object({
        action: z.literal('cancel'),
        sequence,
        reason: z.optional(limitedText('reason', visitNoteLimit)),
      }),
    ],
    { error: 'Choose to reschedule or cancel the visit' },
  )
}

export type VisitBookingInput = z.input<ReturnType<typeof visitBookingSchema>>
export type VisitBooking = z.output<ReturnType<typeof visitBookingSchema>>
export type VisitChangeInput = z.input<ReturnType<typeof visitChangeSchema>>
export type VisitChange = z.output<ReturnType<typeof visitChangeSchema>>

/** GET /api/admin/visits: `from` (a date, today in India when absent) and `days` (1 to maxVisitDays, 7). */
export const visitListQuerySchema = z.object({
  from: z.optional(
    z
      .string({ error: 'Give the first day as YYYY-MM-DD' })
      .check(z.refine(isCalendarDate, 'Give the first day as YYYY-MM-DD')),
  ),
  days: z.optional(
    z.coerce
      .number({ error: `Ask for 1 to ${maxVisitDays} days` })
      .check(
        z.int(`Ask for 1 to ${maxVisitDays} days`),
        z.minimum(1, `Ask for 1 to ${maxVisitDays} days`),
        z.maximum(maxVisitDays, `Ask for 1 to ${maxVisitDays} days`),
      ),
  ),
})

/** The days a Visits query covers: its first and last date. */
export function visitDays(
  query: z.output<typeof visitListQuerySchema>,
  now: Date,
): { from: string; to: string } {
  const from = query.from ?? businessToday(now)
  const days = query.days ?? 7
  const last = new Date(`${from}T00:00:00Z`)
  last.setUTCDate(last.getUTCDate() + days - 1)
  return { from, to: last.toISOString().slice(0, 10) }
}
