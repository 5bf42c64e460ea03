/**
 * The bench's yardstick for cold imports: a handler that imports only the DynamoDB document client,
 * bundled with the route bundles' own esbuild options (infra/build-functions.ts). A route's cold import is
 * reported as a multiple of this one's, measured side by side, so the figure says what the route adds over
 * the SDK it cannot do without, whatever the machine's speed.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb'

const client = DynamoDBDocumentClient.from(new DynamoDBClient({}))

export const handler = async () =>
  client.send(new GetCommand({ TableName: 'leads', Key: { pk: 'a', sk: 'b' } }))
