import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import type { AssignableUser } from '@core/assignment'
import type { MessageTemplate } from '@core/lead-attempts'
import { type RetentionPeriods, retentionDefaults, retentionRefusal } from '@core/retention'
import { isStaffRole, leadWorkers, type StaffRole } from '@core/roles'
import {
  type Absence,
  defaultSalesSettings,
  type SalesSettings,
  type SalesSettingsReply,
} from '@core/sales-settings'
import type { SalesSettingsInput } from '@core/sales-settings-schema'
import { dynamo } from '../clients'
import { tableName } from '../config'
import { ConflictError } from '../errors'
import { tables } from '../store-definitions'
import { updateIf } from './partition-io'

/**
 * The sales settings item (content table, SETTINGS partition): territories, specialists, who is away and the
 * business calendar, as owners set them, plus the roster of staff who may be given leads (username → role,
 * one `staff#<username>` attribute each, written with every change of a staff account, admin-users.ts). The
 * public lead functions read it to assign a lead on arrival and never read the staff records themselves
 * (their IAM grants GetItem on SETTINGS, not ADMIN). The round robin's pointers are a separate item
 * (ROTATION partition), the only thing those functions write here: a public function cannot change a rule.
 */

export const salesSettingsPartition = 'SETTINGS'
export const rotationPartition = 'ROTATION'
const settingsSortKey = 'SALES'

const { partitionKey, sortKey } = tables.content
const contentTable = (): string => tableName('content')
const settingsKey = () => ({ [partitionKey]: salesSettingsPartition, [sortKey]: settingsSortKey })
const rotationKey = () => ({ [partitionKey]: rotationPartition, [sortKey]: settingsSortKey })

/** The attribute prefixes of the roster and the pointers: flat attributes, so an update needs no map. */
const staffPrefix = 'staff#'
const rotationPrefix = 'rotation#'

