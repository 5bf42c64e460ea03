import { type AuditEntry, auditEntryOf } from '@core/audit'
import {
  type AffectedPerson,
  type BreachAccess,
  type BreachActor,
  type BreachFindings,
  type BreachQuery,
  type BreachRecord,
  type BreachRecordKind,
  breachAccesses,
  exportedRecordKinds,
} from '@core/breach-report'
import type { FieldDeclarations, PersonalData } from '@core/field-declarations'
import { leadFieldsOfKind } from '@core/lead-fields'
import { normaliseEmail } from '@core/newsletter'
import { personalDataNames } from '@core/privacy-notice'
import { auditPartition } from './audit'
import { queryPartition } from './partition-io'

/** Lead ids as the API issues them (randomUUID), wherever an entry's target or detail names them. */
const leadIds = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g

/** The access each action of the activity log is, for the actions that name leads by id. */
const accessOfAction: Partial<Record<AuditEntry['action'], BreachAccess>> = {
  'lead-view': 'viewed',
  'lead-update': 'changed',
  'lead-note': 'changed',
  'lead-attempt': 'changed',
  'lead-merge': 'changed',
  'lead-create': 'created',
  'person-lookup': 'looked-up',
  'person-erasure': 'erased',
}

/** What the log says the window touched, before the store is read. */
interface LogScope {
  readonly byId: Map<string, Set<BreachAccess>>
  readonly exports: { readonly at: string; readonly kinds: readonly BreachRecordKind[] }[]
  readonly staff: Map<string, number>
  entries: number
}

/**
 * The activity log's entries of the window, read by key range (the AUDIT partition's sort keys start with
 * the entry's time, so `from` to `to` is one paged Query, never a Scan), of one account when `user` is given.
 */
async function readLogScope(query: BreachQuery): Promise<LogScope> {
  const allowed = new Set(query.accesses ?? breachAccesses)
  const scope: LogScope = { byId: new Map(), exports: [], staff: new Map(), entries: 0 }
  // `<time>#<id>`: every id sorts below `~`, so the last entry at `to` is inside.
  const read = queryPartition('content', auditPartition, { sortKeyBetween: [query.from, `${query.to}#~`] })
  for await (const items of read) {
    for (const entry of items.map(auditEntryOf)) {
      if (!entry || (query.user !== undefined && entry.actor !== query.user)) continue
      scope.entries += 1
      scope.staff.set(entry.actor, (scope.staff.get(entry.actor) ?? 0) + 1)
      if (entry.action === 'export') {
        const kinds = exportedRecordKinds(entry.target, entry.detail)
        if (allowed.has('exported') && kinds.length > 0) scope.exports.push({ at: entry.at, kinds })
        continue
      }
      const access = accessOfAction[entry.action]
      if (!access || !allowed.has(access)) continue
      for (const id of `${entry.target ?? ''} ${entry.detail ?? ''}`.match(leadIds) ?? []) {
        const accesses = scope.byId.get(id) ?? new Set()
        accesses.add(access)
        scope.byId.set(id, accesses)
      }
    }
  }
  return scope
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined
const digits = (value: string): string => value.replace(/\D/g, '')
/** The sorts of personal data in the notices' order. */
const dataOrder = Object.keys(personalDataNames.en) as PersonalData[]

/** A stored lead the window touched: its record, how, and its personal data by sort (the declarations' flags). */
interface TouchedRecord {
  readonly record: BreachRecord
  readonly accesses: ReadonlySet<BreachAccess>
  readonly values: Partial<Record<PersonalData, string>>
}

function personalValues(kind: BreachRecordKind, item: Record<string, unknown>) {
  const values: Partial<Record<PersonalData, string>> = {}
  for (const [name, field] of Object.entries(leadFieldsOfKind[kind] as FieldDeclarations)) {
    const value = text(item[name])
    if (field.personal && value !== undefined) values[field.personal] ??= value
  }
  return values
}

/** One person per e-mail address, else per phone number (its last 10 digits), else per record. */
function personKey(touched: TouchedRecord): string {
  const { email, phone } = touched.values
  if (email) return `email ${normaliseEmail(email)}`
  if (phone && digits(phone).length >= 10) return `phone ${digits(phone).slice(-10)}`
  return `record ${touched.record.id}`
}

function peopleOf(touched: readonly TouchedRecord[]): AffectedPerson[] {
  const groups = new Map<string, TouchedRecord[]>()
  for (const one of touched) groups.set(personKey(one), [...(groups.get(personKey(one)) ?? []), one])
  return [...groups.values()].map((records) => {
    const first = (sort: PersonalData) => records.map((one) => one.values[sort]).find(Boolean)
    const [name, email, phone] = [first('name'), first('email'), first('phone')]
    return {
      ...(name ? { name } : {}),
      ...(email ? { email } : {}),
      ...(phone ? { phone } : {}),
      records: records.map((one) => one.record),
      accesses: breachAccesses.filter((access) => records.some((one) => one.accesses.has(access))),
      data: dataOrder.filter((sort) => records.some((one) => one.values[sort] !== undefined)),
    }
  })
}

/**
 * Which people and which of their data an incident window touched, from the activity log and the store: the
 * leads opened, changed, noted on, added, looked up or erased by id in the log's entries of the window; every
 * lead of an export's kinds stored when the export was made; and, when no account is named, every lead that
 * arrived in the window. Reads the window of the log by key range and each lead partition with paged Queries
 * (as an export does): for the owners' breach drill, not a visitor's request.
 */
export async function findBreachScope(query: BreachQuery): Promise<BreachFindings> {
  const log = await readLogScope(query)
  const arrivals = query.user === undefined && (query.accesses ?? breachAccesses).includes('created')
  const touched: TouchedRecord[] = []
  const found = new Set<string>()
  for (const kind of Object.keys(leadFieldsOfKind) as BreachRecordKind[]) {
    for await (const items of queryPartition('leads', kind)) {
      for (const item of items) {
        const id = String(item.id ?? '')
        const createdAt = String(item.createdAt ?? '')
        const accesses = new Set(log.byId.get(id))
        if (log.byId.has(id)) found.add(id)
        if (log.exports.some((made) => made.kinds.includes(kind) && createdAt <= made.at))
          accesses.add('exported')
        if (arrivals && createdAt >= query.from && createdAt <= query.to) accesses.add('created')
        if (accesses.size === 0) continue
        touched.push({ record: { kind, id, createdAt }, accesses, values: personalValues(kind, item) })
      }
    }
  }
  touched.sort((one, other) => one.record.createdAt.localeCompare(other.record.createdAt))
  const staff: BreachActor[] = [...log.staff].map(([actor, entries]) => ({ actor, entries }))
  return {
    query,
    people: peopleOf(touched),
    staff,
    entries: log.entries,
    exports: log.exports.length,
    goneIds: [...log.byId.keys()].filter((id) => !found.has(id)),
  }
}
