import {
  defaultAttemptTemplates,
  type MessageKind,
  messageKindLabels,
  messageKinds,
  messageTemplateLimits,
  templatePlaceholders,
  unknownPlaceholders,
} from '@core/lead-attempts'
import { type QuoteCategory, quoteCategories, quoteCategoryLabels } from '@core/quote'
import { type RetentionPeriods, retentionBounds, retentionLabels } from '@core/retention'
import { staffRoleLabels } from '@core/roles'
import { minutesOfDay, type SalesSettingsReply, weekdayLabels } from '@core/sales-settings'
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'
import { Button } from '~/components/button'
import {
  labelledOptions,
  SelectField,
  type SelectFieldProps,
  TextAreaField,
  TextField,
  type TextFieldProps,
} from '~/components/form-field'
import { settingsCopy } from '~/features/admin/settings/content'
import { AdminSection } from '~/features/admin/shared/admin-section'
import { cn } from '~/lib/class-names'
import { type FieldErrors, useFieldErrors } from '~/lib/field-errors'
import { displayDateTime } from '~/lib/format-date'
import { notify } from '~/lib/toast'
import {
  type AwayRow,
  type DayRow,
  draftOf,
  type HolidayRow,
  rowKey,
  type SettingsDraft,
  type TemplateRow,
  type TerritoryRow,
} from './settings-draft'
import { runSettingsSave, type SettingsLoad } from './settings-load'

type People = SalesSettingsReply['people']

/** The weekdays as the page lists them, Monday first (the settings store Sunday first). */
const weekOrder = [1, 2, 3, 4, 5, 6, 0] as const

/** The choices of a person field: who may be given leads, plus a stored name that no longer may (kept). */
function personOptions(people: People, current: string) {
  const options = people.map((person) => ({
    value: person.username,
    label: `${person.username} (${staffRoleLabels[person.role as keyof typeof staffRoleLabels] ?? person.role})`,
  }))
  if (current !== '' && !people.some((person) => person.username === current)) {
    options.push({ value: current, label: current })
  }
  return options
}

/** The person of a row: a choice among who may be given leads. */
function PersonField({
  people,
  value,
  ...props
}: { readonly people: People; readonly value: string } & Omit<
  SelectFieldProps,
  'label' | 'placeholder' | 'options' | 'value'
>) {
  return (
    <SelectField
      label={settingsCopy.person}
      value={value}
      placeholder={settingsCopy.choosePerson}
      options={personOptions(people, value)}
      {...props}
    />
  )
}

/**
 * A part's list of rows, each a fieldset its legend names for a screen reader (`Territory 2`), or a line
 * saying there are none.
 */
function RowList<Row extends { readonly key: number }>({
  rows,
  copy: { empty, row: name },
  className,
  children,
}: {
  readonly rows: readonly Row[]
  /** The line for no rows, and a row's name. */
  readonly copy: { readonly empty: string; readonly row: (index: number) => string }
  /** The fieldset's grid columns. */
  readonly className: string
  readonly children: (row: Row, index: number) => ReactNode
}) {
  return (
    <>
      {rows.length === 0 ? <p className="text-sm text-muted">{empty}</p> : null}
      {rows.map((row, index) => (
        <fieldset key={row.key} className={cn('grid gap-3', className)}>
          <legend className="sr-only">{name(index + 1)}</legend>
          {children(row, index)}
        </fieldset>
      ))}
    </>
  )
}

/** The keys of territory rows whose prefix is not 1 to 6 digits or overlaps another row's. */
function badTerritories(rows: readonly TerritoryRow[]): Set<number> {
  const bad = new Set<number>()
  const prefixes = rows.map((row) => ({ key: row.key, prefix: row.prefix.trim() }))
  for (const [index, a] of prefixes.entries()) {
    if (!/^\d{1,6}$/.test(a.prefix)) bad.add(a.key)
    for (const b of prefixes.slice(index + 1)) {
      if (
        a.prefix !== '' &&
        b.prefix !== '' &&
        (a.prefix.startsWith(b.prefix) || b.prefix.startsWith(a.prefix))
      ) {
        bad.add(a.key)
        bad.add(b.key)
      }
    }
  }
  return bad
}

function dayIsBad(day: DayRow): boolean {
  if (!day.open) return false
  const open = minutesOfDay(day.from)
  const close = minutesOfDay(day.until)
  return open === undefined || close === undefined || close <= open
}

