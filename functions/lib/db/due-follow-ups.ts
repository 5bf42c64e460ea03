import { businessToday } from '@core/business-days'
import { tableName } from '../config'
import { tables } from '../store-definitions'
import type { StoredSummary } from './inbox'
import { queryPages } from './partition-io'

/**
 * The follow-ups with a time of day (a promised call-back is one) whose time has come, for the response
 * clock's sweep: one Query of today's INBOX#FOLLOWUP range (`<date>#<at>#<time>#<id>`, inbox.ts), from
 * `lookbackMs` ago to now. A whole-day follow-up (`<date>##…`) has no time and is not in the range. The
 * lookback lets a reminder whose write failed be tried again by the next runs, for that long.
 */
export async function* dueFollowUps(now: Date, lookbackMs: number): AsyncGenerator<StoredSummary[]> {
  const { partitionKey, sortKey } = tables.leads
  const today = businessToday(now)
  const since = new Date(now.getTime() - lookbackMs).toISOString()
  for await (const page of queryPages({
    TableName: tableName('leads'),
    KeyConditionExpression: '#pk = :kind AND #sk BETWEEN :low AND :high',
    ExpressionAttributeNames: { '#pk': partitionKey, '#sk': sortKey },
    // The partition's value first, as partition-io's reads (it names the partition for the tests' fakes);
    // `~` sorts after `#`: every entry whose time is now, whatever follows it.
    ExpressionAttributeValues: {
      ':kind': 'INBOX#FOLLOWUP',
      ':low': `${today}#${since}`,
      ':high': `${today}#${now.toISOString()}~`,
    },
  })) {
    yield (page.Items ?? []).map((item) => {
      const { [partitionKey]: _pk, [sortKey]: _sk, ...summary } = item
      return summary as unknown as StoredSummary
    })
  }
}
