import { describe, expect, it } from 'vitest'
import {
  type AffectedPerson,
  type BreachFindings,
  boardReport,
  breachCounts,
  breachDeadlines,
  breachSummaryLines,
  checkBreachQuery,
  exportedRecordKinds,
  maxBreachWindowDays,
  personNotice,
} from '../../../functions/core/breach-report'
import { companyFacts, privacyContact } from '../../../functions/core/company'

const now = new Date('2026-11-26T10:00:00.000Z')

const asha: AffectedPerson = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  phone: '+91 98765 43210',
  records: [
    { kind: 'CONTACT', id: '11111111-1111-4111-8111-111111111111', createdAt: '2026-11-01T05:00:00.000Z' },
  ],
  accesses: ['viewed', 'exported'],
  data: ['name', 'phone', 'email', 'message'],
}

const findings: BreachFindings = {
  query: {
    from: '2026-11-20T03:30:00.000Z',
    to: '2026-11-21T03:30:00.000Z',
    awareAt: '2026-11-25T12:30:00.000Z',
    user: 'ravi',
  },
  people: [asha],
  staff: [{ actor: 'ravi', entries: 3 }],
  entries: 3,
  exports: 1,
  goneIds: [],
}

describe('checkBreachQuery', () => {
  it('takes a window with zones, normalised to UTC, and defaults awareness to now', () => {
    expect(
      checkBreachQuery({ from: '2026-11-20T09:00+05:30', to: '2026-11-21T09:00:00+05:30' }, now),
    ).toEqual({
      ok: true,
      value: { from: '2026-11-20T03:30:00.000Z', to: '2026-11-21T03:30:00.000Z', awareAt: now.toISOString() },
    })
  })

  it('refuses a reversed, empty or too long window, dates it cannot read, the future and a bad account', () => {
    const refusal = (input: Record<string, unknown>) => {
      const checked = checkBreachQuery(input, now)
      return checked.ok ? undefined : checked.fields
    }
    expect(refusal({ from: '2026-11-21T00:00Z', to: '2026-11-20T00:00Z' })).toEqual({
      to: 'The end of the window must be after its start',
    })
    expect(refusal({ from: '2026-11-20T00:00Z', to: '2026-11-20T00:00Z' })?.to).toMatch(/after its start/)
    expect(refusal({ from: '2026-05-01T00:00Z', to: '2026-11-20T00:00Z' })).toEqual({
      to: `Keep the window to ${maxBreachWindowDays} days or fewer (read a longer one in parts)`,
    })
    expect(refusal({ from: 'yesterday', to: '2026-11-20T00:00Z' })?.from).toMatch(
      /^Give the start of the window as an ISO 8601 time/,
    )
    // A date without its zone is ambiguous (UTC or IST?): refused.
    expect(refusal({ from: '2026-11-19T00:00', to: '2026-11-20T00:00Z' })?.from).toMatch(/ISO 8601/)
    expect(refusal({ from: '2026-02-30T00:00Z', to: '2026-03-02T00:00Z' })?.from).toMatch(/ISO 8601/)
    expect(refusal({ from: '2026-11-20T00:00Z', to: '2026-11-27T00:00Z' })?.to).toBe(
      'The end of the window is in the future',
    )
    expect(
      refusal({ from: '2026-11-20T00:00Z', to: '2026-11-21T00:00Z', awareAt: '2026-11-19T00:00Z' })?.awareAt,
    ).toBe('The company cannot have become aware before the window starts')
    expect(refusal({ from: '2026-11-20T00:00Z', to: '2026-11-21T00:00Z', user: 'a b' })?.user).toMatch(
      /username/,
    )
    expect(
      refusal({ from: '2026-11-20T00:00Z', to: '2026-11-21T00:00Z', accesses: ['viewed', 'stolen'] })
        ?.accesses,
    ).toMatch(/^Choose among: viewed, exported/)
    expect(refusal({})).toMatchObject({ from: expect.any(String), to: expect.any(String) })
    expect(checkBreachQuery('not an object', now).ok).toBe(false)
  })
})

