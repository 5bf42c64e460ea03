import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb'
import { businessDayEnd, businessDayStart } from '@core/pipeline'
import { mockClient } from 'aws-sdk-client-mock'
import { afterEach, describe, expect, it } from 'vitest'
import { leadSummary } from '../../../functions/lib/db/inbox'
import { countNewLead, countStatusMove, leadFigures } from '../../../functions/lib/db/lead-stats'
import { storedQuoteItem } from '../../support/workspace'

const dynamo = mockClient(DynamoDBDocumentClient)
afterEach(() => dynamo.reset())

/** The stored quote (a Sunday, in the week of Monday 2026-11-16), with a server estimate. */
const quote = leadSummary('QUOTE', { ...storedQuoteItem, serverEstimate: { estimatedCostInr: 300_000 } })

/** The counter moves sent: key, by, value. */
const moves = () =>
  dynamo.commandCalls(UpdateCommand).map(({ args: [command] }) => ({
    key: command.input.Key?.sk,
    by: command.input.ExpressionAttributeValues?.[':by'],
    value: command.input.ExpressionAttributeValues?.[':value'],
  }))

describe('leadFigures', () => {
  it('counts an open quote in its status (with its estimate), the week it came in and its segment', () => {
    expect(leadFigures(quote, new Date('2026-12-02T10:00:00.000Z'))).toEqual([
      { key: 'STATUS#contacted', valueInr: 300_000 },
      { key: 'WEEK#2026-11-16#quote', valueInr: 0 },
      { key: 'SEGMENT#residential', valueInr: 0 },
    ])
  })

  it("counts a closed lead in the month it was closed, in the company's time zone", () => {
    // 31 January 20:00 UTC is already 1 February in India.
    const won = { ...quote, status: 'won' as const }
    expect(leadFigures(won, new Date('2026-01-31T20:00:00.000Z'))).toContainEqual({
      key: 'CLOSED#2026-02#won',
      valueInr: 0,
    })
  })
})

describe('the live counts move the figures leadFigures names', () => {
  it('counts a new lead once in each of its figures', async () => {
    dynamo.on(UpdateCommand).resolves({})
    const received = { ...quote, status: 'new' as const }
    await countNewLead(received, new Date(received.createdAt))
    expect(moves()).toEqual(
      leadFigures(received, new Date()).map(({ key, valueInr }) => ({ key, by: 1, value: valueInr })),
    )
  })

  it('moves only the figures a status change changes: out of the old status and closed month, into the new', async () => {
    dynamo.on(UpdateCommand).resolves({})
    const won = { ...quote, status: 'won' as const }
    const reopened = { ...quote, status: 'proposal' as const }
    await countStatusMove(won, reopened, '2026-11-25T10:00:00.000Z', new Date('2026-12-02T10:00:00.000Z'))
    expect(moves()).toEqual([
      { key: 'STATUS#won', by: -1, value: -300_000 },
      { key: 'CLOSED#2026-11#won', by: -1, value: -0 },
      { key: 'STATUS#proposal', by: 1, value: 300_000 },
    ])
  })
})

describe("the company's day", () => {
  it('starts and ends at midnight in India (UTC+05:30)', () => {
    expect(businessDayStart('2026-01-01')).toBe('2025-12-31T18:30:00.000Z')
    expect(businessDayEnd('2026-01-01')).toBe('2026-01-01T18:29:59.999Z')
  })
})
