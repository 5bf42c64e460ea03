/**
 * What the admin exports contain: the kinds, their columns, and the rule that keeps spreadsheet programs from
 * running a cell as a formula. Pure: the CSV and XLSX writers in functions/lib/exports.ts use it.
 */

import { contactFields } from './contact-fields'
import { type FieldDeclarations, withdrawnAtOf } from './field-declarations'
import { inboxKindLabels, leadSegmentLabels } from './inbox-search'
import { jobFieldLabels, resourceFieldLabels } from './jobs-and-resources'
import type { ConsentRecord } from './lead-protection'
import { sourceLabel } from './lead-source'
import type { LeadSummary } from './lead-views'
import { newsletterFields } from './newsletter-fields'
import { leadStatusLabels, lostReasonLabels } from './pipeline-rules'
import type { QuoteEstimate } from './quote'
import { quoteFieldLabels, quoteFields } from './quote-fields'
import { sourceFields } from './source-fields'

/** The kinds GET /api/admin/export/{kind} knows; each is one CSV file and one sheet of the workbook. */
export const exportKinds = ['quotes', 'contacts', 'jobs', 'resources', 'newsletter'] as const
export type ExportKind = (typeof exportKinds)[number]

export function isExportKind(value: string | undefined): value is ExportKind {
  return (exportKinds as readonly string[]).includes(value ?? '')
}

/** The file name of the workbook of every kind. */
export const workbookFileName = 'forms-export.xlsx'

export interface ExportColumn {
  /** The stored field. */
  readonly key: string
  readonly header: string
  /** Width in characters in the workbook. */
  readonly width: number
  /** `date`: an ISO time, written as a date cell in the workbook. */
  readonly type?: 'date'
  /**
   * A field of the object stored at `key`, shown in a column of its own. When no column shows that object
   * whole, its fields without a column go to 'Other fields' (otherFields), so nothing stored is left out.
   */
  readonly path?: string
}

const idColumns: readonly ExportColumn[] = [
  { key: 'createdAt', header: 'Received', width: 20, type: 'date' },
  { key: 'id', header: 'ID', width: 38 },
]

/** A column per field, headed by the field's label, in the order of `widths` (characters in the workbook). */
function labelledColumns<Key extends string>(
  labels: Readonly<Record<Key, string>>,
  widths: Readonly<Record<Key, number>>,
): ExportColumn[] {
  return (Object.keys(widths) as Key[]).map((key) => ({ key, header: labels[key], width: widths[key] }))
}

/** The consent a lead was sent with, stored beside it by the lead functions: its text, version and time. */
const consentColumns: readonly ExportColumn[] = [
  { key: 'consent', path: 'text' satisfies keyof ConsentRecord, header: 'Consent', width: 40 },
  { key: 'consent', path: 'version' satisfies keyof ConsentRecord, header: 'Consent version', width: 20 },
  {
    key: 'consent',
    path: 'givenAt' satisfies keyof ConsentRecord,
    header: 'Consent given',
    width: 20,
    type: 'date',
  },
]

/** The server's own estimate of a quote (estimateQuote), stored with it: a column for each of its figures. */
const serverEstimateColumns: readonly ExportColumn[] = [
  {
    key: 'serverEstimate',
    path: 'estimatedCost' satisfies keyof QuoteEstimate,
    header: 'Server estimate',
    width: 16,
  },
  {
    key: 'serverEstimate',
    path: 'estimatedCostInr' satisfies keyof QuoteEstimate,
    header: 'Server estimate (₹)',
    width: 16,
  },
  {
    key: 'serverEstimate',
    path: 'displayedPriceInr' satisfies keyof QuoteEstimate,
    header: 'Price shown (₹)',
    width: 16,
  },
]

/** The report's two headline figures the server recomputed (solarReportFigures), each in a column of its own. */
const solarReportColumns: readonly ExportColumn[] = [
  { key: 'solarReport', path: 'netCostInr', header: 'Net cost after subsidy (₹)', width: 16 },
  { key: 'solarReport', path: 'payback', header: 'Payback', width: 18 },
]

/**
 * A column per declared field that has an export width, headed by its label, in declared order; `insert`
 * puts more columns before the named field's. After an opt-in box's column comes the time it was withdrawn
 * (`<field>WithdrawnAt`, consent-effects.ts), empty while it stands, so the next export after a withdrawal
 * shows it beside the box.
 */
