import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor } from '../../../functions/lib/db/cursor'

const key = { partitionKey: 'pk', sortKey: 'sk' }
const raw = (text: string) => Buffer.from(text).toString('base64url')

// Found by the fuzzing of the handlers: a cursor of the right partition but the wrong shape reached DynamoDB as
// ExclusiveStartKey, which refused it (ValidationException) and the admin list answered 500.
describe('paging cursors', () => {
  it('round-trips a key of its own partition', () => {
    const cursor = encodeCursor({ pk: 'QUOTE', sk: '2026-11-22T10:00:00.000Z#a' })
    expect(decodeCursor(cursor, key, 'QUOTE')).toEqual({ pk: 'QUOTE', sk: '2026-11-22T10:00:00.000Z#a' })
    expect(decodeCursor(undefined, key, 'QUOTE')).toBeUndefined()
    expect(decodeCursor('', key, 'QUOTE')).toBeUndefined()
  })

  it.each([
    ['no sort key', encodeCursor({ pk: 'QUOTE' })],
    ['an empty sort key', encodeCursor({ pk: 'QUOTE', sk: '' })],
    ['a sort key over 1,024 bytes', encodeCursor({ pk: 'QUOTE', sk: 'é'.repeat(513) })],
    ['a lone surrogate', encodeCursor({ pk: 'QUOTE', sk: '\uD800' })],
    ['an extra attribute', encodeCursor({ pk: 'QUOTE', sk: 'x', other: 'y' })],
    ['another attribute instead of the sort key', encodeCursor({ pk: 'QUOTE', other: 'x' })],
    ['a number', encodeCursor({ pk: 'QUOTE', sk: 1 })],
    ['another partition', encodeCursor({ pk: 'ADMIN', sk: 'asha' })],
    ['an array', raw('[["pk","QUOTE"],["sk","x"]]')],
    ['an own __proto__ key', raw('{"pk":"QUOTE","sk":"x","__proto__":{"a":1}}')],
    ['truncated JSON', raw('{"pk":"QUOTE","sk":"x"')],
  ])('refuses %s with 400', (_name, cursor) => {
    expect(() => decodeCursor(cursor, key, 'QUOTE')).toThrow(
      expect.objectContaining({ statusCode: 400, message: 'The paging cursor is not valid.' }),
    )
  })
})
