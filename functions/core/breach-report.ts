/**
 * The breach drill's words and clock (Digital Personal Data Protection Rules, 2025, r. 7): what an incident
 * window touched, the notice to each affected person and the report to the Data Protection Board of India,
 * due 72 hours after the company became aware, beside CERT-In's 6-hour report. Pure: the admin CLI's
 * `breach-report` and POST /api/admin/breach-report find the people (functions/lib/db/breach-scope.ts) and
 * draft these texts with the same functions; times are shown in IST.
 */
import { usernamePattern } from './admin'
import { companyFacts, privacyContact } from './company'
import { businessTimeLabel, dayMs, hourMs } from './date-labels'
import {
  type ExportKind,
  exportKinds,
  leadExportFileName,
  leadExportFormats,
  workbookFileName,
} from './exports'
import type { PersonalData } from './field-declarations'
import { personalDataNames, privacyPaths } from './privacy-notice'

/** Hours from awareness to the report to the Data Protection Board (r. 7(2)(b)). */
export const boardReportHours = 72
/** Hours from awareness to the report to CERT-In (its directions of 28 April 2022), in parallel. */
export const certInReportHours = 6
/** The longest window the drill reads: the activity log of a longer one is better read in parts. */
export const maxBreachWindowDays = 90

/** How an incident touched a person's data, as the activity log and the store tell it. */
export const breachAccesses = ['viewed', 'exported', 'changed', 'created', 'looked-up', 'erased'] as const
export type BreachAccess = (typeof breachAccesses)[number]

/** Each access as the report and the notices say it. */
export const breachAccessLabels: Readonly<Record<BreachAccess, string>> = {
  viewed: 'opened in the staff workspace',
  exported: 'included in an export',
  changed: 'changed or noted on',
  created: 'received during the window',
  'looked-up': 'looked up by the operator',
  erased: 'erased',
}

/** The leads' stored kinds (the leads table's partitions). */
export type BreachRecordKind = 'QUOTE' | 'CONTACT' | 'NEWSLETTER'

/** What the drill is asked: the window, and optionally the compromised account and the suspected accesses. */
export interface BreachQuery {
  /** ISO 8601, inclusive. */
  readonly from: string
  /** ISO 8601, inclusive. */
  readonly to: string
  /** When the company became aware (ISO 8601): the Board's clock starts here. */
  readonly awareAt: string
  /** Only what this staff account did (a compromised account). */
  readonly user?: string
  /** Only these accesses; all when absent. */
  readonly accesses?: readonly BreachAccess[]
}

/** A stored record of an affected person. */
export interface BreachRecord {
  readonly kind: BreachRecordKind
  readonly id: string
  readonly createdAt: string
}

/** One person the window touched, with every record of theirs it touched. */
export interface AffectedPerson {
  readonly name?: string
  readonly email?: string
  readonly phone?: string
  readonly records: readonly BreachRecord[]
  readonly accesses: readonly BreachAccess[]
  /** The sorts of personal data those records hold (the field declarations' flags). */
  readonly data: readonly PersonalData[]
}

/** A staff account (or the CLI) that acted in the window, and how often. */
export interface BreachActor {
  readonly actor: string
  readonly entries: number
}

/** What the activity log and the store say the window touched. */
export interface BreachFindings {
  readonly query: BreachQuery
  readonly people: readonly AffectedPerson[]
  readonly staff: readonly BreachActor[]
  /** Entries of the activity log read in the window (after the account filter). */
  readonly entries: number
  /** Exports made in the window: each touches every lead of its kinds stored at the time. */
  readonly exports: number
  /** Records the log names that are no longer stored (erased since): ids only. */
  readonly goneIds: readonly string[]
}

/** The figures the page and the CLI show. */
export interface BreachCounts {
  readonly people: number
  readonly records: number
  readonly byAccess: Readonly<Record<BreachAccess, number>>
  readonly staff: number
  readonly entries: number
  readonly exports: number
  readonly gone: number
}

/** The outcome of checking the drill's input: the query, or a message per field. */
export type BreachQueryCheck =
  | { readonly ok: true; readonly value: BreachQuery }
  | { readonly ok: false; readonly fields: Record<string, string> }

const isoInstant = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:\d\d)$/

