import { BadRequestError } from '../errors'

/** An opaque paging cursor: the DynamoDB LastEvaluatedKey, base64url JSON. */
export function encodeCursor(key: Record<string, unknown> | undefined): string | undefined {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined
}

/**
 * Decodes a cursor and checks it belongs to partition `pk` (so a cursor cannot be used to read another kind).
 * Throws BadRequestError for anything else.
 */
export function decodeCursor(
  cursor: string | undefined,
  partitionKey: string,
  pk: string,
): Record<string, string> | undefined {
  if (cursor === undefined || cursor === '') return undefined
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (
      value &&
      typeof value === 'object' &&
      Object.values(value).every((part) => typeof part === 'string') &&
      (value as Record<string, string>)[partitionKey] === pk
    ) {
      return value as Record<string, string>
    }
  } catch {
    // fall through to the error below
  }
  throw new BadRequestError('The paging cursor is not valid.')
}
