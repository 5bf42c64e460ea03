/**
 * The response sweep's benchmark of `npm run bench`: `count` open quotes waiting for a first contact, stored
 * on the stand-in's dynalite as storeLead leaves them (each lead's item and its INBOX#WAITING entry), all
 * escalated already but the newest `due`, which are due for their reminder; then the scheduled handler,
 * called in this process, timed on the run that reminds those and on runs with nothing left to do (every
 * entry read, none acted on). test/integration/bench-sweep.test.ts runs it on a few hundred leads.
 */
import { loadavg } from 'node:os'
import type { SweepReport } from '../../functions/lib/response-sweep'
import { tables } from '../../functions/lib/store-definitions'
import { batchWrite, benchAssignees } from './inbox'

/** The run's clock: a Friday at noon in India, open. */
export const sweepBenchNow = new Date('2026-11-27T12:00:00+05:30')
const minute = 60_000

/** Lead `index` of the sweep's benchmark: its item and its waiting entry, clocks one minute apart. */
function waitingLead(index: number, due: number): Record<string, unknown>[] {
  const id = `0190c0de-5eed-7000-8000-${String(index).padStart(12, '0')}`
  // The newest `due` started 6 to 14 minutes ago (reminder due); the others earlier, escalated long since.
  const startedAt = new Date(sweepBenchNow.getTime() - (index < due ? 6 + (index % 8) : 20 + index) * minute)
  const createdAt = startedAt.toISOString()
  const assignee = benchAssignees[index % benchAssignees.length]
  const escalated = index >= due ? { remindedAt: createdAt, escalatedAt: createdAt } : {}
  const lead = {
    [tables.leads.partitionKey]: 'QUOTE',
    [tables.leads.sortKey]: `${createdAt}#${id}`,
    id,
    createdAt,
    clockStartedAt: createdAt,
    name: `Waiting Lead ${index}`,
    whatsapp: '+91 98765 43210',
    pincode: '500081',
    category: 'residential',
    capacityKw: 5,
    serverEstimate: { estimatedCostInr: 300_840 },
    status: 'new',
    version: 0,
    assignee,
    ...escalated,
  }
  const entry = {
    [tables.leads.partitionKey]: 'INBOX#WAITING',
    [tables.leads.sortKey]: `${createdAt}#${id}`,
    id,
    kind: 'quote',
    createdAt,
    clockStart: createdAt,
    assignee,
    ...escalated,
  }
  return [lead, entry]
}

/** Stores the benchmark's waiting leads (and the bench's colleagues as sales users); answers the seconds. */
export async function fillWaiting(count: number, due: number): Promise<number> {
  const started = performance.now()
  const { recordRosterRole } = await import('../../functions/lib/db/sales-settings')
  for (const username of benchAssignees) await recordRosterRole(username, 'sales')
  const items: Record<string, unknown>[] = []
  for (let index = 0; index < count; index += 1) items.push(...waitingLead(index, due))
  const chunk = 2_500
  const parts = Array.from({ length: Math.ceil(items.length / chunk) }, (_, part) =>
    items.slice(part * chunk, (part + 1) * chunk),
  )
  await Promise.all(parts.map((part) => batchWrite(part)))
  return (performance.now() - started) / 1000
}

export interface SweepTiming {
  readonly name: string
  readonly ms: number
  readonly report: SweepReport
  /** The machine's 1-minute load average when the run ended. */
  readonly load: number
}

/** Times the handler: the run that reminds the due leads, then `idleRuns` runs with nothing to do. */
export async function measureSweep(idleRuns = 5): Promise<SweepTiming[]> {
  const { handler } = await import('../../functions/sweep/response-sweep')
  const timings: SweepTiming[] = []
  const run = async (name: string, at: Date) => {
    const started = performance.now()
    const report = (await handler({ time: at.toISOString() })) as SweepReport
    timings.push({ name, ms: performance.now() - started, report, load: loadavg()[0] ?? Number.NaN })
  }
  await run('reminds the due leads', sweepBenchNow)
  for (let index = 0; index < idleRuns; index += 1) {
    // A second later each time: nothing has become due.
    await run('nothing due', new Date(sweepBenchNow.getTime() + (index + 1) * 1000))
  }
  return timings
}