/** An ISO 8601 instant with its zone (`2026-11-20T09:00:00+05:30`), normalised to UTC; undefined otherwise. */
function instantOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || !isoInstant.test(value.trim())) return undefined
  // A day the month does not have (30 February) is refused, not rolled over into the next month.
  const [year = 0, month = 0, day = 0] = value.trim().slice(0, 10).split('-').map(Number)
  if (new Date(Date.UTC(year, month - 1, day)).getUTCDate() !== day) return undefined
  const time = Date.parse(value.trim())
  return Number.isNaN(time) ? undefined : new Date(time).toISOString()
}

/**
 * Checks the drill's input at the moment `now`: `from` and `to` are ISO 8601 instants with their zone, `from`
 * before `to`, at most `maxBreachWindowDays` apart, neither in the future; `awareAt` likewise (default now),
 * not before `from`; `user` a staff username; `accesses` a list of known accesses. Each refusal names its field.
 */
export function checkBreachQuery(input: unknown, now = new Date()): BreachQueryCheck {
  const body = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>
  const fields: Record<string, string> = {}
  const instant = (name: 'from' | 'to' | 'awareAt', what: string) => {
    const value = instantOf(body[name])
    if (value === undefined)
      fields[name] = `Give ${what} as an ISO 8601 time with its zone, e.g. 2026-11-20T09:00+05:30`
    else if (Date.parse(value) > now.getTime())
      fields[name] = `${what[0]?.toUpperCase()}${what.slice(1)} is in the future`
    return value
  }
  const from = instant('from', 'the start of the window')
  const to = instant('to', 'the end of the window')
  const awareAt =
    body.awareAt === undefined || body.awareAt === ''
      ? now.toISOString()
      : instant('awareAt', 'when you became aware')
  if (from && to && !fields.from && !fields.to) {
    const span = Date.parse(to) - Date.parse(from)
    if (span <= 0) fields.to = 'The end of the window must be after its start'
    else if (span > maxBreachWindowDays * dayMs) {
      fields.to = `Keep the window to ${maxBreachWindowDays} days or fewer (read a longer one in parts)`
    }
  }
  if (from && awareAt && !fields.awareAt && Date.parse(awareAt) < Date.parse(from)) {
    fields.awareAt = 'The company cannot have become aware before the window starts'
  }
  const user = body.user === undefined || body.user === '' ? undefined : body.user
  if (user !== undefined && (typeof user !== 'string' || !usernamePattern.test(user))) {
    fields.user = 'Give the staff account as its username'
  }
  const accesses = body.accesses
  if (
    accesses !== undefined &&
    (!Array.isArray(accesses) ||
      accesses.length === 0 ||
      !accesses.every((access) => (breachAccesses as readonly unknown[]).includes(access)))
  ) {
    fields.accesses = `Choose among: ${breachAccesses.join(', ')}`
  }
  if (Object.keys(fields).length > 0 || !from || !to || !awareAt) return { ok: false, fields }
  return {
    ok: true,
    value: {
      from,
      to,
      awareAt,
      ...(typeof user === 'string' ? { user } : {}),
      ...(Array.isArray(accesses) ? { accesses: [...new Set(accesses as BreachAccess[])] } : {}),
    },
  }
}

/** When the reports are due: the Board's 72 hours and CERT-In's 6 from awareness. */
export function breachDeadlines(awareAt: string): { readonly board: string; readonly certIn: string } {
  const aware = Date.parse(awareAt)
  return {
    board: new Date(aware + boardReportHours * hourMs).toISOString(),
    certIn: new Date(aware + certInReportHours * hourMs).toISOString(),
  }
}