/** One part of the form: its heading, a line of help, the server's message about it, then its controls. */
function Part({
  copy: { title, hint: copyHint },
  hint = copyHint,
  errorId,
  error,
  children,
}: {
  /** The part's title and line of help, from the page's copy. */
  readonly copy: { readonly title: string; readonly hint: string }
  /** A line of help made up here (in place of the copy's). */
  readonly hint?: string
  readonly errorId: string
  readonly error: string | undefined
  readonly children: ReactNode
}) {
  return (
    <AdminSection
      title={title}
      level={2}
      intro={
        <>
          <p className="mt-1 text-sm text-muted">{hint}</p>
          {error ? (
            <p id={errorId} className="mt-3 rounded-lg bg-danger-soft px-3 py-2 text-sm text-danger">
              {error}
            </p>
          ) : null}
        </>
      }
    >
      <div className="flex flex-col gap-4">{children}</div>
    </AdminSection>
  )
}

/** Marks a control invalid and points it at its part's message (only while that part has one). */
function invalidProps(invalid: boolean, errorId: string) {
  return invalid ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {}
}

/** The edits of a list of keyed rows: change one row, or remove one (the others keep their keys, focus and text). */
function rowEdits<Row extends { readonly key: number }>(
  rows: readonly Row[],
  onChange: (rows: Row[]) => void,
) {
  return {
    update: (key: number, change: Partial<Row>) =>
      onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row))),
    remove: (key: number) => onChange(rows.filter((row) => row.key !== key)),
  }
}

/** The button that removes one row of a list; its name says which row (`Remove territory 2`). */
function RemoveButton({
  row,
  className,
  onClick,
}: {
  readonly row: string
  readonly className: string
  readonly onClick: () => void
}) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={className}
      aria-label={`${settingsCopy.remove} ${row.toLowerCase()}`}
      onClick={onClick}
    >
      {settingsCopy.remove}
    </Button>
  )
}

/** The button under a list that adds a row to it. */
function AddButton({ label, onClick }: { readonly label: string; readonly onClick: () => void }) {
  return (
    <div>
      <Button variant="outline" size="sm" onClick={onClick}>
        {label}
      </Button>
    </div>
  )
}

/** What a part edits: its field of the draft, with the people who may be given leads and the server's message. */
interface PartProps<Key extends keyof SettingsDraft> {
  readonly value: SettingsDraft[Key]
  readonly people: People
  readonly error: string | undefined
  readonly onChange: (value: SettingsDraft[Key]) => void
}

function TerritoriesPart({ value: rows, people, error, onChange }: PartProps<'territories'>) {
  const errorId = useId()
  const bad = error ? badTerritories(rows) : new Set<number>()
  const { update, remove } = rowEdits(rows, onChange)
  return (
    <Part copy={settingsCopy.territories} errorId={errorId} error={error}>
      <RowList
        rows={rows}
        copy={settingsCopy.territories}
        className="sm:grid-cols-[12rem_1fr_auto] sm:items-end"
      >
        {(row, index) => (
          <>
            <TextField
              label={settingsCopy.territories.prefix}
              value={row.prefix}
              inputMode="numeric"
              autoComplete="off"
              onChange={(event) => update(row.key, { prefix: event.target.value })}
              {...invalidProps(bad.has(row.key) || (bad.size === 0 && index === 0 && !!error), errorId)}
            />
            <PersonField
              people={people}
              value={row.username}
              onChange={(event) => update(row.key, { username: event.target.value })}
              {...invalidProps(!!error && row.username === '', errorId)}
            />
            <RemoveButton
              row={settingsCopy.territories.row(index + 1)}
              className="justify-self-start sm:h-11"
              onClick={() => remove(row.key)}
            />
          </>
        )}
      </RowList>
      <AddButton
        label={settingsCopy.territories.add}
        onClick={() => onChange([...rows, { key: rowKey(), prefix: '', username: '' }])}
      />
    </Part>
  )
}

