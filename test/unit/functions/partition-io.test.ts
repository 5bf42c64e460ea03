import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { countStored } from '../../../functions/lib/db/counters'
import { encodeCursor } from '../../../functions/lib/db/cursor'
import {
  countPartition,
  deleteIf,
  isConditionFailure,
  listNewestFirst,
  putIf,
  putIfAbsent,
  queryPages,
  queryPartition,
  updateIf,
} from '../../../functions/lib/db/partition-io'
import { BadRequestError } from '../../../functions/lib/errors'
import { conditionFailed, throttlingError } from '../../support/leads'
import { loggedFields } from '../../support/logs'

const dynamo = mockClient(DynamoDBDocumentClient)
afterEach(() => {
  dynamo.reset()
  vi.restoreAllMocks()
})

const root = join(import.meta.dirname, '..', '..', '..')

describe('conditional writes', () => {
  it('knows a failed condition by the SDK class, not by an error that merely carries its name', () => {
    expect(isConditionFailure(conditionFailed())).toBe(true)
    expect(
      isConditionFailure(Object.assign(new Error('x'), { name: 'ConditionalCheckFailedException' })),
    ).toBe(false)
    expect(isConditionFailure(throttlingError())).toBe(false)
  })

  it('puts an item only when its key is absent: true when written, false when one was there', async () => {
    dynamo.on(PutCommand).resolvesOnce({}).rejectsOnce(conditionFailed())
    expect(await putIfAbsent('leads', { pk: 'QUOTE', sk: 't#1', id: '1' })).toBe(true)
    expect(await putIfAbsent('leads', { pk: 'QUOTE', sk: 't#1', id: '1' })).toBe(false)
    expect(dynamo.commandCalls(PutCommand)[0]!.args[0].input).toEqual({
      TableName: 'leads',
      Item: { pk: 'QUOTE', sk: 't#1', id: '1' },
      ConditionExpression: 'attribute_not_exists(#pk)',
      ExpressionAttributeNames: { '#pk': 'pk' },
      // The item found comes back with a failed condition: after a retry, it tells this call's own write.
      ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
    })
  })

  it('answers undefined for a failed condition, the output otherwise, and throws any other error', async () => {
    dynamo
      .on(UpdateCommand)
      .resolvesOnce({ Attributes: { count: 2 } })
      .rejectsOnce(conditionFailed())
    const input = { TableName: 'content', Key: { pk: 'A', sk: 'b' }, UpdateExpression: 'ADD #c :one' }
    expect((await updateIf(input))?.Attributes).toEqual({ count: 2 })
    expect(await updateIf(input)).toBeUndefined()
    dynamo.on(DeleteCommand).rejects(conditionFailed())
    expect(await deleteIf({ TableName: 'content', Key: { pk: 'A', sk: 'b' } })).toBeUndefined()
    dynamo.on(PutCommand).rejects(throttlingError())
    await expect(putIf({ TableName: 'content', Item: { pk: 'A', sk: 'b' } })).rejects.toThrow('Rate exceeded')
    await expect(putIfAbsent('content', { pk: 'A', sk: 'b' })).rejects.toThrow('Rate exceeded')
  })

  it('is the only place in functions/ that recognises a failed condition', () => {
    const offenders: string[] = []
    const walk = (dir: string): void => {
      for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
        const path = `${dir}/${entry.name}`
        if (entry.isDirectory()) walk(path)
        else if (
          path !== 'functions/lib/db/partition-io.ts' &&
          /ConditionalCheckFailed/.test(readFileSync(join(root, path), 'utf8'))
        ) {
          offenders.push(path)
        }
      }
    }
    walk('functions')
    expect(offenders).toEqual([])
  })
})

describe('listNewestFirst', () => {
  it('reads one page of the partition newest first, without key attributes, with a cursor to the next', async () => {
    const last = { pk: 'JOB', sk: '2026-11-23T10:00:00.000Z#b' }
    dynamo.on(QueryCommand).resolves({ Items: [{ ...last, id: 'b' }], LastEvaluatedKey: last })
    const page = await listNewestFirst('content', 'JOB', { limit: 500 }, 100)
    expect(page).toEqual({ items: [{ id: 'b' }], nextCursor: encodeCursor(last) })
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toEqual({
      TableName: 'content',
      KeyConditionExpression: '#pk = :kind',
      ExpressionAttributeNames: { '#pk': 'pk' },
      ExpressionAttributeValues: { ':kind': 'JOB' },
      ScanIndexForward: false,
      Limit: 100,
      ExclusiveStartKey: undefined,
    })

    dynamo.reset()
    dynamo.on(QueryCommand).resolves({ Items: [] })
    expect(await listNewestFirst('content', 'JOB', { limit: 0, cursor: page.nextCursor }, 100)).toEqual({
      items: [],
    })
    const next = dynamo.commandCalls(QueryCommand)[0]!.args[0].input
    expect(next.ExclusiveStartKey).toEqual(last)
    expect(next.Limit).toBe(1)
  })

  it('refuses a cursor of another partition with a 400 and reads nothing', async () => {
    const cursor = encodeCursor({ pk: 'RESOURCE', sk: '2026-11-23T10:00:00.000Z#b' })
    await expect(listNewestFirst('content', 'JOB', { limit: 10, cursor }, 100)).rejects.toBeInstanceOf(
      BadRequestError,
    )
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0)
  })
})

