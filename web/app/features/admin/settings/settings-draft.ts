import type { MessageKind } from '@core/lead-attempts'
import { type QuoteCategory, quoteCategories } from '@core/quote'
import type { RetentionPeriods } from '@core/retention'
import type { SalesSettingsReply, WeekHours } from '@core/sales-settings'
import { defaultWeekHours } from '@core/sales-settings'
import type { SalesSettingsInput } from '@core/sales-settings-schema'

/**
 * The settings page's form as the owner types it: every value a string as its control holds it, rows with a
 * key of their own (so removing one keeps the others' focus and text), nothing checked yet. `settingsInput`
 * turns it into the body of PUT /api/admin/settings, which the core's schema then checks (in the browser
 * first, then on the server): the draft keeps whatever was typed until a save succeeds.
 */

export interface TerritoryRow {
  readonly key: number
  readonly prefix: string
  readonly username: string
}

export interface AwayRow {
  readonly key: number
  readonly username: string
  /** `YYYY-MM-DD` or '' (both empty: away now, until they are back). */
  readonly from: string
  readonly until: string
}

export interface HolidayRow {
  readonly key: number
  readonly date: string
}

/** A WhatsApp message template as typed: its name, text and kind (a reply, or an offer needing consent). */
export interface TemplateRow {
  readonly key: number
  readonly name: string
  readonly text: string
  readonly kind: MessageKind
}

export interface DayRow {
  readonly open: boolean
  /** `HH:MM`, kept while the day is closed so reopening it brings them back. */
  readonly from: string
  readonly until: string
}

export interface SettingsDraft {
  readonly territories: readonly TerritoryRow[]
  readonly specialists: Readonly<Record<QuoteCategory, readonly string[]>>
  readonly away: readonly AwayRow[]
  readonly holidays: readonly HolidayRow[]
  /** Sunday first, as the settings store them. */
  readonly hours: readonly DayRow[]
  /** The response clock's steps, in business minutes, as typed. */
  readonly clock: { readonly reminderMinutes: string; readonly escalationMinutes: string }
  /** The WhatsApp message templates (none: the built-in messages). */
  readonly templates: readonly TemplateRow[]
  /** The retention periods, in months, as typed. */
  readonly retention: Readonly<Record<keyof RetentionPeriods, string>>
  /** The e-mail 48 hours before a closed lead is erased. */
  readonly retentionNotice: boolean
}

let lastKey = 0
/** A key for a new row, unique in the page's life. */
export const rowKey = (): number => {
  lastKey += 1
  return lastKey
}

/** The hours a closed day shows when it is opened: the default working day's. */
const defaultDay = defaultWeekHours[1] ?? { open: '09:00', close: '19:00' }

/** The form of the settings as read. */
export function draftOf({ settings }: Pick<SalesSettingsReply, 'settings'>): SettingsDraft {
  return {
    territories: settings.territories.map((territory) => ({ key: rowKey(), ...territory })),
    specialists: Object.fromEntries(
      quoteCategories.map((category) => [category, [...(settings.specialists[category] ?? [])]]),
    ) as Record<QuoteCategory, string[]>,
    away: Object.entries(settings.away).map(([username, absence]) => ({
      key: rowKey(),
      username,
      from: absence.from ?? '',
      until: absence.until ?? '',
    })),
    holidays: [...settings.calendar.holidays].sort().map((date) => ({ key: rowKey(), date })),
    hours: settings.calendar.hours.map((day) => ({
      open: day !== null,
      from: day?.open ?? defaultDay.open,
      until: day?.close ?? defaultDay.close,
    })),
    clock: {
      reminderMinutes: String(settings.clock.reminderMinutes),
      escalationMinutes: String(settings.clock.escalationMinutes),
    },
    templates: settings.templates.map((template) => ({
      key: rowKey(),
      ...template,
      kind: template.kind ?? 'reply',
    })),
    retention: Object.fromEntries(
      Object.entries(settings.retention).map(([field, months]) => [field, String(months)]),
    ) as Record<keyof RetentionPeriods, string>,
    retentionNotice: settings.retentionNotice,
  }
}

/** A number typed (NaN for none, which the schema refuses as not a number of minutes). */
const typedNumber = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text))

/**
 * The body of PUT /api/admin/settings for the draft, made on `version`. Values are sent as typed (the schema
 * trims and checks them); a category without specialists and empty holiday rows are left out.
 */
export function settingsInput(draft: SettingsDraft, version: number): SalesSettingsInput {
  const specialists: Partial<Record<QuoteCategory, string[]>> = {}
  for (const category of quoteCategories) {
    const names = draft.specialists[category]
    if (names.length > 0) specialists[category] = [...names]
  }
  const away: Record<string, { from?: string; until?: string }> = {}
  for (const row of draft.away) {
    away[row.username] = {
      ...(row.from === '' ? {} : { from: row.from }),
      ...(row.until === '' ? {} : { until: row.until }),
    }
  }
  return {
    version,
    territories: draft.territories.map(({ prefix, username }) => ({ prefix, username })),
    specialists,
    away,
    calendar: {
      hours: draft.hours.map((day) =>
        day.open ? { open: day.from, close: day.until } : null,
      ) as unknown as WeekHours & SalesSettingsInput['calendar']['hours'],
      holidays: [...new Set(draft.holidays.map((row) => row.date).filter((date) => date !== ''))].sort(),
    },
    clock: {
      reminderMinutes: typedNumber(draft.clock.reminderMinutes),
      escalationMinutes: typedNumber(draft.clock.escalationMinutes),
    },
    templates: draft.templates.map(({ name, text, kind }) => ({ name, text, kind })),
    retention: Object.fromEntries(
      Object.entries(draft.retention).map(([field, months]) => [field, typedNumber(months)]),
    ) as unknown as RetentionPeriods,
    retentionNotice: draft.retentionNotice,
  }
}

/**
 * What the schema cannot see in the body because the draft's rows become a record: the same person away
 * twice (the second row would replace the first). Keyed like the server's messages.
 */
export function draftProblems(draft: SettingsDraft): Record<string, string> {
  const seen = new Set<string>()
  for (const row of draft.away) {
    if (row.username === '') return { away: 'Choose who is away on each row' }
    if (seen.has(row.username)) return { away: `${row.username} is listed twice` }
    seen.add(row.username)
  }
  return {}
}
