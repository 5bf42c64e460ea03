import { BadRequestError } from '../errors'

/** An opaque paging cursor: the DynamoDB LastEvaluatedKey, base64url JSON. */
export function encodeCursor(key: Record<string, unknown> | undefined): string | undefined {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined
}

/** A UTF-16 surrogate without its pair: not text DynamoDB can store. */
const loneSurrogate = /[\uD800-\uDFFF]/u

/** DynamoDB's largest sort key value, in bytes. */
const maxSortKeyBytes = 1024

/**
 * Decodes a cursor and checks that it is a key of partition `pk` of a table keyed by `key`: exactly the
 * partition and sort key attributes, both strings, the sort key not empty and within DynamoDB's size (so a
 * cursor can neither read another kind nor make DynamoDB refuse the Query with a ValidationException, which
 * would be a 500). Throws BadRequestError for anything else.
 */
export function decodeCursor(
  cursor: string | undefined,
  key: { readonly partitionKey: string; readonly sortKey: string },
  pk: string,
): Record<string, string> | undefined {
  if (cursor === undefined || cursor === '') return undefined
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Record<string, unknown>
      const sk = record[key.sortKey]
      if (
        Object.keys(record).length === 2 &&
        record[key.partitionKey] === pk &&
        typeof sk === 'string' &&
        sk !== '' &&
        !loneSurrogate.test(sk) &&
        Buffer.byteLength(sk) <= maxSortKeyBytes
      ) {
        return { [key.partitionKey]: pk, [key.sortKey]: sk }
      }
    }
  } catch {
    // fall through to the error below
  }
  throw new BadRequestError('The paging cursor is not valid.')
}
