import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb'
import { tables } from '../../../infra/tables'
import { dynamo } from '../clients'
import { tableName } from '../config'

/** Admin users live in the content table under this partition, sk = username. */
export const adminPartition = 'ADMIN'

const { partitionKey, sortKey } = tables.content
/** Read on first use: a route that imports this module without using it needs no such table. */
const contentTable = (): string => tableName('content')

export interface AdminUser {
  readonly username: string
  /** `scrypt$N$r$p$salt$hash`, see functions/lib/auth/passwords.ts. */
  readonly passwordHash: string
  readonly createdAt: string
  readonly updatedAt: string
}

/** The admin user named `username`, or undefined. */
export async function getAdminUser(username: string): Promise<AdminUser | undefined> {
  const reply = await dynamo().send(
    new GetCommand({
      TableName: contentTable(),
      Key: { [partitionKey]: adminPartition, [sortKey]: username },
      ConsistentRead: true,
    }),
  )
  if (!reply.Item) return undefined
  const { username: name, passwordHash, createdAt, updatedAt } = reply.Item as AdminUser
  return { username: name, passwordHash, createdAt, updatedAt }
}

/** Creates the admin user, or replaces its password hash when it exists (keeping createdAt). */
export async function saveAdminUser(
  username: string,
  passwordHash: string,
  now = new Date(),
): Promise<AdminUser> {
  const existing = await getAdminUser(username)
  const user: AdminUser = {
    username,
    passwordHash,
    createdAt: existing?.createdAt ?? now.toISOString(),
    updatedAt: now.toISOString(),
  }
  await dynamo().send(
    new PutCommand({
      TableName: contentTable(),
      Item: { ...user, [partitionKey]: adminPartition, [sortKey]: username },
    }),
  )
  return user
}

/** Whether any admin user exists (one Query of at most one item). */
export async function anyAdminExists(): Promise<boolean> {
  const reply = await dynamo().send(
    new QueryCommand({
      TableName: contentTable(),
      KeyConditionExpression: '#pk = :admin',
      ExpressionAttributeNames: { '#pk': partitionKey },
      ExpressionAttributeValues: { ':admin': adminPartition },
      Limit: 1,
    }),
  )
  return (reply.Items?.length ?? 0) > 0
}

/** What a listing shows of an admin user: never the password hash. */
export type AdminUserSummary = Omit<AdminUser, 'passwordHash'>

/** Every admin user, by username, without password hashes (Queries of the ADMIN partition, paged). */
export async function listAdminUsers(): Promise<AdminUserSummary[]> {
  const users: AdminUserSummary[] = []
  let startKey: Record<string, unknown> | undefined
  do {
    const reply = await dynamo().send(
      new QueryCommand({
        TableName: contentTable(),
        KeyConditionExpression: '#pk = :admin',
        ProjectionExpression: '#username, createdAt, updatedAt',
        ExpressionAttributeNames: { '#pk': partitionKey, '#username': 'username' },
        ExpressionAttributeValues: { ':admin': adminPartition },
        ExclusiveStartKey: startKey,
      }),
    )
    for (const item of reply.Items ?? []) {
      const { username, createdAt, updatedAt } = item as AdminUserSummary
      users.push({ username, createdAt, updatedAt })
    }
    startKey = reply.LastEvaluatedKey
  } while (startKey)
  return users
}

/** Deletes the admin user `username`; false when there was none. Tokens it holds stay valid until they expire. */
export async function deleteAdminUser(username: string): Promise<boolean> {
  try {
    await dynamo().send(
      new DeleteCommand({
        TableName: contentTable(),
        Key: { [partitionKey]: adminPartition, [sortKey]: username },
        ConditionExpression: 'attribute_exists(#pk)',
        ExpressionAttributeNames: { '#pk': partitionKey },
      }),
    )
    return true
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false
    throw error
  }
}