function declaredColumns(
  fields: FieldDeclarations,
  ...inserts: readonly { readonly before: string; readonly columns: readonly ExportColumn[] }[]
): ExportColumn[] {
  return Object.entries(fields).flatMap(([key, field]): ExportColumn[] => {
    const own: ExportColumn[] =
      field.exportWidth === undefined ? [] : [{ key, header: field.label, width: field.exportWidth }]
    if (field.kind === 'opt-in')
      own.push({ key: withdrawnAtOf(key), header: `${field.label} withdrawn`, width: 20, type: 'date' })
    const before = inserts.flatMap((insert) => (insert.before === key ? insert.columns : []))
    return [...before, ...own]
  })
}

/**
 * A form lead's source (lead-source.ts): its kind, form and page, or the channel of a lead added by hand,
 * each in a column of its own, before the UTM values' columns.
 */
const sourceColumns: readonly ExportColumn[] = [
  { key: 'source', path: 'kind', header: 'Source', width: 10 },
  { key: 'source', path: 'form', header: 'Source form', width: 12 },
  { key: 'source', path: 'page', header: 'Source page', width: 20 },
  { key: 'source', path: 'channel', header: 'Source channel', width: 14 },
]
const beforeUtm = { before: 'utmSource', columns: sourceColumns } as const

/**
 * The known columns of each kind, in order. Every export ends with `otherFieldsColumn`, which holds any
 * field an item has beyond these, so an export never loses what a lead was sent with, while the columns are
 * known before the first row: the files are written page by page, never holding every item at once.
 */
export const exportColumns: Readonly<Record<ExportKind, readonly ExportColumn[]>> = {
  quotes: [
    ...idColumns,
    ...declaredColumns(
      quoteFields,
      { before: 'report', columns: [...serverEstimateColumns, ...solarReportColumns] },
      beforeUtm,
    ),
    ...consentColumns,
  ],
  contacts: [...idColumns, ...declaredColumns(contactFields, beforeUtm), ...consentColumns],
  jobs: [
    ...idColumns,
    ...labelledColumns(jobFieldLabels, {
      title: 30,
      location: 18,
      employment_type: 16,
      department: 18,
      description: 60,
      requirements: 60,
    }),
  ],
  resources: [
    ...idColumns,
    ...labelledColumns(resourceFieldLabels, { title: 30, resource_type: 14, file_url: 40, description: 60 }),
  ],
  // Subscribers only (functions/lib/exports.ts): each confirmed by its owner, at this time (double opt-in).
  newsletter: [
    ...idColumns,
    ...declaredColumns(newsletterFields),
    ...consentColumns,
    { key: 'confirmedAt', header: 'Confirmed', width: 20, type: 'date' },
  ],
}

/** The last column of every export: the fields an item has beyond the known columns, as one JSON object. */
export const otherFieldsColumn: ExportColumn = { key: '', header: 'Other fields', width: 40 }

/** The formats of an export of the inbox's current view (GET /api/admin/export-leads/{format}). */
export const leadExportFormats = ['csv', 'xlsx'] as const
export type LeadExportFormat = (typeof leadExportFormats)[number]

export function isLeadExportFormat(value: string | undefined): value is LeadExportFormat {
  return (leadExportFormats as readonly string[]).includes(value ?? '')
}

/** The file an export of the inbox's view is saved as. */
export function leadExportFileName(format: LeadExportFormat): string {
  return `leads.${format}`
}

/** A lead of the view as its inbox entries hold it (its summary, with its latest note). */
export type LeadViewLead = Omit<LeadSummary, 'followUpDue'>

/** A column of the view's export: where its value comes from in the lead's summary. */
export interface LeadViewColumn extends ExportColumn {
  readonly value: (lead: LeadViewLead) => unknown
}

const lostText = (lead: LeadViewLead): string | undefined =>
  lead.lostReason
    ? `${lostReasonLabels[lead.lostReason]}${lead.lostNote ? `: ${lead.lostNote}` : ''}`
    : undefined

/**
 * The columns of an export of the inbox's current view, quotes and contacts together: what the inbox shows
 * of a lead and its pipeline state (labels, not stored codes), with its latest note. Every value comes from
 * the lead's inbox entry, so the export reads the view's index partition and nothing else.
 */
