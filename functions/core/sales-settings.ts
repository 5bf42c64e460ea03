import type { MessageTemplate } from './lead-attempts'
import type { QuoteCategory } from './quote'
import { type RetentionPeriods, retentionDefaults } from './retention'

/**
 * How the sales day runs, as owners set it in the workspace: who gets which lead (territories, specialists,
 * the round robin's pointers, who is away) and when the response clock runs (business hours, holidays).
 * One settings item holds all of it (the content table); the public lead functions read it to assign a
 * lead on arrival, the sweep to remind and escalate. Types and defaults only: the rules that check a change
 * are in sales-settings-schema.ts (zod), assignment.ts chooses, business-clock.ts counts.
 */

/** A time of day in the company's time zone, `HH:MM` (24-hour; `24:00` closes at midnight). */
export type ClockTime = string

/** One day's opening hours; the clock runs from `open` up to `close`. */
export interface OpeningHours {
  readonly open: ClockTime
  readonly close: ClockTime
}

/** The week's opening hours, Sunday first (as `Date.getDay()` counts); null for a closed day. */
export type WeekHours = readonly [
  OpeningHours | null,
  OpeningHours | null,
  OpeningHours | null,
  OpeningHours | null,
  OpeningHours | null,
  OpeningHours | null,
  OpeningHours | null,
]

/** When the response clock runs: the week's hours, less the company's holidays (`YYYY-MM-DD`). */
export interface BusinessCalendar {
  readonly hours: WeekHours
  readonly holidays: readonly string[]
}

/** A person's patch: every lead whose PIN code starts with `prefix` (1 to 6 digits). */
export interface Territory {
  readonly prefix: string
  readonly username: string
}

/**
 * A person away: from and until are calendar dates in the company's time zone, both days included. With
 * neither, away now until they say they are back (a staff member marks themselves); with dates, leave an
 * owner planned.
 */
export interface Absence {
  readonly from?: string
  readonly until?: string
}

export interface SalesSettings {
  readonly territories: readonly Territory[]
  /** The people who take a category's leads, in no order (the round robin takes turns). */
  readonly specialists: Readonly<Partial<Record<QuoteCategory, readonly string[]>>>
  /** Who is away, by username. */
  readonly away: Readonly<Record<string, Absence>>
  readonly calendar: BusinessCalendar
  /** When the response clock reminds and escalates (responseClock unless an owner changed them). */
  readonly clock: ResponseClockSteps
  /** Each round robin's last choice, by its pool (see assignment.ts): the next lead goes to the one after. */
  readonly rotation: Readonly<Record<string, string>>
  /**
   * The WhatsApp messages staff send a lead, named (none: the built-in ones, lead-attempts.ts). Kept here,
   * in the one settings item, for one page, one version and one audit entry with the other rules; at most
   * 5 × 540 characters (lead-attempts.ts `messageTemplateLimits`), small beside the territories the public
   * functions read with it.
   */
  readonly templates: readonly MessageTemplate[]
  /**
   * How long leads are kept before the retention sweep erases them (retention.ts; its defaults until an
   * owner changes them). Kept with the other rules: one page, one version, one audit entry.
   */
  readonly retention: RetentionPeriods
  /**
   * Tell the person by e-mail 48 hours before their closed (lost or won) lead is erased (retention.ts
   * retentionNoticeHours): off until an owner turns it on.
   */
  readonly retentionNotice: boolean
}

const workingDay: OpeningHours = { open: '09:00', close: '19:00' }

/** Monday to Saturday, 9:00 to 19:00; Sunday closed. */
export const defaultWeekHours: WeekHours = [
  null,
  workingDay,
  workingDay,
  workingDay,
  workingDay,
  workingDay,
  workingDay,
]

/** The response clock's two steps, in business minutes from a lead's arrival (or the next opening). */
export interface ResponseClockSteps {
  /** The assignee is reminded. */
  readonly reminderMinutes: number
  /** The owners are alerted and the lead is reassigned once. */
  readonly escalationMinutes: number
}

/** The response clock's steps until an owner changes them (the settings' `clock`). */
export const responseClock = {
  reminderMinutes: 5,
  escalationMinutes: 15,
} as const satisfies ResponseClockSteps

/** No rules yet: every lead goes round robin among the sales users, in the default hours. */
export const defaultSalesSettings: SalesSettings = {
  territories: [],
  specialists: {},
  away: {},
  calendar: { hours: defaultWeekHours, holidays: [] },
  clock: responseClock,
  rotation: {},
  templates: [],
  retention: retentionDefaults,
  retentionNotice: false,
}

export const weekdayLabels = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const

/** Minutes since midnight of an `HH:MM` time, or undefined for anything else (`24:00` is 1440). */
export function minutesOfDay(time: ClockTime): number | undefined {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(time)
  if (!match) return undefined
  const minutes = Number(match[1]) * 60 + Number(match[2])
  return minutes <= 24 * 60 ? minutes : undefined
}

/** Whether `username` is away on calendar date `date` (`YYYY-MM-DD`, the company's time zone). */
export function isAwayOn(settings: Pick<SalesSettings, 'away'>, username: string, date: string): boolean {
  const absence = settings.away[username]
  if (!absence) return false
  if (absence.from !== undefined && date < absence.from) return false
  if (absence.until !== undefined && date > absence.until) return false
  return true
}

/** GET and PUT /api/admin/away: whether the signed-in staff member is away today, and their absence. */
export interface OwnAwayReply {
  readonly away: boolean
  /** Their absence as stored (dates an owner set; none for away now, or when not away at all). */
  readonly absence?: Absence
}

/** The rules an owner edits (the round robin's pointers are the server's). */
export type EditableSalesSettings = Omit<SalesSettings, 'rotation'>

/** GET /api/admin/settings and the reply of PUT: the rules, who may be given leads, and the version. */
export interface SalesSettingsReply {
  readonly settings: EditableSalesSettings
  /** The staff who may be given leads (sales and owners), by username. */
  readonly people: readonly { readonly username: string; readonly role: string }[]
  /** Raised by every save; a save names the version it was made on (0 before the first). */
  readonly version: number
  readonly updatedAt?: string
  readonly updatedBy?: string
}
