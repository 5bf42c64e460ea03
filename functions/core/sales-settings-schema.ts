import * as z from 'zod/mini'
import { type AssignableUser, mayWorkLeads } from './assignment'
import { isCalendarDate } from './business-days'
import {
  messageKinds,
  messageTemplateLimits,
  templatePlaceholders,
  unknownPlaceholders,
} from './lead-attempts'
import { type QuoteCategory, quoteCategories, quoteCategoryLabels } from './quote'
import { type RetentionPeriods, retentionBounds, retentionLabels, retentionRefusal } from './retention'
import { staffRoleLabels } from './roles'
import {
  minutesOfDay,
  responseClock,
  type SalesSettings,
  type Territory,
  weekdayLabels,
} from './sales-settings'

/**
 * The rules of a change to the sales settings (PUT /api/admin/settings), apart from the types and defaults
 * in sales-settings.ts. The round robin's pointers are the server's, never sent. Whether each person named
 * may work leads needs the staff records: `settingsAssigneeProblems` checks that against them.
 */

const usernameRule = z
  .string({ error: 'A person is named by their username' })
  .check(
    z.trim(),
    z.minLength(1, 'A person is named by their username'),
    z.maxLength(64, 'A username is at most 64 characters'),
  )

const dateRule = (what: string) =>
  z
    .string({ error: `${what} is a date (YYYY-MM-DD)` })
    .check(z.refine(isCalendarDate, { error: (issue) => `${what} ${String(issue.input)} is not a date` }))

const timeRule = z
  .string({ error: 'Enter times as HH:MM, e.g. 09:00' })
  .check(z.refine((time) => minutesOfDay(time) !== undefined, 'Enter times as HH:MM, e.g. 09:00'))

const territoryRule = z.object({
  prefix: z.string({ error: 'A territory is 1 to 6 digits of a PIN code' }).check(
    z.trim(),
    z.refine((prefix) => /^\d{1,6}$/.test(prefix), {
      error: (issue) => `Territory "${String(issue.input)}" is not 1 to 6 digits of a PIN code`,
    }),
  ),
  username: usernameRule,
})

/** The first two territories where one's prefix starts with the other's (the same prefix included). */
export function territoryClash(territories: readonly Territory[]): string | undefined {
  for (const [index, a] of territories.entries()) {
    for (const b of territories.slice(index + 1)) {
      const [shorter, longer] = a.prefix.length <= b.prefix.length ? [a, b] : [b, a]
      if (longer.prefix.startsWith(shorter.prefix)) {
        return `Territory ${shorter.prefix} (${shorter.username}) overlaps ${longer.prefix} (${longer.username}).`
      }
    }
  }
  return undefined
}

const specialistsRule = z
  .record(
    z.string(),
    z.array(usernameRule).check(
      z.maxLength(50, 'At most 50 specialists per category'),
      z.refine((names) => new Set(names).size === names.length, 'A person is listed twice'),
    ),
  )
  .check(
    z.refine(
      (specialists) =>
        Object.keys(specialists).every((key) => (quoteCategories as readonly string[]).includes(key)),
      'Specialists are for Residential, Housing Society or Commercial',
    ),
  ) as unknown as z.ZodMiniType<Partial<Record<QuoteCategory, string[]>>, unknown>

const absenceRule = z
  .object({ from: z.optional(dateRule('From')), until: z.optional(dateRule('Until')) })
  .check(
    z.refine((absence) => !absence.from || !absence.until || absence.from <= absence.until, {
      message: 'Until is before From',
    }),
  )

/** One weekday's hours (null: closed), named in its messages. */
const dayRule = (day: string) =>
  z.nullable(
    z.object({ open: timeRule, close: timeRule }).check(
      z.refine((hours) => (minutesOfDay(hours.close) ?? 0) > (minutesOfDay(hours.open) ?? 0), {
        error: (issue) => {
          const hours = issue.input as { open: string; close: string }
          return `${day}: closing time ${hours.close} is not after opening time ${hours.open}`
        },
      }),
    ),
  )

const weekRule = z.tuple(
  weekdayLabels.map(dayRule) as unknown as [ReturnType<typeof dayRule>, ...ReturnType<typeof dayRule>[]],
  { error: 'Give the hours of each day of the week, Sunday first (null for closed)' },
)

/** A step of the response clock: whole business minutes, at most a working day. */
const clockMinutesRule = (what: string) =>
  z
    .number({ error: `${what} is a number of minutes` })
    .check(
      z.int(`${what} is a whole number of minutes`),
      z.minimum(1, `${what} is at least 1 minute`),
      z.maximum(600, `${what} is at most 600 minutes`),
    )

const clockRule = z
  .object({
    reminderMinutes: clockMinutesRule('The reminder'),
    escalationMinutes: clockMinutesRule('The escalation'),
  })
  .check(
    z.refine((clock) => clock.escalationMinutes > clock.reminderMinutes, {
      error: (issue) => {
        const clock = issue.input as { reminderMinutes: number; escalationMinutes: number }
        return `The escalation (${clock.escalationMinutes} minutes) must come after the reminder (${clock.reminderMinutes} minutes)`
      },
    }),
  )

const placeholderList = templatePlaceholders.map((name) => `{${name}}`).join(', ')

