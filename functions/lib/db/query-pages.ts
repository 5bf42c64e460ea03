import { QueryCommand, type QueryCommandInput, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb'
import { dynamo } from '../clients'

/**
 * Every page of a Query from its ExclusiveStartKey (if any), following LastEvaluatedKey to the end: for the
 * paths that read a whole partition (the admin users, a username's lockouts, the counters and their recount,
 * the CLI's erasure and reindex), or that stop reading themselves (the inbox, which stops when its page is
 * full). A module of its own because partition.ts imports the counters, which page through it.
 */
export async function* queryPages(input: QueryCommandInput): AsyncGenerator<QueryCommandOutput> {
  let startKey: Record<string, unknown> | undefined = input.ExclusiveStartKey
  do {
    const reply = await dynamo().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }))
    yield reply
    startKey = reply.LastEvaluatedKey
  } while (startKey)
}