describe('breachDeadlines', () => {
  it("is 72 hours from awareness for the Board and 6 for CERT-In's report", () => {
    expect(breachDeadlines('2026-11-25T12:30:00.000Z')).toEqual({
      board: '2026-11-28T12:30:00.000Z',
      certIn: '2026-11-25T18:30:00.000Z',
    })
  })
})

describe('exportedRecordKinds', () => {
  it('reads the kinds of lead an export held from its file and its recorded view', () => {
    expect(exportedRecordKinds('forms-export.xlsx', undefined)).toEqual(['QUOTE', 'CONTACT', 'NEWSLETTER'])
    expect(exportedRecordKinds('quotes.csv', undefined)).toEqual(['QUOTE'])
    expect(exportedRecordKinds('newsletter.csv', undefined)).toEqual(['NEWSLETTER'])
    expect(exportedRecordKinds('jobs.csv', undefined)).toEqual([])
    expect(exportedRecordKinds('leads.csv', 'every lead: 4 leads')).toEqual(['QUOTE', 'CONTACT'])
    expect(exportedRecordKinds('leads.xlsx', 'kind=contact status=new: 2 leads')).toEqual(['CONTACT'])
    expect(exportedRecordKinds('leads.csv', 'kind=quote: 1 lead')).toEqual(['QUOTE'])
  })
})

describe('the drafts', () => {
  it("dates the Board's report 72 hours from awareness, in IST, with CERT-In in parallel and the counts", () => {
    const report = boardReport(findings, now)
    expect(report).toContain('Became aware: 25 Nov 2026, 6:00 pm IST')
    expect(report).toContain('due by: **28 Nov 2026, 6:00 pm IST** (72 hours from awareness)')
    expect(report).toContain(
      "CERT-In's report runs in parallel, due within 6 hours: by 26 Nov 2026, 12:00 am IST",
    )
    expect(report).toContain('Window: 20 Nov 2026, 9:00 am IST to 21 Nov 2026, 9:00 am IST')
    expect(report).toContain('Staff account suspected: ravi')
    expect(report).toContain('People affected: 1 (1 record)')
    expect(report).toContain('- opened in the staff workspace: 1 person')
    expect(report).toContain('- included in an export: 1 person')
    expect(report).toContain(
      'Personal data concerned: your name, phone or WhatsApp number, e-mail, what you write to us',
    )
    expect(report).toContain('- ravi: 3 entries')
    expect(report).toContain(`Data fiduciary: ${companyFacts.name}`)
    expect(report).not.toContain('asha@example.com')
  })

  it('tells the person what happened, what it may mean, what we did, what they can do and whom to ask', () => {
    const notice = personNotice(asha, findings)
    expect(notice.startsWith('Dear Asha Rao,\n')).toBe(true)
    for (const heading of [
      'What happened',
      'What it may mean for you',
      'What we have done',
      'What you can do',
      'Whom to contact',
    ]) {
      expect(notice).toContain(`\n${heading}\n`)
    }
    expect(notice).toContain('Between 20 Nov 2026, 9:00 am IST to 21 Nov 2026, 9:00 am IST')
    expect(notice).toContain('Your records were opened in the staff workspace, included in an export.')
    expect(notice).toContain(
      'The details concerned: your name, phone or WhatsApp number, e-mail, what you write to us.',
    )
    expect(notice).toContain(`${privacyContact.name}: ${privacyContact.email}, ${privacyContact.phone}`)
    expect(notice).toContain('Data Protection Board of India')
    expect(personNotice({ ...asha, name: undefined as never }, findings).startsWith('Dear customer,')).toBe(
      true,
    )
  })

  it('sums the people per access and prints the deadline in the summary', () => {
    expect(breachCounts(findings)).toMatchObject({ people: 1, records: 1, staff: 1, exports: 1, gone: 0 })
    expect(breachCounts(findings).byAccess).toMatchObject({ viewed: 1, exported: 1, changed: 0 })
    const lines = breachSummaryLines(findings)
    expect(lines).toContain(
      'Report to the Data Protection Board due by 28 Nov 2026, 6:00 pm IST (72 hours from 25 Nov 2026, 6:00 pm IST)',
    )
    expect(lines[1]).toBe(
      'People affected: 1 (1 record): opened in the staff workspace 1, included in an export 1',
    )
  })
})