describe('queryPages', () => {
  it('follows LastEvaluatedKey to the last page, one Query each, and stops on a throttle', async () => {
    const second = { pk: 'ADMIN', sk: 'b' }
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ sk: 'a' }], LastEvaluatedKey: second })
      .resolvesOnce({ Items: [{ sk: 'b' }] })
    const input = { TableName: 'content', KeyConditionExpression: '#pk = :admin' }
    const seen: unknown[] = []
    for await (const page of queryPages(input)) seen.push(...(page.Items ?? []))
    expect(seen).toEqual([{ sk: 'a' }, { sk: 'b' }])
    expect(dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input.ExclusiveStartKey)).toEqual([
      undefined,
      second,
    ])

    dynamo.reset()
    dynamo.on(QueryCommand).rejects(throttlingError())
    await expect(queryPages(input).next()).rejects.toThrow('Rate exceeded')
  })
})

describe('queryPartition and countPartition', () => {
  it('read every page of one partition, with the sort-key range, projection and order asked', async () => {
    const second = { pk: 'LOGIN#USERNET', sk: 'ravi#b' }
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ Items: [{ ...second, sk: 'ravi#a' }], LastEvaluatedKey: second })
      .resolvesOnce({ Items: [second] })
    const pages: unknown[] = []
    const read = queryPartition('content', 'LOGIN#USERNET', {
      sortKeyPrefix: 'ravi#',
      projection: { expression: '#pk, #sk' },
      newestFirst: true,
      pageSize: 1,
    })
    for await (const items of read) pages.push(items)
    expect(pages).toEqual([[{ ...second, sk: 'ravi#a' }], [second]])
    const inputs = dynamo.commandCalls(QueryCommand).map(({ args: [command] }) => command.input)
    expect(inputs[0]).toEqual({
      TableName: 'content',
      KeyConditionExpression: '#pk = :kind AND begins_with(#sk, :prefix)',
      ProjectionExpression: '#pk, #sk',
      ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
      ExpressionAttributeValues: { ':kind': 'LOGIN#USERNET', ':prefix': 'ravi#' },
      ScanIndexForward: false,
      Limit: 1,
    })
    expect(inputs[1]?.ExclusiveStartKey).toEqual(second)

    dynamo.reset()
    dynamo.on(QueryCommand).resolvesOnce({ Count: 3, LastEvaluatedKey: second }).resolvesOnce({ Count: 2 })
    expect(await countPartition('leads', 'INBOX#FOLLOWUP', { sortKeyBefore: '2026-11-26~' })).toBe(5)
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toEqual({
      TableName: 'leads',
      KeyConditionExpression: '#pk = :kind AND #sk < :before',
      ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
      ExpressionAttributeValues: { ':kind': 'INBOX#FOLLOWUP', ':before': '2026-11-26~' },
      Select: 'COUNT',
    })
  })
})

describe('countStored', () => {
  it("moves the kind's counter in the table's counter partition", async () => {
    dynamo.on(UpdateCommand).resolves({})
    await countStored('leads', 'QUOTE', 1)
    await countStored('content', 'JOB', -1)
    expect(dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input)).toEqual([
      {
        TableName: 'leads',
        Key: { pk: 'COUNTER', sk: 'QUOTE' },
        UpdateExpression: 'ADD #count :by',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':by': 1 },
      },
      {
        TableName: 'content',
        Key: { pk: 'COUNTER', sk: 'JOB' },
        UpdateExpression: 'ADD #count :by',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':by': -1 },
      },
    ])
  })

  it('logs a failed counter update instead of failing the write it follows', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    dynamo.on(UpdateCommand).rejects(throttlingError())
    await expect(countStored('leads', 'CONTACT', 1)).resolves.toBeUndefined()
    expect(log).toHaveBeenCalledOnce()
    expect(loggedFields(log.mock.calls[0]![0])).toMatchObject({ kind: 'CONTACT' })
  })
})