/** The counts of the findings, per access and in all. */
export function breachCounts(findings: BreachFindings): BreachCounts {
  const byAccess = Object.fromEntries(
    breachAccesses.map((access) => [
      access,
      findings.people.filter((person) => person.accesses.includes(access)).length,
    ]),
  ) as Record<BreachAccess, number>
  return {
    people: findings.people.length,
    records: findings.people.reduce((total, person) => total + person.records.length, 0),
    byAccess,
    staff: findings.staff.length,
    entries: findings.entries,
    exports: findings.exports,
    gone: findings.goneIds.length,
  }
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`
const dataList = (data: readonly PersonalData[]) => data.map((sort) => personalDataNames.en[sort]).join(', ')
const windowText = (query: BreachQuery) =>
  `${businessTimeLabel(query.from)} to ${businessTimeLabel(query.to)}`
const contactLine = () => `${privacyContact.name}: ${privacyContact.email}, ${privacyContact.phone}`

/** The report to the Data Protection Board of India, as Markdown: the draft the owner completes and files. */
export function boardReport(findings: BreachFindings, now = new Date()): string {
  const { query } = findings
  const counts = breachCounts(findings)
  const deadlines = breachDeadlines(query.awareAt)
  const data = [...new Set(findings.people.flatMap((person) => person.data))]
  const staffLines = findings.staff.map(
    (actor) => `- ${actor.actor}: ${plural(actor.entries, 'entry', 'entries')}`,
  )
  const accessLines = breachAccesses
    .filter((access) => counts.byAccess[access] > 0)
    .map(
      (access) => `- ${breachAccessLabels[access]}: ${plural(counts.byAccess[access], 'person', 'people')}`,
    )
  return [
    '# Personal data breach: report to the Data Protection Board of India (draft)',
    '',
    `Data fiduciary: ${companyFacts.name}, ${companyFacts.address.city}, ${companyFacts.address.state}`,
    `Contact: ${contactLine()}`,
    `Drafted: ${businessTimeLabel(now)}`,
    '',
    '## Deadlines',
    `- Became aware: ${businessTimeLabel(query.awareAt)}`,
    `- Report to the Board with full details due by: **${businessTimeLabel(deadlines.board)}** (${boardReportHours} hours from awareness)`,
    `- CERT-In's report runs in parallel, due within ${certInReportHours} hours: by ${businessTimeLabel(deadlines.certIn)}`,
    '- Each affected person is told without delay (the notices beside this report).',
    '',
    '## The incident',
    `- Window: ${windowText(query)}`,
    query.user
      ? `- Staff account suspected: ${query.user}`
      : '- Staff account suspected: none named (every account)',
    `- Accesses considered: ${(query.accesses ?? breachAccesses).map((access) => breachAccessLabels[access]).join('; ')}`,
    '- Nature and extent, cause, and how it was found: [to complete]',
    '',
    '## Who and what',
    `- People affected: ${counts.people} (${plural(counts.records, 'record')})`,
    ...accessLines,
    `- Personal data concerned: ${data.length > 0 ? dataList(data) : 'none'}`,
    `- Exports made in the window: ${counts.exports}`,
    `- Activity log entries read: ${counts.entries}`,
    ...(counts.gone > 0
      ? [
          `- Records named in the log and no longer stored (erased since): ${counts.gone} (${findings.goneIds.join(', ')})`,
        ]
      : []),
    '',
    '## Staff accounts involved',
    ...(staffLines.length > 0 ? staffLines : ['- none']),
    '',
    '## Likely consequences',
    '- Unwanted calls, messages or e-mails, including attempts to deceive (phishing) using the details held.',
    '- [to complete with what the incident makes likely]',
    '',
    '## Measures taken and to be taken',
    '- Access contained: the accounts involved signed out and their passwords reset; tokens rotated (`npm run admin -- rotate-secret signing`).',
    '- [to complete: further measures, findings of the cause]',
    '',
    '## Notices to the people affected',
    `- ${plural(counts.people, 'notice')} drafted, one per person, sent without delay.`,
  ].join('\n')
}

/** The notice to one affected person, as plain text: what happened, consequences, what we did, what to do, whom to ask. */
export function personNotice(person: AffectedPerson, findings: BreachFindings): string {
  const { query } = findings
  const greeting = person.name ? `Dear ${person.name},` : 'Dear customer,'
  const how = person.accesses.map((access) => breachAccessLabels[access]).join(', ')
  return [
    greeting,
    '',
    `We are writing to tell you about a personal data breach at ${companyFacts.name} that concerns you.`,
    '',
    'What happened',
    `Between ${windowText(query)}, your details held by us may have been seen by someone who should not have seen them. Your records were ${how}.`,
    `The details concerned: ${dataList(person.data)}.`,
    '',
    'What it may mean for you',
    'You may receive unwanted calls, messages or e-mails, including ones that pretend to be from us to obtain money or more details.',
    '',
    'What we have done',
    'We stopped the access, signed out the accounts involved, changed their passwords and keys, and are reporting the breach to the Data Protection Board of India and to CERT-In.',
    '',
    'What you can do',
    `- Be careful with calls or messages that mention your solar enquiry: we never ask for a password, an OTP or a payment link. Check with us on ${companyFacts.phone.display} first.`,
    `- You may ask what we hold about you, have it corrected or erased, or withdraw a consent: ${privacyPaths.request} and ${privacyPaths.choices} on our website.`,
    '- You may complain to the Data Protection Board of India if our answer does not resolve your concern.',
    '',
    'Whom to contact',
    contactLine(),
    '',
    companyFacts.name,
  ].join('\n')
}