/** A WhatsApp message template: a name staff pick it by, and its text with the known placeholders only. */
const templateRule = z.object({
  name: z
    .string({ error: 'A template has a name' })
    .check(
      z.trim(),
      z.minLength(1, 'A template has a name'),
      z.maxLength(
        messageTemplateLimits.name,
        `A template's name is at most ${messageTemplateLimits.name} characters`,
      ),
    ),
  text: z.string({ error: 'A template has a message' }).check(
    z.trim(),
    z.minLength(1, 'A template has a message'),
    z.maxLength(messageTemplateLimits.text, `A message is at most ${messageTemplateLimits.text} characters`),
    z.refine((text) => unknownPlaceholders(text).length === 0, {
      error: (issue) =>
        `Unknown placeholder ${unknownPlaceholders(String(issue.input))
          .map((name) => `{${name}}`)
          .join(', ')}: use ${placeholderList}`,
    }),
  ),
  kind: z._default(
    z.enum(messageKinds, { error: 'Choose whether the template is a reply or an offer' }),
    'reply',
  ),
})

const templatesRule = z.array(templateRule).check(
  z.maxLength(messageTemplateLimits.count, `At most ${messageTemplateLimits.count} message templates`),
  z.refine(
    (templates) =>
      new Set(templates.map((template) => template.name.toLowerCase())).size === templates.length,
    'Two templates have the same name',
  ),
)

/** A retention period: whole months (retention.ts checks the bounds and names the period). */
const monthsRule = (field: keyof RetentionPeriods) =>
  z.number({ error: `${retentionLabels[field]}: a number of months` })

/** The retention periods, each within its bounds (retentionRefusal names the first that is not). */
const retentionRule = z
  .object(
    Object.fromEntries(
      Object.keys(retentionBounds).map((field) => [field, monthsRule(field as keyof RetentionPeriods)]),
    ) as Record<keyof RetentionPeriods, ReturnType<typeof monthsRule>>,
  )
  .check(
    z.refine((periods) => retentionRefusal(periods) === undefined, {
      error: (issue) =>
        retentionRefusal(issue.input as RetentionPeriods)?.message ?? 'Check the retention periods',
    }),
  )

/** The body of PUT /api/admin/settings: the rules, and the version they were read at. */
export const salesSettingsSchema = z
  .object({
    version: z
      .number({ error: 'Send the version the settings were read at' })
      .check(
        z.int('Send the version the settings were read at'),
        z.minimum(0, 'Send the version the settings were read at'),
      ),
    territories: z._default(z.array(territoryRule).check(z.maxLength(500, 'At most 500 territories')), []),
    specialists: z._default(specialistsRule, {}),
    away: z._default(
      z
        .record(usernameRule, absenceRule)
        .check(z.refine((away) => Object.keys(away).length <= 200, 'At most 200 people away')),
      {},
    ),
    calendar: z.object({
      hours: weekRule,
      holidays: z._default(z.array(dateRule('Holiday')).check(z.maxLength(366, 'At most 366 holidays')), []),
    }),
    clock: z._default(clockRule, { ...responseClock }),
    templates: z._default(templatesRule, []),
    // Left out, the stored periods stay (saveSalesSettings).
    retention: z.optional(retentionRule),
    // The 48-hour notice before an erasure; left out, the stored choice stays.
    retentionNotice: z.optional(z.boolean({ error: 'The notice before an erasure is on or off' })),
  })
  .check(
    z.refine((settings) => territoryClash(settings.territories) === undefined, {
      error: (issue) =>
        territoryClash((issue.input as { territories: Territory[] }).territories) ?? 'Territories overlap',
      path: ['territories'],
    }),
    z.refine((settings) => settings.calendar.hours.some((hours) => hours !== null), {
      message: 'Open at least one day of the week',
      path: ['calendar'],
    }),
  )

export type SalesSettingsInput = z.output<typeof salesSettingsSchema>

/**
 * What is wrong with the people the settings name, against the staff records: someone who is not a user, or
 * whose role may not work leads, or whose account is disabled. Empty when all may take leads.
 */
export function settingsAssigneeProblems(
  settings: Pick<SalesSettings, 'territories' | 'specialists'>,
  users: readonly AssignableUser[],
): string[] {
  const byName = new Map(users.map((user) => [user.username, user]))
  const problems: string[] = []
  const check = (username: string, where: string) => {
    const user = byName.get(username)
    if (!user) problems.push(`${where}: ${username} is not a user`)
    else if (user.disabled) problems.push(`${where}: ${username}'s account is disabled`)
    else if (!mayWorkLeads(user))
      problems.push(
        `${where}: ${username} cannot work leads (role ${user.role ? staffRoleLabels[user.role] : 'none'})`,
      )
  }
  for (const territory of settings.territories) check(territory.username, `Territory ${territory.prefix}`)
  for (const category of Object.keys(settings.specialists) as QuoteCategory[]) {
    for (const username of settings.specialists[category] ?? [])
      check(username, `${quoteCategoryLabels[category]} specialists`)
  }
  return problems
}

/** The body of PUT /api/admin/away: a staff member marks themselves away now (true) or back (false). */
export const ownAwaySchema = z.object({
  away: z.boolean({ error: 'Send away: true (away now) or false (back)' }),
})