export const leadViewColumns: readonly LeadViewColumn[] = [
  { key: 'createdAt', header: 'Received', width: 20, type: 'date', value: (lead) => lead.createdAt },
  { key: 'id', header: 'ID', width: 38, value: (lead) => lead.id },
  { key: 'kind', header: 'Kind', width: 10, value: (lead) => inboxKindLabels[lead.kind] },
  { key: 'name', header: quoteFieldLabels.name, width: 24, value: (lead) => lead.name },
  { key: 'email', header: contactFields.email.label, width: 30, value: (lead) => lead.email },
  { key: 'phone', header: contactFields.phone.label, width: 18, value: (lead) => lead.phone },
  { key: 'pincode', header: quoteFieldLabels.pincode, width: 10, value: (lead) => lead.pincode },
  {
    key: 'segment',
    header: 'Segment',
    width: 14,
    value: (lead) => (lead.segment ? leadSegmentLabels[lead.segment] : undefined),
  },
  { key: 'estimateInr', header: 'Server estimate (₹)', width: 18, value: (lead) => lead.estimateInr },
  { key: 'source', header: 'Source', width: 28, value: (lead) => lead.source && sourceLabel(lead.source) },
  { key: 'utmSource', header: sourceFields.utmSource.label, width: 16, value: (lead) => lead.utmSource },
  {
    key: 'utmCampaign',
    header: sourceFields.utmCampaign.label,
    width: 18,
    value: (lead) => lead.utmCampaign,
  },
  { key: 'status', header: 'Status', width: 12, value: (lead) => leadStatusLabels[lead.status] },
  { key: 'assignee', header: 'Assignee', width: 16, value: (lead) => lead.assignee },
  { key: 'followUpOn', header: 'Follow-up date', width: 14, value: (lead) => lead.followUpOn },
  { key: 'latestNote', header: 'Latest note', width: 40, value: (lead) => lead.latestNote },
  { key: 'lostReason', header: 'Lost reason', width: 30, value: lostText },
]

/**
 * The cells of one lead in an export of the inbox's view, in the order of `leadViewColumns`, by the same
 * rules as every export (cellValue: never a formula; dates only when asked, for the workbook).
 */
export function leadViewCells(
  lead: LeadViewLead,
  { dates }: { readonly dates: boolean },
): (string | number | Date)[] {
  const cells: (string | number | Date)[] = []
  for (const column of leadViewColumns) cells.push(cellValue(column.value(lead), dates ? column : untyped))
  return cells
}

/** Every column of an export of `kind`, in order: the known ones, then 'Other fields'. */
export function exportColumnsOf(kind: ExportKind): readonly ExportColumn[] {
  return [...exportColumns[kind], otherFieldsColumn]
}

/**
 * What an item of `kind` holds beyond the known columns, as JSON with sorted keys ('' when nothing): its
 * fields without a column, and of an object shown field by field, its fields without a column (or the whole
 * value, when it is not an object). The last cell of exportCells (JSON starts with `{`, never a formula).
 */
export function otherFields(kind: ExportKind, item: Readonly<Record<string, unknown>>): string {
  return String(exportCells(kind, item, { dates: false }).at(-1))
}

