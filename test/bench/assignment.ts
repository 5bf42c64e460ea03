/**
 * The assignment benchmark of `npm run bench`: what assigning a new lead on arrival adds to storing it. On the
 * stand-in's dynalite, with sales users, territories and specialists saved, `count` quotes are stored through
 * storeLead (functions/lib/db/leads.ts) with the assignment (the settings read, the person's other leads by
 * phone, the round robin's pointer) and `count` without it, turn by turn, each with a phone number of its own
 * and every fifth one a repeat of an earlier person's. The added latency is the difference of the two p95s.
 */
import { defaultSalesSettings } from '@core/sales-settings'
import type { SalesSettingsInput } from '@core/sales-settings-schema'
import { saveAdminUser } from '../../functions/lib/db/admin-users'
import { storeLead } from '../../functions/lib/db/leads'
import { readAssignmentContext, saveSalesSettings } from '../../functions/lib/db/sales-settings'

export interface AssignmentTiming {
  readonly count: number
  readonly withP50Ms: number
  readonly withP95Ms: number
  readonly withoutP50Ms: number
  readonly withoutP95Ms: number
  /** How many of the leads stored with the assignment got an assignee. */
  readonly assigned: number
  /** How many of them kept the assignee of the same person's earlier lead. */
  readonly samePerson: number
}

const percentile = (values: readonly number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN
}

/** Saves the staff and rules the benchmark assigns by (once per store). */
export async function prepareAssignment(): Promise<void> {
  for (const username of ['meera', 'sunil', 'asha', 'ravi']) {
    await saveAdminUser(username, 'not-a-real-hash', new Date(), 'sales')
  }
  const { version } = await readAssignmentContext()
  await saveSalesSettings(
    {
      away: {},
      calendar: defaultSalesSettings.calendar as unknown as SalesSettingsInput['calendar'],
      clock: defaultSalesSettings.clock,
      templates: [],
      version,
      territories: [
        { prefix: '500', username: 'ravi' },
        { prefix: '560', username: 'asha' },
      ],
      specialists: { commercial: ['meera', 'sunil'] },
    },
    'bench',
  )
}

export async function measureAssignment(count: number): Promise<AssignmentTiming> {
  const withTimes: number[] = []
  const withoutTimes: number[] = []
  let assigned = 0
  let samePerson = 0
  const pins = ['500081', '560001', '110001', '400001']
  const categories = ['residential', 'commercial', 'housing'] as const
  for (let index = 0; index < count; index += 1) {
    const pinCode = pins[index % pins.length]!
    const category = categories[index % categories.length]!
    // Every fifth lead repeats the person of five leads before (the same number, written another way).
    const person = index % 5 === 4 ? index - 4 : index
    const digits = String(9_000_000_000 + person * 7919).slice(-10)
    const quote = {
      name: `Bench ${index}`,
      whatsapp: index % 5 === 4 ? `+91 ${digits}` : digits,
      pincode: pinCode,
      category,
    }
    for (const assign of index % 2 === 0 ? [true, false] : [false, true]) {
      const started = performance.now()
      const { lead } = await storeLead('QUOTE', quote, assign ? { assign: { category, pinCode } } : {})
      const took = performance.now() - started
      if (!assign) {
        withoutTimes.push(took)
        continue
      }
      withTimes.push(took)
      const history = (lead as { assignee?: string; history?: { text?: string }[] }).history ?? []
      if ((lead as { assignee?: string }).assignee) assigned += 1
      if (history[0]?.text?.startsWith('same person')) samePerson += 1
    }
  }
  return {
    count,
    withP50Ms: percentile(withTimes, 0.5),
    withP95Ms: percentile(withTimes, 0.95),
    withoutP50Ms: percentile(withoutTimes, 0.5),
    withoutP95Ms: percentile(withoutTimes, 0.95),
    assigned,
    samePerson,
  }
}