/** What assignment reads: the rules, the roster and the pointers, in one round trip. */
export interface AssignmentContext {
  readonly settings: SalesSettings
  /** Every staff member who may be given leads, with their role. */
  readonly roster: readonly AssignableUser[]
  /** The settings' version (0 before an owner first saves them). */
  readonly version: number
  readonly updatedAt?: string
  readonly updatedBy?: string
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The stored message templates (checked by the schema when saved), none when missing. */
function templatesOf(value: unknown): MessageTemplate[] {
  if (!Array.isArray(value)) return []
  return value
    .filter(
      (template): template is MessageTemplate =>
        isRecord(template) && typeof template.name === 'string' && typeof template.text === 'string',
    )
    .map((template) => ({ ...template, kind: template.kind === 'offer' ? 'offer' : 'reply' }))
}

/** The stored settings, each part the default when missing (checked by the schema when saved). */
function settingsOf(
  item: Record<string, unknown> | undefined,
  pointers: Record<string, unknown> | undefined,
) {
  const rotation: Record<string, string> = {}
  for (const [name, value] of Object.entries(pointers ?? {})) {
    if (name.startsWith(rotationPrefix) && typeof value === 'string')
      rotation[name.slice(rotationPrefix.length)] = value
  }
  const calendar = isRecord(item?.calendar)
    ? (item.calendar as unknown as SalesSettings['calendar'])
    : undefined
  return {
    territories: Array.isArray(item?.territories)
      ? (item.territories as SalesSettings['territories'])
      : defaultSalesSettings.territories,
    specialists: isRecord(item?.specialists)
      ? (item.specialists as SalesSettings['specialists'])
      : defaultSalesSettings.specialists,
    away: isRecord(item?.away) ? (item.away as SalesSettings['away']) : defaultSalesSettings.away,
    calendar:
      calendar && Array.isArray(calendar.hours) && calendar.hours.length === 7
        ? { hours: calendar.hours, holidays: Array.isArray(calendar.holidays) ? calendar.holidays : [] }
        : defaultSalesSettings.calendar,
    clock:
      isRecord(item?.clock) &&
      typeof item.clock.reminderMinutes === 'number' &&
      typeof item.clock.escalationMinutes === 'number'
        ? { reminderMinutes: item.clock.reminderMinutes, escalationMinutes: item.clock.escalationMinutes }
        : defaultSalesSettings.clock,
    rotation,
    templates: templatesOf(item?.templates),
    retention: retentionOf(item?.retention),
    retentionNotice: item?.retentionNotice === true,
  } satisfies SalesSettings
}

/** The stored retention periods, each the default when missing or out of bounds (checked when saved). */
function retentionOf(value: unknown): RetentionPeriods {
  const stored = isRecord(value) ? value : {}
  const periods = { ...retentionDefaults }
  for (const field of Object.keys(retentionDefaults) as (keyof RetentionPeriods)[]) {
    const months = stored[field]
    if (typeof months === 'number') periods[field] = months
  }
  return retentionRefusal(periods) ? retentionDefaults : periods
}

function rosterOf(item: Record<string, unknown> | undefined): AssignableUser[] {
  const roster: AssignableUser[] = []
  for (const [name, role] of Object.entries(item ?? {})) {
    if (name.startsWith(staffPrefix) && isStaffRole(role))
      roster.push({ username: name.slice(staffPrefix.length), role })
  }
  return roster.sort((a, b) => (a.username < b.username ? -1 : 1))
}

/** The settings, the roster and the round robin's pointers (one BatchGetItem, consistent reads). */
export async function readAssignmentContext(): Promise<AssignmentContext> {
  const table = contentTable()
  const reply = await dynamo().send(
    new BatchGetCommand({
      RequestItems: { [table]: { Keys: [settingsKey(), rotationKey()], ConsistentRead: true } },
    }),
  )
  const items = [...(reply.Responses?.[table] ?? [])]
  // Both keys are small: an unprocessed one is read again once, then treated as not set.
  if (reply.UnprocessedKeys?.[table]?.Keys?.length) {
    const again = await dynamo().send(new BatchGetCommand({ RequestItems: reply.UnprocessedKeys }))
    items.push(...(again.Responses?.[table] ?? []))
  }
  const find = (partition: string) => items.find((item) => item[partitionKey] === partition)
  const settingsItem = find(salesSettingsPartition)
  return {
    settings: settingsOf(settingsItem, find(rotationPartition)),
    roster: rosterOf(settingsItem),
    version: typeof settingsItem?.version === 'number' ? settingsItem.version : 0,
    ...(typeof settingsItem?.updatedAt === 'string' ? { updatedAt: settingsItem.updatedAt } : {}),
    ...(typeof settingsItem?.updatedBy === 'string' ? { updatedBy: settingsItem.updatedBy } : {}),
  }
}

/**
 * The roster alone (one GetItem of the settings item, consistent): who has which role, for a function that
 * needs to know who the owners are (the push relay) and nothing of the rules' pointers.
 */
export async function readRoster(): Promise<AssignableUser[]> {
  const reply = await dynamo().send(
    new GetCommand({ TableName: contentTable(), Key: settingsKey(), ConsistentRead: true }),
  )
  return rosterOf(reply.Item)
}

/** What the workspace's settings page shows of the context. */
export function settingsReply(context: AssignmentContext): SalesSettingsReply {
  const { rotation: _pointers, ...settings } = context.settings
  return {
    settings,
    people: context.roster.map((person) => ({ username: person.username, role: String(person.role) })),
    version: context.version,
    ...(context.updatedAt ? { updatedAt: context.updatedAt } : {}),
    ...(context.updatedBy ? { updatedBy: context.updatedBy } : {}),
  }
}

export const settingsChangedMessage =
  'Someone else saved the settings since you opened them. Reload them to see their change, then try again.'

/**
 * Saves an owner's rules over those of `input.version` (ConflictError when someone saved since: nothing is
 * written). The roster and the pointers are not touched.
 */
export async function saveSalesSettings(
  input: SalesSettingsInput,
  actor: string,
  now = new Date(),
): Promise<void> {
  const { version, territories, specialists, away, calendar, clock, templates, retention, retentionNotice } =
    input
  const notice = typeof retentionNotice === 'boolean'
  const saved = await updateIf({
    TableName: contentTable(),
    Key: settingsKey(),
    // The retention periods are written when sent: a page that does not show them keeps them as they are.
    UpdateExpression: `SET territories = :territories, specialists = :specialists, away = :away, calendar = :calendar, clock = :clock, templates = :templates, ${
      retention ? 'retention = :retention, ' : ''
    }${notice ? 'retentionNotice = :notice, ' : ''}#version = :next, updatedAt = :now, updatedBy = :actor`,
    ConditionExpression: version === 0 ? 'attribute_not_exists(#version)' : '#version = :version',
    ExpressionAttributeNames: { '#version': 'version' },
    ExpressionAttributeValues: {
      ':territories': territories,
      ':specialists': specialists,
      ':away': away,
      ':calendar': calendar,
      ':clock': clock,
      ':templates': templates,
      ...(retention ? { ':retention': retention } : {}),
      ...(notice ? { ':notice': retentionNotice } : {}),
      ':next': version + 1,
      ':now': now.toISOString(),
      ':actor': actor,
      ...(version === 0 ? {} : { ':version': version }),
    },
  })
  if (!saved) throw new ConflictError(settingsChangedMessage)
}

/** Moves a round robin's pointer to `username` (the last one given a lead from `pool`). */
export async function advanceRotation(pool: string, username: string): Promise<void> {
  await dynamo().send(
    new UpdateCommand({
      TableName: contentTable(),
      Key: rotationKey(),
      UpdateExpression: 'SET #pointer = :username',
      ExpressionAttributeNames: { '#pointer': `${rotationPrefix}${pool}` },
      ExpressionAttributeValues: { ':username': username },
    }),
  )
}

/**
 * Keeps the roster in step with a staff account: its role, or undefined when the account is gone. Only the
 * roles that may work leads are listed (the public functions learn nothing of the others). Every write of a
 * staff account's role calls it (admin-users.ts); `npm run admin -- upgrade` fills it for accounts made
 * before it existed.
 */
export async function recordRosterRole(username: string, role: StaffRole | undefined): Promise<void> {
  if (role && !(leadWorkers as readonly StaffRole[]).includes(role)) role = undefined
  await dynamo().send(
    new UpdateCommand({
      TableName: contentTable(),
      Key: settingsKey(),
      UpdateExpression: role ? 'SET #member = :role' : 'REMOVE #member',
      ExpressionAttributeNames: { '#member': `${staffPrefix}${username}` },
      ...(role ? { ExpressionAttributeValues: { ':role': role } } : {}),
    }),
  )
}

/**
 * The WhatsApp message templates alone (GET /api/admin/message-templates, for every colleague who reaches
 * leads): one GetItem of the settings item, only its `templates`.
 */
export async function readMessageTemplates(): Promise<MessageTemplate[]> {
  const reply = await dynamo().send(
    new GetCommand({ TableName: contentTable(), Key: settingsKey(), ProjectionExpression: 'templates' }),
  )
  return templatesOf(reply.Item?.templates)
}

/** One person's stored absence (away now: no dates; leave an owner planned: dates), or undefined. */
export async function readAbsence(username: string): Promise<Absence | undefined> {
  const reply = await dynamo().send(
    new GetCommand({
      TableName: contentTable(),
      Key: settingsKey(),
      ProjectionExpression: 'away.#person',
      ExpressionAttributeNames: { '#person': username },
      ConsistentRead: true,
    }),
  )
  const away = reply.Item?.away
  const absence = isRecord(away) ? away[username] : undefined
  if (!isRecord(absence)) return undefined
  return {
    ...(typeof absence.from === 'string' ? { from: absence.from } : {}),
    ...(typeof absence.until === 'string' ? { until: absence.until } : {}),
  }
}

/**
 * A staff member marks themselves away now (no dates, until they say they are back) or back (their entry,
 * dated or not, is removed): only their own entry of the settings' `away` is written, each write conditional
 * on the map as found, and every one raises the version, so an owner's save made before it is refused (409)
 * rather than undoing it. Answers whether anything changed.
 */
export async function setOwnAway(username: string, away: boolean, now = new Date()): Promise<boolean> {
  const stamp = {
    ExpressionAttributeNames: { '#away': 'away', '#person': username, '#version': 'version' },
    ExpressionAttributeValues: { ':one': 1, ':now': now.toISOString(), ':actor': username },
  }
  const common = { TableName: contentTable(), Key: settingsKey() }
  if (!away) {
    const cleared = await updateIf({
      ...common,
      UpdateExpression: 'REMOVE #away.#person SET updatedAt = :now, updatedBy = :actor ADD #version :one',
      ConditionExpression: 'attribute_exists(#away.#person)',
      ...stamp,
    })
    return cleared !== undefined
  }
  // The map exists once an owner saved the settings; before that, it is made with this one entry. Two tries:
  // an owner's first save between them is the only way both conditions can fail.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const marked = await updateIf({
      ...common,
      UpdateExpression:
        'SET #away.#person = :absence, updatedAt = :now, updatedBy = :actor ADD #version :one',
      ConditionExpression: 'attribute_exists(#away)',
      ...stamp,
      ExpressionAttributeValues: { ...stamp.ExpressionAttributeValues, ':absence': {} },
    })
    if (marked) return true
    const made = await updateIf({
      ...common,
      UpdateExpression: 'SET #away = :away, updatedAt = :now, updatedBy = :actor ADD #version :one',
      ConditionExpression: 'attribute_not_exists(#away)',
      ExpressionAttributeNames: { '#away': 'away', '#version': 'version' },
      ExpressionAttributeValues: { ...stamp.ExpressionAttributeValues, ':away': { [username]: {} } },
    })
    if (made) return true
  }
  throw new ConflictError(settingsChangedMessage)
}
