import * as z from 'zod/mini'
import { usernamePattern } from './admin'
import { isCalendarDate } from './business-days'
import { followUpDueFilters, inboxKinds, leadSegments, myLeadsFilter, unassignedFilter } from './inbox-search'
import { indianDigits } from './indian-number'
import { sourceKinds, utmMaxLength, utmPattern } from './landing-utm'
import { closedLeadStatuses, leadStatuses, lostReasons, pipelineLimits } from './pipeline-rules'

/**
 * The sales pipeline's schemas: the bodies of the lead changes and notes and the inbox's query, with the
 * rules they check re-exported (pipeline-rules.ts, inbox-search.ts, business-days.ts) and the shapes of the
 * lead routes' replies (lead-views.ts), so the admin pages import the pipeline from one module. The Lambdas
 * that validate none of these bodies import those modules, and so no zod.
 */

export * from './business-days'
export * from './inbox-search'
export * from './lead-views'
export * from './pipeline-rules'

const calendarDate = (message: string) =>
  z.string({ error: message }).check(z.refine(isCalendarDate, message))

const enumOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message })

/** The assignee field: a username, or null to unassign. */
const assigneeField = z.nullable(
  z.string({ error: 'Choose a colleague' }).check(z.regex(usernamePattern, 'Choose a colleague')),
)

/**
 * The body of PATCH /api/admin/leads/{id}. `version` is the lead's version as the page read it: a change made
 * on an older copy is refused (409), so two colleagues never overwrite each other unseen.
 */
export const leadChangeSchema = z
  .object({
    version: z.number({ error: 'Reload the lead and try again' }).check(z.int(), z.nonnegative()),
    status: z.optional(enumOf(leadStatuses, 'Choose a status from the list')),
    lostReason: z.optional(enumOf(lostReasons, 'Choose a reason from the list')),
    lostNote: z.optional(
      z.string({ error: 'Describe why in text' }).check(
        z.maxLength(
          pipelineLimits.lostNote,
          // A function, so the number is formatted when the message is needed, not at module load (ICU).
          {
            error: () => `Keep it to ${indianDigits(pipelineLimits.lostNote)} characters or fewer`,
          },
        ),
      ),
    ),
    assignee: z.optional(assigneeField),
    followUpOn: z.optional(z.nullable(calendarDate('Enter a date as YYYY-MM-DD'))),
  })
  .check(
    z.superRefine((change, context) => {
      const changes = ['status', 'assignee', 'followUpOn'].filter(
        (key) => change[key as keyof typeof change] !== undefined,
      )
      if (changes.length === 0) {
        context.issues.push({ code: 'custom', input: change, message: 'Nothing to change', path: ['status'] })
      }
      if (change.status === 'lost' && change.lostReason === undefined) {
        context.issues.push({
          code: 'custom',
          input: change,
          message: 'Choose why the lead was lost',
          path: ['lostReason'],
        })
      }
      if (change.status === 'lost' && change.lostReason === 'other' && !change.lostNote?.trim()) {
        context.issues.push({ code: 'custom', input: change, message: 'Describe why', path: ['lostNote'] })
      }
      if (change.status !== 'lost' && (change.lostReason !== undefined || change.lostNote !== undefined)) {
        context.issues.push({
          code: 'custom',
          input: change,
          message: 'A reason goes with moving the lead to Lost',
          path: ['lostReason'],
        })
      }
    }),
  )
export type LeadChange = z.output<typeof leadChangeSchema>
export type LeadChangeInput = z.input<typeof leadChangeSchema>

/** The body of POST /api/admin/leads/{id}/notes. */
export const leadNoteSchema = z.object({
  text: z.string({ error: 'Write a note' }).check(
    z.trim(),
    z.minLength(1, 'Write a note'),
    z.maxLength(pipelineLimits.note, {
      error: () => `Keep a note to ${indianDigits(pipelineLimits.note)} characters or fewer`,
    }),
  ),
})
export type LeadNoteInput = z.output<typeof leadNoteSchema>

/** An optional filter; the handler drops empty query values first (withoutEmptyFilters). */
const optionalFilter = <S extends z.ZodMiniType>(schema: S) => z.optional(schema)

const sourceFilterMessage = `Choose form, manual or a UTM source (at most ${utmMaxLength} characters)`

/**
 * The filters of GET /api/admin/leads, as query parameters: each one optional, each from its list. The page
 * keeps the same names in its own URL, so a view can be bookmarked and shared.
 */
export const inboxQuerySchema = z
  .object({
    kind: optionalFilter(enumOf(inboxKinds, 'Choose quote or contact')),
    status: optionalFilter(enumOf(leadStatuses, 'Choose a status from the list')),
    segment: optionalFilter(enumOf(leadSegments, 'Choose a segment from the list')),
    assignee: optionalFilter(
      z
        .string({ error: 'Choose a colleague' })
        .check(
          z.refine(
            (value) => value === myLeadsFilter || value === unassignedFilter || usernamePattern.test(value),
            'Choose a colleague, me or none',
          ),
        ),
    ),
    from: optionalFilter(calendarDate('Enter the start date as YYYY-MM-DD')),
    to: optionalFilter(calendarDate('Enter the end date as YYYY-MM-DD')),
    q: optionalFilter(
      z
        .string()
        .check(
          z.trim(),
          z.maxLength(pipelineLimits.search, `Search for at most ${pipelineLimits.search} characters`),
        ),
    ),
    due: optionalFilter(enumOf(followUpDueFilters, 'Choose today or overdue')),
    waiting: optionalFilter(enumOf(['1'], 'Waiting is 1, or left out')),
    // `form`, `manual`, or a UTM source as a campaign named it.
    source: optionalFilter(
      z.string({ error: sourceFilterMessage }).check(
        z.trim(),
        z.maxLength(utmMaxLength, sourceFilterMessage),
        z.refine(
          (value) => (sourceKinds as readonly string[]).includes(value) || utmPattern.regex.test(value),
          sourceFilterMessage,
        ),
      ),
    ),
    cursor: z.optional(z.string()),
  })
  .check(
    z.superRefine((query, context) => {
      const refuse = (message: string, field: keyof typeof query) =>
        context.issues.push({ code: 'custom', input: query, message, path: [field] })
      if (query.from && query.to && query.from > query.to) refuse('The start is after the end', 'from')
      // Views that cannot hold a lead are refused rather than answered empty, so the page can say why.
      if (query.waiting && query.status && query.status !== 'new') {
        refuse('Waiting leads are new: clear the status or the waiting view', 'waiting')
      }
      if (query.due && query.status && closedLeadStatuses.includes(query.status)) {
        refuse('A closed lead has no follow-up due: clear the status or the follow-up view', 'due')
      }
    }),
  )
export type InboxQuery = z.output<typeof inboxQuerySchema>

/** The view of `query` for the signed-in `username`: `assignee=me` names them. */
export function inboxQueryOf(query: InboxQuery, username: string): InboxQuery {
  return query.assignee === myLeadsFilter ? { ...query, assignee: username } : query
}