function SpecialistsPart({ value: specialists, people, error, onChange }: PartProps<'specialists'>) {
  const errorId = useId()
  const toggle = (category: QuoteCategory, username: string, checked: boolean) => {
    const names = specialists[category].filter((name) => name !== username)
    onChange({ ...specialists, [category]: checked ? [...names, username] : names })
  }
  return (
    <Part copy={settingsCopy.specialists} errorId={errorId} error={error}>
      <div className="grid gap-4 sm:grid-cols-3">
        {quoteCategories.map((category, categoryIndex) => {
          // A stored specialist who may no longer work leads stays listed, so the save can name them.
          const names = [
            ...people.map((person) => person.username),
            ...specialists[category].filter((name) => !people.some((person) => person.username === name)),
          ]
          return (
            <fieldset key={category} className="rounded-xl border border-slate-200 p-3">
              <legend className="px-1 text-sm font-semibold text-ink">{quoteCategoryLabels[category]}</legend>
              {names.length === 0 ? <p className="text-sm text-muted">{settingsCopy.noPeople}</p> : null}
              <ul className="flex flex-col gap-1">
                {names.map((username, index) => (
                  <li key={username}>
                    <label className="flex min-h-10 items-center gap-3 text-sm text-ink">
                      <input
                        type="checkbox"
                        className="size-5 accent-brand-700"
                        checked={specialists[category].includes(username)}
                        onChange={(event) => toggle(category, username, event.target.checked)}
                        {...invalidProps(!!error && categoryIndex === 0 && index === 0, errorId)}
                      />
                      {username}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )
        })}
      </div>
    </Part>
  )
}

function AwayPart({ value: rows, people, error, onChange }: PartProps<'away'>) {
  const errorId = useId()
  const { update, remove } = rowEdits(rows, onChange)
  const isBad = (row: AwayRow) =>
    row.username === '' ||
    rows.filter((other) => other.username === row.username).length > 1 ||
    (row.from !== '' && row.until !== '' && row.until < row.from)
  const anyBad = rows.some(isBad)
  return (
    <Part copy={settingsCopy.away} errorId={errorId} error={error}>
      <RowList
        rows={rows}
        copy={settingsCopy.away}
        className="sm:grid-cols-[1fr_11rem_11rem_auto] sm:items-end"
      >
        {(row, index) => (
          <>
            <PersonField
              people={people}
              value={row.username}
              onChange={(event) => update(row.key, { username: event.target.value })}
              {...invalidProps(!!error && (isBad(row) || (!anyBad && index === 0)), errorId)}
            />
            <TextField
              type="date"
              label={settingsCopy.away.from}
              value={row.from}
              onChange={(event) => update(row.key, { from: event.target.value })}
            />
            <TextField
              type="date"
              label={settingsCopy.away.until}
              value={row.until}
              onChange={(event) => update(row.key, { until: event.target.value })}
            />
            <RemoveButton
              row={settingsCopy.away.row(index + 1)}
              className="justify-self-start sm:h-11"
              onClick={() => remove(row.key)}
            />
            {row.from === '' && row.until === '' && row.username !== '' ? (
              <p className="text-sm text-muted sm:col-span-4">{settingsCopy.away.now}</p>
            ) : null}
          </>
        )}
      </RowList>
      <AddButton
        label={settingsCopy.away.add}
        onClick={() => onChange([...rows, { key: rowKey(), username: '', from: '', until: '' }])}
      />
    </Part>
  )
}

function CalendarPart({
  hours,
  holidays,
  error,
  onHours,
  onHolidays,
}: {
  readonly hours: readonly DayRow[]
  readonly holidays: readonly HolidayRow[]
  readonly error: string | undefined
  readonly onHours: (hours: DayRow[]) => void
  readonly onHolidays: (holidays: HolidayRow[]) => void
}) {
  const errorId = useId()
  const anyBadDay = hours.some(dayIsBad)
  const updateDay = (day: number, change: Partial<DayRow>) =>
    onHours(hours.map((row, index) => (index === day ? { ...row, ...change } : row)))
  const holidayEdits = rowEdits(holidays, onHolidays)
  return (
    <Part copy={settingsCopy.calendar} errorId={errorId} error={error}>
      <ul className="flex flex-col divide-y divide-slate-100">
        {weekOrder.map((day, position) => {
          const row = hours[day] ?? { open: false, from: '', until: '' }
          const bad = !!error && (dayIsBad(row) || (!anyBadDay && position === 0))
          return (
            <li
              key={day}
              className="grid grid-cols-2 gap-3 py-3 sm:grid-cols-[10rem_10rem_10rem] sm:items-end"
            >
              <label className="col-span-2 flex min-h-11 items-center gap-3 text-sm font-medium text-ink sm:col-span-1">
                <input
                  type="checkbox"
                  className="size-5 accent-brand-700"
                  checked={row.open}
                  onChange={(event) => updateDay(day, { open: event.target.checked })}
                />
                {weekdayLabels[day]} <span className="sr-only">{settingsCopy.calendar.open}</span>
              </label>
              {row.open ? (
                <>
                  <TextField
                    type="time"
                    label={`${weekdayLabels[day]} ${settingsCopy.calendar.opens.toLowerCase()}`}
                    value={row.from}
                    onChange={(event) => updateDay(day, { from: event.target.value })}
                    {...invalidProps(bad, errorId)}
                  />
                  <TextField
                    type="time"
                    label={`${weekdayLabels[day]} ${settingsCopy.calendar.closes.toLowerCase()}`}
                    value={row.until}
                    onChange={(event) => updateDay(day, { until: event.target.value })}
                    {...invalidProps(bad, errorId)}
                  />
                </>
              ) : (
                <p className="col-span-2 text-sm text-muted sm:col-span-2 sm:self-center">
                  {settingsCopy.calendar.closed}
                </p>
              )}
            </li>
          )
        })}
      </ul>
      <h3 className="text-base font-semibold text-ink">{settingsCopy.calendar.holidays}</h3>
      {holidays.length === 0 ? (
        <p className="text-sm text-muted">{settingsCopy.calendar.noHolidays}</p>
      ) : null}
      <ul className="grid gap-3 sm:grid-cols-3">
        {holidays.map((row, index) => (
          <li key={row.key} className="flex items-end gap-2">
            <TextField
              type="date"
              className="flex-1"
              label={`${settingsCopy.calendar.holiday} ${index + 1}`}
              value={row.date}
              onChange={(event) => holidayEdits.update(row.key, { date: event.target.value })}
            />
            <RemoveButton
              row={`${settingsCopy.calendar.holiday} ${index + 1}`}
              className="h-11"
              onClick={() => holidayEdits.remove(row.key)}
            />
          </li>
        ))}
      </ul>
      <AddButton
        label={settingsCopy.calendar.addHoliday}
        onClick={() => onHolidays([...holidays, { key: rowKey(), date: '' }])}
      />
    </Part>
  )
}

/** A field for a whole number (minutes, months): the phone shows its number pad. */
function WholeNumberField(props: TextFieldProps) {
  return <TextField type="number" inputMode="numeric" step={1} {...props} />
}

function ClockPart({ value: clock, error, onChange }: PartProps<'clock'>) {
  const errorId = useId()
  const reminder = Number(clock.reminderMinutes)
  const escalation = Number(clock.escalationMinutes)
  const reminderBad = !Number.isInteger(reminder) || reminder < 1
  const escalationBad = !Number.isInteger(escalation) || escalation <= reminder
  return (
    <Part copy={settingsCopy.clock} errorId={errorId} error={error}>
      <div className="grid gap-3 sm:grid-cols-2">
        <WholeNumberField
          min={1}
          label={settingsCopy.clock.reminder}
          value={clock.reminderMinutes}
          onChange={(event) => onChange({ ...clock, reminderMinutes: event.target.value })}
          {...invalidProps(!!error && (reminderBad || !escalationBad), errorId)}
        />
        <WholeNumberField
          min={1}
          label={settingsCopy.clock.escalation}
          value={clock.escalationMinutes}
          onChange={(event) => onChange({ ...clock, escalationMinutes: event.target.value })}
          {...invalidProps(!!error && escalationBad, errorId)}
        />
      </div>
    </Part>
  )
}

function RetentionPart({
  value: retention,
  error,
  onChange,
  notice,
  onNoticeChange,
}: PartProps<'retention'> & { readonly notice: boolean; readonly onNoticeChange: (on: boolean) => void }) {
  const errorId = useId()
  const noticeHintId = useId()
  const fields = Object.keys(retentionBounds) as (keyof RetentionPeriods)[]
  return (
    <Part copy={settingsCopy.retention} errorId={errorId} error={error}>
      {/* The boxes side by side line up at the bottom: one label of a pair may take two lines. */}
      <div className="grid items-end gap-3 sm:grid-cols-2">
        {fields.map((field) => {
          const { min, max } = retentionBounds[field]
          const months = Number(retention[field])
          const bad = !Number.isInteger(months) || months < min || months > max
          return (
            <WholeNumberField
              key={field}
              min={min}
              max={max}
              label={`${retentionLabels[field]} (months)`}
              value={retention[field]}
              onChange={(event) => onChange({ ...retention, [field]: event.target.value })}
              {...invalidProps(!!error && bad, errorId)}
            />
          )
        })}
      </div>
      <label className="mt-4 flex min-h-10 items-center gap-3 text-sm text-ink">
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={notice}
          aria-describedby={noticeHintId}
          onChange={(event) => onNoticeChange(event.target.checked)}
        />
        {settingsCopy.retention.notice}
      </label>
      {/* Under the words of its box, past the box (size-5 and gap-3). */}
      <p id={noticeHintId} className="pl-8 text-sm text-muted">
        {settingsCopy.retention.noticeHint}
      </p>
    </Part>
  )
}

/** The keys of message template rows that name a placeholder it may not hold, or have no name or text. */
function badTemplates(rows: readonly TemplateRow[]): Set<number> {
  return new Set(
    rows
      .filter(
        (row) => row.name.trim() === '' || row.text.trim() === '' || unknownPlaceholders(row.text).length > 0,
      )
      .map((row) => row.key),
  )
}

function TemplatesPart({ value: rows, error, onChange }: PartProps<'templates'>) {
  const errorId = useId()
  const bad = error ? badTemplates(rows) : new Set<number>()
  const { update, remove } = rowEdits(rows, onChange)
  return (
    <Part
      copy={settingsCopy.templates}
      hint={`${settingsCopy.templates.hint} ${templatePlaceholders.map((name) => `{${name}}`).join(' ')}.`}
      errorId={errorId}
      error={error}
    >
      <RowList
        rows={rows}
        copy={{ empty: settingsCopy.templates.builtIn, row: settingsCopy.templates.row }}
        className="sm:grid-cols-[14rem_1fr_auto] sm:items-start"
      >
        {(row, index) => (
          <>
            <div className="grid gap-3">
              <TextField
                label={settingsCopy.templates.name}
                value={row.name}
                maxLength={messageTemplateLimits.name}
                autoComplete="off"
                onChange={(event) => update(row.key, { name: event.target.value })}
                {...invalidProps(
                  !!error && (bad.has(row.key) ? row.name.trim() === '' : index === 0 && bad.size === 0),
                  errorId,
                )}
              />
              <SelectField
                label={settingsCopy.templates.kind}
                value={row.kind}
                options={labelledOptions(messageKinds, messageKindLabels)}
                onChange={(event) => update(row.key, { kind: event.target.value as MessageKind })}
              />
            </div>
            <TextAreaField
              label={settingsCopy.templates.text}
              value={row.text}
              rows={3}
              maxLength={messageTemplateLimits.text}
              onChange={(event) => update(row.key, { text: event.target.value })}
              {...invalidProps(bad.has(row.key) && row.name.trim() !== '', errorId)}
            />
            <RemoveButton
              row={settingsCopy.templates.row(index + 1)}
              className="justify-self-start sm:mt-7 sm:h-11"
              onClick={() => remove(row.key)}
            />
          </>
        )}
      </RowList>
      {rows.length < messageTemplateLimits.count ? (
        <AddButton
          label={settingsCopy.templates.add}
          onClick={() =>
            onChange([
              ...rows,
              // The first one starts as the built-in quote message, to edit rather than to retype.
              rows.length === 0
                ? { key: rowKey(), name: 'Quote', text: defaultAttemptTemplates.quote, kind: 'reply' }
                : { key: rowKey(), name: '', text: '', kind: 'reply' },
            ])
          }
        />
      ) : null}
    </Part>
  )
}

/** The parts' messages that have no part of their own: shown by the Save button. */
function formLevelMessage(errors: FieldErrors, message: string | null): string | null {
  const known = ['territories', 'specialists', 'away', 'calendar', 'clock', 'templates', 'retention']
  const others = Object.entries(errors)
    .filter(([key]) => !known.includes(key))
    .map(([, text]) => text)
  return [message, ...others].filter(Boolean).join(' ') || null
}

/**
 * The settings as a form: each part edited in place, saved together with the version read. A refused save
 * keeps everything typed and shows each part's message beside it (the first control concerned focused); a
 * save over someone else's (409) says so and shows theirs.
 */
function SettingsForm({
  reply,
  onConflict,
}: {
  readonly reply: SalesSettingsReply
  readonly onConflict: (happened: boolean) => void
}) {
  const form = useRef<HTMLFormElement>(null)
  const revalidator = useRevalidator()
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(reply))
  const [errors, setErrors] = useFieldErrors(form)
  const [message, setMessage] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const busy = sending || revalidator.state !== 'idle'
  const change = <Key extends keyof SettingsDraft>(key: Key, value: SettingsDraft[Key]) =>
    setDraft((current) => ({ ...current, [key]: value }))
  // A part's props: the field of the draft it edits, which also names the server's message about it.
  const part = <Key extends keyof SettingsDraft>(key: Key): PartProps<Key> => ({
    value: draft[key],
    people: reply.people,
    error: errors[key],
    onChange: (value) => change(key, value),
  })

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    setSending(true)
    setMessage(null)
    const result = await runSettingsSave(draft, reply.version)
    setSending(false)
    if (result.ok) {
      setErrors({})
      onConflict(false)
      notify.success(settingsCopy.saved)
      void revalidator.revalidate()
    } else if ('expired' in result) {
      // The session ended: the login form takes the page's place.
    } else if (result.status === 409) {
      notify.error(settingsCopy.saveFailed, settingsCopy.conflict)
      onConflict(true)
      void revalidator.revalidate()
    } else {
      setErrors(result.fields)
      setMessage(result.message)
      notify.error(settingsCopy.saveFailed, result.message)
    }
  }

  const summary = formLevelMessage(errors, message)
  return (
    <form ref={form} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-6">
      <TerritoriesPart {...part('territories')} />
      <SpecialistsPart {...part('specialists')} />
      <AwayPart {...part('away')} />
      <CalendarPart
        hours={draft.hours}
        holidays={draft.holidays}
        error={errors.calendar}
        onHours={(hours) => change('hours', hours)}
        onHolidays={(holidays) => change('holidays', holidays)}
      />
      <ClockPart {...part('clock')} />
      <TemplatesPart {...part('templates')} />
      <RetentionPart
        {...part('retention')}
        notice={draft.retentionNotice}
        onNoticeChange={(on) => change('retentionNotice', on)}
      />
      <div className="sticky bottom-0 -mx-4 flex flex-col gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 sm:mx-0 sm:rounded-2xl sm:border sm:px-6">
        {summary ? (
          <p role="alert" className="text-sm text-danger">
            {summary}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
            {settingsCopy.save}
          </Button>
          {reply.updatedBy && reply.updatedAt ? (
            <p className="text-sm text-muted">
              {settingsCopy.lastSaved(reply.updatedBy, displayDateTime(reply.updatedAt))}
            </p>
          ) : null}
        </div>
      </div>
    </form>
  )
}

export interface SettingsPageProps {
  /** The settings as the route's loader read them (none for a role that may not open the page). */
  readonly load?: SettingsLoad | undefined
}

/**
 * The Settings page of the staff workspace (owners): territories, specialists, who is away, business hours,
 * holidays, the response clock's minutes and the WhatsApp messages — the rules that assign each new lead and run its response clock (GET and PUT
 * /api/admin/settings). Only people who may work leads are offered.
 */
export function SettingsPage({ load }: SettingsPageProps) {
  const revalidator = useRevalidator()
  const [conflict, setConflict] = useState(false)
  if (!load) return null
  if (load.status === 'failed') {
    if (revalidator.state !== 'idle') {
      return (
        <p className="text-sm text-muted" aria-live="polite">
          {settingsCopy.loading}
        </p>
      )
    }
    return (
      <div className="flex flex-wrap items-center gap-3" role="alert">
        <p className="text-sm text-red-700">{settingsCopy.failed}</p>
        <Button variant="outline" size="sm" onClick={() => void revalidator.revalidate()}>
          {settingsCopy.retry}
        </Button>
      </div>
    )
  }
  const { reply } = load
  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-3xl text-sm text-ink">{settingsCopy.intro}</p>
      {reply.people.length === 0 ? <p className="text-sm text-muted">{settingsCopy.noPeople}</p> : null}
      {conflict ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-danger-soft px-4 py-3 text-sm text-danger"
        >
          {settingsCopy.conflict}
        </p>
      ) : null}
      {/* A new version read (a save, someone else's save) starts the form again from it. */}
      <SettingsForm key={reply.version} reply={reply} onConflict={setConflict} />
    </div>
  )
}
