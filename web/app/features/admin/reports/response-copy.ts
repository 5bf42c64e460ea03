import { type ResponseBandId, responseBands, untouchedAfterHours } from '@core/response-figures'

/**
 * The response-time figures' words and how their values read: minutes of business time ("4 min",
 * "1 h 20 min"), shares as percentages, "–" where there is nothing to measure. One place for the tile and
 * the report, so the two never word a figure differently.
 */
export const responseCopy = {
  tileHeading: 'Speed to lead',
  median: 'Median to first contact',
  p90: '90% answered within',
  within5: 'Answered within 5 min',
  within15: 'Answered within 15 min',
  untouched: `Untouched after ${untouchedAfterHours} h`,
  waitingNow: `Waiting now, over ${untouchedAfterHours} h`,
  toReport: 'Response-time report',
  businessMinutes: 'In business minutes (open hours only), over the last 12 weeks.',
  weekly: 'Per week',
  weeklyChart: 'Time to first contact per week (business minutes)',
  people: 'Per person',
  peopleNote: 'Each lead counts for the person who had it at its first contact.',
  ownLine: 'Your own line; the totals are the team’s.',
  conversion: 'Conversion by response time',
  conversionNote: 'Quotes and contacts of the weeks shown, by how fast they were first answered.',
  loading: 'Loading the response-time figures…',
  failed: 'The response-time figures could not be loaded.',
  none: 'No leads in these weeks yet.',
  columns: {
    week: 'Week of',
    person: 'Person',
    leads: 'Leads',
    answered: 'Answered',
    median: 'Median',
    p90: '90th percentile',
    within5: '≤ 5 min',
    within15: '≤ 15 min',
    untouched: 'Untouched 24 h',
    band: 'First contact',
    visits: 'Site visit',
    won: 'Won',
  },
} as const

/** The label of each response-time band (core/response-figures.ts responseBands). */
export const bandLabel = (band: ResponseBandId): string =>
  responseBands.find((candidate) => candidate.id === band)?.label ?? band

/** Business minutes as people read them: "4 min", "2 h", "1 h 20 min"; "–" for none. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '–'
  const whole = Math.round(minutes)
  if (whole < 60) return `${whole} min`
  const hours = Math.floor(whole / 60)
  const rest = whole % 60
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`
}

/** A share of leads as a whole percentage; "–" when there were no leads. */
export const formatShare = (share: number, leads: number): string =>
  leads === 0 ? '–' : `${Math.round(share * 100)}%`

/** A part of a whole as "3 (60%)"; the count alone when the whole is 0. */
export const formatPart = (part: number, whole: number): string =>
  whole === 0 ? String(part) : `${part} (${Math.round((part / whole) * 100)}%)`