/** The file name of a person's notice: their place in the list, never their name or contact. */
export function noticeFileName(index: number): string {
  return `notice-${String(index + 1).padStart(4, '0')}.txt`
}

/** The Board report's file name. */
export const boardReportFileName = 'board-report.md'
/** The affected people's list's file name. */
export const affectedPeopleFileName = 'affected-people.csv'

/** The columns of the affected people's list, and each person's cells. */
export const affectedPeopleColumns = [
  'Notice',
  'Name',
  'Email',
  'Phone',
  'Records',
  'Accesses',
  'Data',
] as const
export function affectedPersonCells(person: AffectedPerson, index: number): string[] {
  return [
    noticeFileName(index),
    person.name ?? '',
    person.email ?? '',
    person.phone ?? '',
    person.records.map((record) => `${record.kind} ${record.id}`).join('; '),
    person.accesses.join('; '),
    person.data.join('; '),
  ]
}

/** The export kinds that hold people, by the partition each is read from (functions/lib/exports.ts). */
const exportKindRecords: Partial<Readonly<Record<ExportKind, BreachRecordKind>>> = {
  quotes: 'QUOTE',
  contacts: 'CONTACT',
  newsletter: 'NEWSLETTER',
}

/**
 * The kinds of lead an export recorded in the activity log held: the workbook every kind, a kind's CSV its
 * kind, the inbox view (`leads.csv`, `leads.xlsx`) quotes and contacts, or one of them when its recorded
 * filters (export-leads.ts) name a `kind`.
 */
export function exportedRecordKinds(
  target: string | undefined,
  detail: string | undefined,
): BreachRecordKind[] {
  if (target === workbookFileName) return Object.values(exportKindRecords)
  if (leadExportFormats.some((format) => leadExportFileName(format) === target)) {
    const kind = /(?:^|\s)kind=(quote|contact)[\s:]/.exec(detail ?? '')?.[1]
    return kind === 'quote' ? ['QUOTE'] : kind === 'contact' ? ['CONTACT'] : ['QUOTE', 'CONTACT']
  }
  const kind = exportKinds.find((candidate) => `${candidate}.csv` === target)
  const records = kind && exportKindRecords[kind]
  return records ? [records] : []
}

/** The findings in a few lines: what the CLI prints and the workspace page shows above the drafts. */
export function breachSummaryLines(findings: BreachFindings): string[] {
  const { query } = findings
  const counts = breachCounts(findings)
  const deadlines = breachDeadlines(query.awareAt)
  const how = breachAccesses
    .filter((access) => counts.byAccess[access] > 0)
    .map((access) => `${breachAccessLabels[access]} ${counts.byAccess[access]}`)
  return [
    `Window: ${windowText(query)}${query.user ? `, account ${query.user}` : ''}`,
    `People affected: ${counts.people} (${plural(counts.records, 'record')})${how.length > 0 ? `: ${how.join(', ')}` : ''}`,
    `Staff accounts involved: ${findings.staff.length > 0 ? findings.staff.map((actor) => `${actor.actor} (${plural(actor.entries, 'entry', 'entries')})`).join(', ') : 'none'}`,
    ...(counts.gone > 0 ? [`Records no longer stored (erased since): ${counts.gone}`] : []),
    `Report to the Data Protection Board due by ${businessTimeLabel(deadlines.board)} (${boardReportHours} hours from ${businessTimeLabel(query.awareAt)})`,
    `CERT-In's report runs in parallel: due by ${businessTimeLabel(deadlines.certIn)} (${certInReportHours} hours)`,
  ]
}

/**
 * What the activity log keeps of a drill (the CLI's and the route's): the window and the counts, and the
 * account when one was named; never a person.
 */
export function breachAuditRecord(findings: BreachFindings): {
  readonly target: string
  readonly detail: string
} {
  const { query } = findings
  const counts = breachCounts(findings)
  return {
    target: `${query.from} to ${query.to}`,
    detail: `${counts.people} people, ${counts.records} records${query.user ? `, account ${query.user}` : ''}`,
  }
}

/** What POST /api/admin/breach-report answers. */
export interface BreachReportReply {
  readonly summary: readonly string[]
  readonly counts: BreachCounts
  readonly deadlines: { readonly board: string; readonly certIn: string }
  readonly drafts: readonly { readonly fileName: string; readonly text: string }[]
}
