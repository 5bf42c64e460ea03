import type { BreachReportReply } from '@core/breach-report'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { breachReportFailedMessage } from '~/features/admin/privacy/api/breach-report'
import { notify } from '~/lib/toast'
import * as adminBreachRoute from '~/routes/admin-breach'
import { jsonResponse, moduleRoute, renderRoute, stubApiRoutes } from './render-route'
import { storeStaffSession } from './staff-session'

const reply: BreachReportReply = {
  summary: [
    'Window: 20 Nov 2026, 9:00 am IST to 20 Nov 2026, 6:00 pm IST, account ravi',
    'People affected: 3 (3 records): opened in the staff workspace 1, included in an export 2',
    'Report to the Data Protection Board due by 24 Nov 2026, 10:00 am IST (72 hours from 21 Nov 2026, 10:00 am IST)',
  ],
  counts: {
    people: 3,
    records: 3,
    byAccess: { viewed: 1, exported: 2, changed: 0, created: 0, 'looked-up': 0, erased: 0 },
    staff: 1,
    entries: 2,
    exports: 1,
    gone: 0,
  },
  deadlines: { board: '2026-11-24T04:30:00.000Z', certIn: '2026-11-21T10:30:00.000Z' },
  drafts: [
    {
      fileName: 'board-report.md',
      text: '# Personal data breach: report to the Data Protection Board of India (draft)',
    },
    { fileName: 'notice-0001.txt', text: 'Dear Anil Quote,' },
  ],
}

function renderDrill(role: 'owner' | 'sales' = 'owner') {
  storeStaffSession('token-1', role)
  renderRoute('/admin/privacy/breach', [moduleRoute('/admin/privacy/breach', adminBreachRoute)])
}

const posts = (fetchMock: ReturnType<typeof stubApiRoutes>) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url) === '/api/admin/breach-report' && init?.method === 'POST',
  )

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('the breach drill page', () => {
  it("sends the window in India's time and shows the summary, the deadline and each draft to download", async () => {
    const fetchMock = stubApiRoutes({ 'POST /api/admin/breach-report': () => jsonResponse(reply) })
    renderDrill()
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Window starts (IST)'), '2026-11-20T09:00')
    await user.type(screen.getByLabelText('Window ends (IST)'), '2026-11-20T18:00')
    await user.type(screen.getByLabelText('Staff account suspected'), 'ravi')
    await user.click(screen.getByRole('button', { name: 'Draft the reports' }))
    const drafts = await screen.findByRole('region', { name: 'Drafts' })
    expect(JSON.parse(String(posts(fetchMock)[0]?.[1]?.body))).toEqual({
      from: '2026-11-20T09:00+05:30',
      to: '2026-11-20T18:00+05:30',
      user: 'ravi',
    })
    expect(within(drafts).getByTestId('breach-summary').textContent).toContain(
      'Report to the Data Protection Board due by 24 Nov 2026, 10:00 am IST',
    )
    expect(within(drafts).getByRole('button', { name: 'Download board-report.md' })).toBeTruthy()
    expect(within(drafts).getByRole('button', { name: 'Download notice-0001.txt' })).toBeTruthy()
  })

  it("shows the API's refusal beside the field it names", async () => {
    stubApiRoutes({
      'POST /api/admin/breach-report': () =>
        jsonResponse(
          {
            error: 'Check the incident window.',
            fields: { to: 'The end of the window must be after its start' },
          },
          400,
        ),
    })
    renderDrill()
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Window starts (IST)'), '2026-11-20T18:00')
    await user.type(screen.getByLabelText('Window ends (IST)'), '2026-11-20T09:00')
    await user.click(screen.getByRole('button', { name: 'Draft the reports' }))
    expect(await screen.findByText('The end of the window must be after its start')).toBeTruthy()
    expect(screen.getByLabelText('Window ends (IST)').getAttribute('aria-invalid')).toBe('true')
    expect(screen.queryByRole('region', { name: 'Drafts' })).toBeNull()
  })

  it('says under the button that the drill failed, without a toast, and takes the last drafts away', async () => {
    let failing = false
    stubApiRoutes({
      'POST /api/admin/breach-report': () => (failing ? jsonResponse({}, 500) : jsonResponse(reply)),
    })
    const toasts = vi.spyOn(notify, 'error')
    renderDrill()
    const user = userEvent.setup()
    await user.type(await screen.findByLabelText('Window starts (IST)'), '2026-11-20T09:00')
    await user.type(screen.getByLabelText('Window ends (IST)'), '2026-11-20T18:00')
    const draft = screen.getByRole('button', { name: 'Draft the reports' })
    await user.click(draft)
    expect(await screen.findByRole('region', { name: 'Drafts' })).toBeTruthy()
    failing = true
    await user.click(draft)
    const message = await screen.findByRole('alert')
    expect(message.textContent).toBe(breachReportFailedMessage)
    // Under the button, in the form's last row.
    expect(message.previousElementSibling).toBe(draft)
    expect(screen.queryByRole('region', { name: 'Drafts' })).toBeNull()
    expect(draft.getAttribute('aria-busy')).toBeNull()
    expect(toasts).not.toHaveBeenCalled()
  })

  it('asks nothing for a role other than owner', async () => {
    const fetchMock = stubApiRoutes({ 'POST /api/admin/breach-report': () => jsonResponse(reply) })
    renderDrill('sales')
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(screen.queryByLabelText('Window starts (IST)')).toBeNull()
    expect(posts(fetchMock)).toEqual([])
  })
})