function sortedObject(entries: [string, unknown][]): Record<string, unknown> {
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

/** What `value` holds beyond its `fields` shown in columns: undefined when nothing, all of it when no object. */
function valueBeyond(fields: ReadonlySet<string>, value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const record = value as Readonly<Record<string, unknown>>
  let rest: [string, unknown][] | undefined
  for (const key in record) {
    if (fields.has(key) || record[key] === undefined) continue
    rest ??= []
    rest.push([key, record[key]])
  }
  return rest && sortedObject(rest)
}

/** Where each field of an item goes in an export: the columns showing it whole, and those showing its fields. */
interface FieldPlace {
  /** Indexes of the columns that show the field whole. */
  readonly whole: readonly number[]
  /** The fields of the object stored there that columns show, each with its column's index. */
  readonly paths: readonly (readonly [path: string, index: number])[]
  /** When no column shows it whole: its fields shown in columns (the rest goes to 'Other fields'). */
  readonly shownFields: ReadonlySet<string> | undefined
}

function placesOf(kind: ExportKind): ReadonlyMap<string, FieldPlace> {
  const places = new Map<string, { whole: number[]; paths: [string, number][] }>()
  exportColumns[kind].forEach((column, index) => {
    const place = places.get(column.key) ?? { whole: [], paths: [] }
    if (column.path === undefined) place.whole.push(index)
    else place.paths.push([column.path, index])
    places.set(column.key, place)
  })
  return new Map(
    [...places].map(([key, { whole, paths }]) => [
      key,
      { whole, paths, shownFields: whole.length > 0 ? undefined : new Set(paths.map(([path]) => path)) },
    ]),
  )
}

const placesByKind: ReadonlyMap<ExportKind, ReadonlyMap<string, FieldPlace>> = /* @__PURE__ */ (() =>
  new Map(exportKinds.map((kind) => [kind, placesOf(kind)])))()

/**
 * The cells of one item in an export of `kind`, in the order of `exportColumnsOf(kind)`. With `dates`, ISO
 * times in date columns become dates (the workbook); without, every cell is text or a number (CSV). One pass
 * over the item's own fields, each put in its columns or kept for 'Other fields' (see otherFields):
 * exports call this for every row, and an item holds fewer fields than its kind has columns. `leaveOut` names
 * attributes in no cell at all: an item as stored, with its table's key attributes, needs no copy without them.
 */
export function exportCells(
  kind: ExportKind,
  item: Readonly<Record<string, unknown>>,
  { dates, leaveOut }: { readonly dates: boolean; readonly leaveOut?: readonly string[] },
): (string | number | Date)[] {
  const columns = exportColumns[kind]
  const places = placesByKind.get(kind)
  const cells: (string | number | Date)[] = new Array(columns.length + 1).fill('')
  let extra: [string, unknown][] | undefined
  // for…in, not Object.keys: no array of keys for every row (items are plain objects, nothing inherited).
  for (const key in item) {
    const value = item[key]
    if (value === undefined) continue
    const place = places?.get(key)
    if (place === undefined) {
      if (leaveOut?.includes(key)) continue
      extra ??= []
      extra.push([key, value])
      continue
    }
    for (const index of place.whole)
      cells[index] = cellValue(value, dates ? (columns[index] ?? untyped) : untyped)
    if (place.paths.length > 0) {
      const record =
        typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : undefined
      for (const [path, index] of place.paths) {
        cells[index] = cellValue(record?.[path], dates ? (columns[index] ?? untyped) : untyped)
      }
    }
    if (place.shownFields) {
      const beyond = valueBeyond(place.shownFields, value)
      if (beyond !== undefined) {
        extra ??= []
        extra.push([key, beyond])
      }
    }
  }
  cells[columns.length] = neutraliseCell(extra ? JSON.stringify(sortedObject(extra)) : '')
  return cells
}

/** A column of no particular type: what a cell is written as when dates are not asked for. */
const untyped: Pick<ExportColumn, 'type'> = {}

/**
 * Characters that make a spreadsheet program read a cell as a formula (or a DDE call) when they start it:
 * = + - @, tab and carriage return, and the full-width forms of = + - @ that some programs also accept.
 */
export const formulaTriggers: ReadonlySet<string> = new Set([
  '=',
  '+',
  '-',
  '@',
  '\t',
  '\r',
  '\uFF1D',
  '\uFF0B',
  '\uFF0D',
  '\uFF20',
])

/**
 * The triggers by their UTF-16 code: every text cell of an export is tested, and reading a code makes no string
 * of one character (a new one, hashed for the look-up, for each cell that starts beyond Latin-1, as a quote's
 * `₹` estimate does).
 */
const formulaTriggerCodes: ReadonlySet<number> = /* @__PURE__ */ (() =>
  new Set([...formulaTriggers].map((char) => char.charCodeAt(0))))()

/**
 * Neutralises a text cell (OWASP "CSV injection"): a value that starts with a formula trigger gets a leading
 * apostrophe, which spreadsheet programs show as text and never evaluate. Other text is returned unchanged.
 */
export function neutraliseCell(value: string): string {
  return formulaTriggerCodes.has(value.charCodeAt(0)) ? `'${value}` : value
}

/**
 * The value of one cell: finite numbers stay numbers, ISO times in a date column become dates, everything
 * else becomes neutralised text (objects as JSON, booleans as yes/no, absent as ''). Never a formula.
 */
export function cellValue(value: unknown, column: Pick<ExportColumn, 'type'>): string | number | Date {
  if (value === undefined || value === null) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? value : ''
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (column.type === 'date' && typeof value === 'string') {
    const time = Date.parse(value)
    if (!Number.isNaN(time) && /^\d{4}-\d{2}-\d{2}T/.test(value)) return new Date(time)
  }
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  return neutraliseCell(text)
}
