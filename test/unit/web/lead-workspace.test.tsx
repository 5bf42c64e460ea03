import { contactFields } from '@core/contact-fields'
import {
  type LeadDetail,
  type LeadStatus,
  type LeadSummary,
  leadStatusLabels,
  nextLeadStatuses,
} from '@core/pipeline'
import { gstModeLabels, quoteCategoryLabels } from '@core/quote'
import { quoteFieldLabels } from '@core/quote-fields'
import { keepActor, keepNote, retentionLeadLabels } from '@core/retention-messages'
import type { StaffRole } from '@core/roles'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useLocation, useNavigate } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { adminSessionKey } from '~/features/admin/session/session-store'
import * as adminRoute from '~/routes/admin'
import * as adminContentRoute from '~/routes/admin-content'
import * as adminLeadRoute from '~/routes/admin-lead'
import * as adminLeadsRoute from '~/routes/admin-leads'
import * as adminUsersRoute from '~/routes/admin-users'
import { type ApiHandler, jsonResponse, moduleRoute, renderRoute, stubApiRoutes } from './render-route'
import { storeStaffSession } from './staff-session'

type Handler = ApiHandler

const leadId = '0190c0de-0000-7000-8000-000000000001'
const otherId = '0190c0de-0000-7000-8000-000000000002'

function summary(id: string, name: string, status: LeadStatus = 'new'): LeadSummary {
  return {
    id,
    kind: 'quote',
    createdAt: '2026-11-22T10:00:00.000Z',
    name,
    phone: '+91 98765 43210',
    segment: 'residential',
    status,
    version: 3,
    followUpDue: false,
  }
}

function detail(status: LeadStatus, version = 3): LeadDetail {
  return {
    lead: {
      ...summary(leadId, 'Ravi Kumar', status),
      version,
      fields: {
        name: 'Ravi Kumar',
        whatsapp: '+91 98765 43210',
        pincode: '500081',
        estimatedCost: '₹1,50,000',
        serverEstimate: { estimatedCost: '₹1,45,000', estimatedCostInr: 145000 },
        consent: { text: 'I agree to be contacted.', givenAt: '2026-11-22T10:00:00.000Z' },
      },
    },
    events: [{ at: '2026-11-22T11:00:00.000Z', by: 'asha', type: 'note', text: 'Called once.' }],
    person: [],
  }
}

/** A fetch stub that answers by "METHOD path"; unexpected calls fail the test. */
function stubApi(handlers: Record<string, Handler>) {
  return stubApiRoutes(handlers)
}

function calls(fetchMock: ReturnType<typeof stubApi>, method: string, path: string) {
  return (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][])
    .filter(
      ([input, init]) =>
        new URL(String(input), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
    )
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
}

/** Shows the router's location, with a Back button, beside the page under test. */
function Probe() {
  const location = useLocation()
  const navigate = useNavigate()
  return (
    <div>
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => navigate(-1)}>
        Browser back
      </button>
    </div>
  )
}

function withProbe(Page: React.ComponentType) {
  return function PageWithProbe() {
    return (
      <>
        <Page />
        <Probe />
      </>
    )
  }
}

const routes = [
  moduleRoute('/admin', adminRoute, withProbe),
  moduleRoute('/admin/leads', adminLeadsRoute, withProbe),
  moduleRoute('/admin/leads/:id', adminLeadRoute, withProbe),
  moduleRoute('/admin/content', adminContentRoute, withProbe),
  moduleRoute('/admin/users', adminUsersRoute, withProbe),
]

function render(path: string, role: StaffRole = 'sales') {
  storeStaffSession('token-1', role, 'asha')
  renderRoute(path, routes)
  return userEvent.setup()
}

const location = () => screen.getByTestId('location').textContent

describe('lead inbox', () => {
  it('folds the filters besides the search under More filters on a phone, unfolded when one is set', async () => {
    stubApi({
      'GET /api/admin/leads': () => jsonResponse({ items: [] }),
      'GET /api/admin/users': () => jsonResponse([]),
    })
    const user = render('/admin/leads')
    const more = await screen.findByRole('button', { name: 'More filters' })
    const folded = () => document.getElementById(more.getAttribute('aria-controls') ?? '')
    expect(more.getAttribute('aria-expanded')).toBe('false')
    expect(folded()?.className.split(' ')).toContain('hidden')
    expect(folded()?.contains(screen.getByRole('combobox', { name: 'Status' }))).toBe(true)
    expect(folded()?.contains(screen.getByLabelText('Search'))).toBe(false)
    await user.click(more)
    expect(more.getAttribute('aria-expanded')).toBe('true')
    expect(folded()?.className.split(' ')).not.toContain('hidden')
    cleanup()

    render('/admin/leads?status=won&segment=housing&q=ravi')
    const set = await screen.findByRole('button', { name: 'More filters (2 set)' })
    expect(set.getAttribute('aria-expanded')).toBe('true')
  })

  it('reads its filters from the URL, asks the API with them and fills the fields in', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/leads': () => jsonResponse({ items: [summary(leadId, 'Ravi Kumar')] }),
      'GET /api/admin/users': () => jsonResponse([]),
    })
    render('/admin/leads?status=contacted&q=98765%2043210&unknown=1')
    expect(await screen.findByText('Ravi Kumar')).toBeTruthy()
    const [first] = calls(fetchMock, 'GET', '/api/admin/leads')
    expect(Object.fromEntries(first!.url.searchParams)).toEqual({ status: 'contacted', q: '98765 43210' })
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('contacted')
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('98765 43210')
  })

  it('puts applied filters in the URL, loads that view, and shows the previous view again on Back', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/leads': ({ url }) =>
        jsonResponse({
          items: [summary(leadId, url.searchParams.get('kind') === 'contact' ? 'Only contacts' : 'Everyone')],
        }),
      'GET /api/admin/users': () => jsonResponse([]),
    })
    const user = render('/admin/leads?status=new')
    await screen.findByText('Everyone')

    await user.selectOptions(screen.getByLabelText('Kind'), 'contact')
    await user.type(screen.getByLabelText('Received from'), '2026-11-01')
    await user.click(screen.getByRole('button', { name: 'Apply filters' }))

    expect(await screen.findByText('Only contacts')).toBeTruthy()
    expect(location()).toBe('/admin/leads?kind=contact&status=new&from=2026-11-01')
    const last = calls(fetchMock, 'GET', '/api/admin/leads').at(-1)!
    expect(Object.fromEntries(last.url.searchParams)).toEqual({
      kind: 'contact',
      status: 'new',
      from: '2026-11-01',
    })

    await user.click(screen.getByRole('button', { name: 'Browser back' }))
    expect(await screen.findByText('Everyone')).toBeTruthy()
    expect(location()).toBe('/admin/leads?status=new')
    expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('')
  })

  it("shows the server's message beside the filter it refused", async () => {
    stubApi({
      'GET /api/admin/leads': () =>
        jsonResponse({ error: 'Check the filters.', fields: { from: 'The start is after the end' } }, 400),
      'GET /api/admin/users': () => jsonResponse([]),
    })
    render('/admin/leads?from=2026-12-01&to=2026-11-01')
    expect(await screen.findByText('The start is after the end')).toBeTruthy()
    const from = screen.getByLabelText('Received from')
    expect(from.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('alert').textContent).toContain('Check the filters.')
  })

  it("links each lead to its page with the view's query, and flags a due follow-up", async () => {
    stubApi({
      'GET /api/admin/leads': () =>
        jsonResponse({
          items: [{ ...summary(leadId, 'Ravi Kumar'), followUpOn: '2026-11-20', followUpDue: true }],
          total: 1,
        }),
      'GET /api/admin/users': () => jsonResponse([]),
    })
    render('/admin/leads?segment=residential')
    const link = (await screen.findByText('Ravi Kumar')).closest('a')!
    expect(link.getAttribute('href')).toBe(`/admin/leads/${leadId}?segment=residential`)
    expect(within(link).getByText(/Follow-up due/)).toBeTruthy()
    expect(screen.getByText('1 lead')).toBeTruthy()
  })

  it('pages on with the cursor and keeps the filters', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/leads': ({ url }) =>
        url.searchParams.get('cursor') === 'page-2'
          ? jsonResponse({ items: [summary(otherId, 'Second page')] })
          : jsonResponse({ items: [summary(leadId, 'First page')], nextCursor: 'page-2' }),
      'GET /api/admin/users': () => jsonResponse([]),
    })
    const user = render('/admin/leads?kind=quote')
    await screen.findByText('First page')
    await user.click(screen.getByRole('button', { name: 'Show more' }))
    expect(await screen.findByText('Second page')).toBeTruthy()
    expect(screen.getByText('First page')).toBeTruthy()
    const last = calls(fetchMock, 'GET', '/api/admin/leads').at(-1)!
    expect(Object.fromEntries(last.url.searchParams)).toEqual({ kind: 'quote', cursor: 'page-2' })
  })

  it('offers the colleagues as assignees when the role may read them, else a text field', async () => {
    stubApi({
      'GET /api/admin/leads': () => jsonResponse({ items: [] }),
      'GET /api/admin/users': () =>
        jsonResponse([
          { username: 'meera', role: 'sales', createdAt: '2026-01-01T00:00:00.000Z', mfa: false },
        ]),
    })
    render('/admin/leads', 'sales')
    const assignee = await screen.findByRole('combobox', { name: 'Assignee' })
    await waitFor(() => expect(within(assignee).getByRole('option', { name: 'meera' })).toBeTruthy())
  })
  it('exports the view the filters show, as CSV or Excel, to the roles that may (not to a viewer)', async () => {
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/leads')
    URL.revokeObjectURL = vi.fn()
    let answer = () => new Response('\uFEFFReceived\r\n', { headers: { 'content-type': 'text/csv' } })
    const fetchMock = stubApi({
      'GET /api/admin/leads': () => jsonResponse({ items: [summary(leadId, 'Ravi Kumar')] }),
      'GET /api/admin/users': () => jsonResponse([]),
      'GET /api/admin/export-leads/csv': () => answer(),
      'GET /api/admin/export-leads/xlsx': () => answer(),
    })
    const alert = vi.fn()
    vi.stubGlobal('alert', alert)
    const user = render('/admin/leads?status=won&q=98765')
    await screen.findByText('Ravi Kumar')
    await user.click(screen.getByRole('button', { name: 'Export this view (CSV)' }))
    await waitFor(() => expect(saved).toEqual(['leads.csv']))
    const [csv] = calls(fetchMock, 'GET', '/api/admin/export-leads/csv')
    expect(Object.fromEntries(csv!.url.searchParams)).toEqual({ status: 'won', q: '98765' })

    answer = () => jsonResponse({ error: 'The export could not be made.' }, 503)
    await user.click(screen.getByRole('button', { name: 'Export this view (Excel)' }))
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Export failed: The export could not be made.'))
    expect(saved).toEqual(['leads.csv'])
    vi.restoreAllMocks()

    cleanup()
    stubApi({ 'GET /api/admin/leads': () => jsonResponse({ items: [summary(leadId, 'Seen by a viewer')] }) })
    render('/admin/leads', 'viewer')
    await screen.findByText('Seen by a viewer')
    expect(screen.queryByRole('button', { name: /Export this view/ })).toBeNull()
  })
})

describe('lead inbox: New lead', () => {
  it('tells staff the added lead’s reference, to give the person, and opens its page', async () => {
    const reference = 'SE-7K3P9'
    const fetchMock = stubApi({
      'GET /api/admin/leads': () => jsonResponse({ items: [] }),
      'GET /api/admin/users': () => jsonResponse([]),
      'POST /api/admin/leads': () =>
        jsonResponse({ id: leadId, createdAt: '2026-11-22T10:00:00.000Z', reference, assignee: 'asha' }, 201),
      [`GET /api/admin/leads/${leadId}`]: () => jsonResponse(detail('contacted')),
    })
    const user = render('/admin/leads')
    await user.click(await screen.findByRole('button', { name: 'New lead' }))
    const dialog = await screen.findByRole('dialog', { name: 'New lead' })
    await user.type(within(dialog).getByLabelText('Name', { exact: false }), 'Meena Iyer')
    await user.type(within(dialog).getByLabelText('Phone', { exact: false }), '98765 12345')
    await user.click(within(dialog).getByRole('button', { name: 'Add lead' }))
    // The toaster loads with the first toast: give it the time to.
    expect(await screen.findByText(`Added: ${reference}`, {}, { timeout: 5000 })).toBeTruthy()
    await waitFor(() => expect(location()).toBe(`/admin/leads/${leadId}`))
    expect(calls(fetchMock, 'POST', '/api/admin/leads')).toHaveLength(1)
  })
})

describe('lead page: status change', () => {
  function stubLead(status: LeadStatus, patch?: Handler) {
    const path = `/api/admin/leads/${leadId}`
    return stubApi({
      [`GET ${path}`]: () => jsonResponse(detail(status)),
      [`PATCH ${path}`]: patch ?? (() => jsonResponse(detail('contacted', 4).lead)),
      'GET /api/admin/leads': () => jsonResponse({ items: [summary(leadId, 'Ravi Kumar')] }),
      'GET /api/admin/users': () => jsonResponse([]),
    })
  }

  it.each<LeadStatus>(['new', 'proposal', 'won', 'lost'])(
    'offers only the moves the pipeline allows from %s',
    async (status) => {
      stubLead(status)
      render(`/admin/leads/${leadId}`)
      const select = (await screen.findByRole('combobox', { name: /Move to|Reopen as/ })) as HTMLSelectElement
      const offered = [...select.options].map((option) => option.value).filter((value) => value !== '')
      expect(offered).toEqual([...nextLeadStatuses(status)])
      expect(offered).not.toContain(status)
    },
  )

  it('sends the move with the version it read', async () => {
    const fetchMock = stubLead('new')
    const user = render(`/admin/leads/${leadId}`)
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Move to' }), 'contacted')
    await user.click(screen.getByRole('button', { name: 'Change status' }))
    await waitFor(() => expect(calls(fetchMock, 'PATCH', `/api/admin/leads/${leadId}`)).toHaveLength(1))
    const [sent] = calls(fetchMock, 'PATCH', `/api/admin/leads/${leadId}`)
    expect(JSON.parse(String(sent!.init?.body))).toEqual({ version: 3, status: 'contacted' })
    expect(await screen.findByText('The status was changed.')).toBeTruthy()
  })

  it('asks for a reason before moving a lead to Lost, and sends none without one', async () => {
    const fetchMock = stubLead('proposal')
    const user = render(`/admin/leads/${leadId}`)
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Move to' }), 'lost')
    await user.click(screen.getByRole('button', { name: 'Change status' }))
    expect(await screen.findByText('Choose why the lead was lost')).toBeTruthy()
    expect(calls(fetchMock, 'PATCH', `/api/admin/leads/${leadId}`)).toHaveLength(0)

    await user.selectOptions(screen.getByRole('combobox', { name: 'Why it was lost' }), 'competitor')
    await user.click(screen.getByRole('button', { name: 'Change status' }))
    await waitFor(() => expect(calls(fetchMock, 'PATCH', `/api/admin/leads/${leadId}`)).toHaveLength(1))
    const [sent] = calls(fetchMock, 'PATCH', `/api/admin/leads/${leadId}`)
    expect(JSON.parse(String(sent!.init?.body))).toEqual({
      version: 3,
      status: 'lost',
      lostReason: 'competitor',
    })
  })

  it('says someone else changed the lead on a 409 and reads the fresh copy', async () => {
    const fetchMock = stubLead('new', () =>
      jsonResponse({ error: 'This lead was changed by someone else. Reload it.' }, 409),
    )
    const user = render(`/admin/leads/${leadId}`)
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Move to' }), 'contacted')
    await user.click(screen.getByRole('button', { name: 'Change status' }))
    const alerts = await screen.findAllByText(/Someone else changed this lead/)
    expect(alerts.length).toBeGreaterThan(0)
    await waitFor(() => expect(calls(fetchMock, 'GET', `/api/admin/leads/${leadId}`)).toHaveLength(2))
  })

  it("shows the server's message beside a refused field", async () => {
    stubLead('new', () =>
      jsonResponse(
        { error: 'Check the highlighted fields.', fields: { status: 'A New lead cannot move to Won' } },
        400,
      ),
    )
    const user = render(`/admin/leads/${leadId}`)
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Move to' }), 'won')
    await user.click(screen.getByRole('button', { name: 'Change status' }))
    expect(await screen.findByText('A New lead cannot move to Won')).toBeTruthy()
    expect(screen.getByRole('combobox', { name: 'Move to' }).getAttribute('aria-invalid')).toBe('true')
  })

  it('sends only the changed follow-up date, and shows a refused assignee beside its field', async () => {
    let answer: Handler = () => jsonResponse(detail('new', 4).lead)
    const fetchMock = stubLead('new', (request) => answer(request))
    const user = render(`/admin/leads/${leadId}`)
    await user.type(await screen.findByLabelText('Follow-up date'), '2026-12-01')
    await user.click(screen.getByRole('button', { name: 'Save assignee and follow-up' }))
    await waitFor(() => expect(calls(fetchMock, 'PATCH', `/api/admin/leads/${leadId}`)).toHaveLength(1))
    const [sent] = calls(fetchMock, 'PATCH', `/api/admin/leads/${leadId}`)
    expect(JSON.parse(String(sent!.init?.body))).toEqual({ version: 3, followUpOn: '2026-12-01' })
    expect(await screen.findByText('The assignee and follow-up were saved.')).toBeTruthy()

    answer = () =>
      jsonResponse(
        {
          error: 'Check the highlighted fields.',
          fields: { assignee: 'There is no colleague with this username' },
        },
        400,
      )
    await user.click(screen.getByRole('button', { name: 'Save assignee and follow-up' }))
    expect(await screen.findByText('There is no colleague with this username')).toBeTruthy()
  })

  it("adds a note, and shows the server's message about a refused one beside the field", async () => {
    let answer: Handler = () =>
      jsonResponse({ error: 'Check the highlighted fields.', fields: { text: 'Write a note' } }, 400)
    const fetchMock = stubApi({
      [`GET /api/admin/leads/${leadId}`]: () => jsonResponse(detail('new')),
      [`POST /api/admin/leads/${leadId}/notes`]: (request) => answer(request),
      'GET /api/admin/leads': () => jsonResponse({ items: [] }),
      'GET /api/admin/users': () => jsonResponse([]),
    })
    const user = render(`/admin/leads/${leadId}`)
    await user.type(await screen.findByLabelText('Add a note'), '   ')
    await user.click(screen.getByRole('button', { name: 'Add note' }))
    expect(await screen.findByText('Write a note')).toBeTruthy()
    expect(screen.getByLabelText('Add a note').getAttribute('aria-invalid')).toBe('true')

    answer = () =>
      jsonResponse(
        { at: '2026-11-23T10:00:00.000Z', by: 'asha', type: 'note', text: 'Site visit Monday.' },
        201,
      )
    await user.clear(screen.getByLabelText('Add a note'))
    await user.type(screen.getByLabelText('Add a note'), 'Site visit Monday.')
    await user.click(screen.getByRole('button', { name: 'Add note' }))
    expect(await screen.findByText('The note was added.')).toBeTruthy()
    const [, sent] = calls(fetchMock, 'POST', `/api/admin/leads/${leadId}/notes`)
    expect(JSON.parse(String(sent!.init?.body))).toEqual({ text: 'Site visit Monday.' })
    expect((screen.getByLabelText('Add a note') as HTMLTextAreaElement).value).toBe('')
    await waitFor(() => expect(calls(fetchMock, 'GET', `/api/admin/leads/${leadId}`)).toHaveLength(2))
  })

  it('offers the leads before and after it in the inbox view it was opened from, across pages', async () => {
    const before = '0190c0de-0000-7000-8000-00000000000a'
    const after = '0190c0de-0000-7000-8000-00000000000b'
    const fetchMock = stubApi({
      [`GET /api/admin/leads/${leadId}`]: () => jsonResponse(detail('new')),
      'GET /api/admin/leads': ({ url }) =>
        url.searchParams.get('cursor') === 'page-2'
          ? jsonResponse({ items: [summary(after, 'After')] })
          : jsonResponse({
              items: [summary(before, 'Before'), summary(leadId, 'Ravi Kumar')],
              nextCursor: 'page-2',
            }),
      'GET /api/admin/users': () => jsonResponse([]),
    })
    render(`/admin/leads/${leadId}?status=new&q=ravi`)
    const previous = await screen.findByRole('link', { name: /Previous lead/ })
    const next = await screen.findByRole('link', { name: /Next lead/ })
    expect(previous.getAttribute('href')).toBe(`/admin/leads/${before}?status=new&q=ravi`)
    expect(next.getAttribute('href')).toBe(`/admin/leads/${after}?status=new&q=ravi`)
    expect(screen.getByRole('link', { name: 'Back to the leads' }).getAttribute('href')).toBe(
      '/admin/leads?status=new&q=ravi',
    )
    for (const { url } of calls(fetchMock, 'GET', '/api/admin/leads')) {
      expect(url.searchParams.get('status')).toBe('new')
      expect(url.searchParams.get('q')).toBe('ravi')
    }
  })

  it('shows every field, both estimates, the consent and the timeline', async () => {
    stubLead('new')
    render(`/admin/leads/${leadId}`)
    expect(await screen.findByText('₹1,50,000')).toBeTruthy()
    expect(screen.getByText('₹1,45,000')).toBeTruthy()
    expect(screen.getByText('500081')).toBeTruthy()
    expect(screen.getByText('I agree to be contacted.')).toBeTruthy()
    expect(screen.getByText('Called once.')).toBeTruthy()
    expect(screen.getAllByText(leadStatusLabels.new).length).toBeGreaterThan(0)
  })

  it("lists the same person's other requests, each linked to its lead, and no such card for a first request", async () => {
    const quote = detail('new')
    stubApi({
      [`GET /api/admin/leads/${leadId}`]: () =>
        jsonResponse({
          ...quote,
          person: [
            {
              id: otherId,
              kind: 'contact',
              createdAt: '2026-11-12T05:00:00.000Z',
              status: 'contacted',
              assignee: 'sunil',
            },
          ],
        }),
      [`GET /api/admin/leads/${otherId}`]: () =>
        jsonResponse({ ...quote, lead: { ...quote.lead, id: otherId } }),
      'GET /api/admin/leads': () => jsonResponse({ items: [] }),
      'GET /api/admin/users': () => jsonResponse([]),
    })
    render(`/admin/leads/${leadId}`)
    const card = within(
      (await screen.findByRole('heading', { name: 'Same person' })).closest('section') as HTMLElement,
    )
    const link = card.getByRole('link', { name: 'Also asked on 12 Nov 2026 via the contact form' })
    expect(link.getAttribute('href')).toBe(`/admin/leads/${otherId}`)
    expect(card.getByText('sunil')).toBeTruthy()
    expect(card.getByText(leadStatusLabels.contacted)).toBeTruthy()
    cleanup()

    render(`/admin/leads/${otherId}`)
    await screen.findByRole('heading', { name: 'Details' })
    expect(screen.queryByRole('heading', { name: 'Same person' })).toBeNull()
  })

  it("merges the same person's other request into this lead after confirming, and says so when it is refused", async () => {
    const quote = detail('new')
    const other = {
      id: otherId,
      kind: 'contact' as const,
      createdAt: '2026-11-12T05:00:00.000Z',
      status: 'contacted' as const,
      assignee: 'sunil',
    }
    let merged = false
    let refuse = true
    const fetchMock = stubApi({
      [`GET /api/admin/leads/${leadId}`]: () =>
        jsonResponse(merged ? { ...quote, person: [] } : { ...quote, person: [other] }),
      [`POST /api/admin/leads/${leadId}/merge`]: () => {
        if (refuse) {
          refuse = false
          return jsonResponse({ error: 'The other lead changed meanwhile. Reload and try again.' }, 409)
        }
        merged = true
        return jsonResponse(quote.lead)
      },
      'GET /api/admin/leads': () => jsonResponse({ items: [] }),
      'GET /api/admin/users': () => jsonResponse([]),
    })
    const user = render(`/admin/leads/${leadId}`)
    const mergeButton = await screen.findByRole('button', {
      name: 'Merge into this lead: Also asked on 12 Nov 2026 via the contact form',
    })
    // Nothing is sent before the confirmation; cancelling sends nothing.
    await user.click(mergeButton)
    const dialog = await screen.findByRole('dialog', {
      name: 'Merge the contact request of 12 Nov 2026 into this lead?',
    })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls(fetchMock, 'POST', `/api/admin/leads/${leadId}/merge`)).toHaveLength(0)

    // Refused (409): the server's message, the card still there.
    await user.click(mergeButton)
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Merge' }))
    expect((await screen.findByRole('alert')).textContent).toContain('The other lead changed meanwhile')

    // Sent again: the other lead's id, and the page reads the survivor again (no Same person card left).
    await user.click(
      screen.getByRole('button', {
        name: 'Merge into this lead: Also asked on 12 Nov 2026 via the contact form',
      }),
    )
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Merge' }))
    await waitFor(() => expect(calls(fetchMock, 'POST', `/api/admin/leads/${leadId}/merge`)).toHaveLength(2))
    const [, sent] = calls(fetchMock, 'POST', `/api/admin/leads/${leadId}/merge`)
    expect(JSON.parse(String(sent!.init?.body))).toEqual({ from: otherId })
    expect(await screen.findByText('The leads were merged.')).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Same person' })).toBeNull())
  })

  it("keeps the response clock's bookkeeping out of the details (its steps are in the timeline)", async () => {
    const quote = detail('new')
    const at = '2026-11-22T10:05:00.000Z'
    stubApi({
      [`GET /api/admin/leads/${leadId}`]: () =>
        jsonResponse({
          ...quote,
          lead: {
            ...quote.lead,
            fields: { ...quote.lead.fields, clockStartedAt: at, remindedAt: at, escalatedAt: at },
          },
        }),
      'GET /api/admin/leads': () => jsonResponse({ items: [] }),
      'GET /api/admin/users': () => jsonResponse([]),
    })
    render(`/admin/leads/${leadId}`)
    const details = within(
      (await screen.findByRole('heading', { name: 'Details' })).closest('section') as HTMLElement,
    )
    const terms = details.getAllByRole('term').map((term) => term.textContent)
    expect(terms.length).toBeGreaterThan(0)
    expect(terms.filter((term) => /clock|reminded|escalated/i.test(term ?? ''))).toEqual([])
  })

  it('shows a withdrawn box as No with when it was withdrawn (IST), and no line of its own for the time', async () => {
    const contact = detail('new')
    stubApi({
      [`GET /api/admin/leads/${leadId}`]: () =>
        jsonResponse({
          ...contact,
          lead: {
            ...contact.lead,
            kind: 'contact',
            fields: {
              name: 'Meera',
              phone: '+91 98765 43210',
              whatsappUpdates: false,
              whatsappUpdatesWithdrawnAt: '2026-11-27T09:34:00.000Z',
              newsletterOffers: true,
            },
          },
        }),
      'GET /api/admin/leads': () => jsonResponse({ items: [] }),
      'GET /api/admin/users': () => jsonResponse([]),
    })
    render(`/admin/leads/${leadId}`)
    const details = within(
      (await screen.findByRole('heading', { name: 'Details' })).closest('section') as HTMLElement,
    )
    const shownFor = (term: string) => details.getByText(term, { selector: 'dt' }).nextElementSibling
    expect(shownFor(contactFields.whatsappUpdates.label)?.textContent).toBe(
      'No — withdrawn 27 Nov 2026, 03:04 pm',
    )
    expect(shownFor(contactFields.newsletterOffers.label)?.textContent).toBe('Yes')
    const terms = details.getAllByRole('term').map((term) => term.textContent)
    expect(terms.filter((term) => /withdrawn/i.test(term ?? ''))).toEqual([])
  })

  it("gives the retention sweep's ask, the person's answer and the notice lines of their own (IST)", async () => {
    const contact = detail('new')
    const showLead = (fields: Record<string, unknown>, events = contact.events) => {
      stubApi({
        [`GET /api/admin/leads/${leadId}`]: () =>
          jsonResponse({
            ...contact,
            lead: { ...contact.lead, kind: 'contact', fields: { name: 'Meera', ...fields } },
            events,
          }),
        'GET /api/admin/leads': () => jsonResponse({ items: [] }),
        'GET /api/admin/users': () => jsonResponse([]),
      })
      render(`/admin/leads/${leadId}`)
    }
    const details = async () => {
      const section = (await screen.findByRole('heading', { name: 'Details' })).closest(
        'section',
      ) as HTMLElement
      const shownFor = (term: string) =>
        within(section).queryByText(term, { selector: 'dt' })?.nextElementSibling?.textContent
      const terms = within(section)
        .getAllByRole('term')
        .map((term) => term.textContent)
      return { shownFor, terms }
    }

    // Asked, not answered yet.
    showLead({ retentionAskedAt: '2027-06-01T03:30:00.000Z' })
    const asked = await details()
    expect(asked.shownFor(retentionLeadLabels.asked)).toBe('1 Jun 2027, 09:00 am')
    expect(asked.shownFor(retentionLeadLabels.kept)).toBeUndefined()
    expect(asked.terms.filter((term) => /^retention/i.test(term ?? ''))).toEqual([])
    cleanup()

    // Kept twice by the person's link (the ask is cleared by a keep): the last time shows.
    const keep = (at: string) => ({ at, by: keepActor, type: 'note' as const, text: keepNote })
    showLead({}, [keep('2027-06-03T09:34:00.000Z'), ...contact.events, keep('2028-06-04T04:30:00.000Z')])
    const kept = await details()
    expect(kept.shownFor(retentionLeadLabels.kept)).toBe('4 Jun 2028, 10:00 am')
    expect(kept.shownFor(retentionLeadLabels.asked)).toBeUndefined()
    cleanup()

    // A closed lead whose person was told of its erasure.
    showLead({ retentionNoticeAt: '2027-05-30T18:30:00.000Z' })
    const noticed = await details()
    expect(noticed.shownFor(retentionLeadLabels.noticed)).toBe('31 May 2027, 12:00 am')
    expect(noticed.terms.filter((term) => /^retention/i.test(term ?? ''))).toEqual([])
  })

  it("names a listed value as the visitor's page did, and links the numbers and e-mail to call or write, at the top too", async () => {
    const quote = detail('new')
    const contact = detail('new')
    const quoteFields = { ...quote.lead.fields, category: 'housing', gstMode: 'previous', capacityKw: 5 }
    const contactFields = {
      name: 'Meera',
      email: 'meera@example.com',
      phone: '(0)98765-43210',
      subject: 'Wind',
    }
    stubApi({
      [`GET /api/admin/leads/${leadId}`]: () =>
        jsonResponse({ ...quote, lead: { ...quote.lead, fields: quoteFields } }),
      [`GET /api/admin/leads/${otherId}`]: () =>
        jsonResponse({
          ...contact,
          lead: {
            ...contact.lead,
            id: otherId,
            kind: 'contact',
            email: 'meera@example.com',
            fields: contactFields,
          },
        }),
      'GET /api/admin/leads': () => jsonResponse({ items: [] }),
      'GET /api/admin/users': () => jsonResponse([]),
    })
    render(`/admin/leads/${leadId}`)
    const details = within(
      (await screen.findByRole('heading', { name: 'Details' })).closest('section') as HTMLElement,
    )
    const shownFor = (term: string) => details.getByText(term, { selector: 'dt' }).nextElementSibling
    expect(shownFor(quoteFieldLabels.category)?.textContent).toBe(quoteCategoryLabels.housing)
    expect(shownFor(quoteFieldLabels.gstMode)?.textContent).toBe(gstModeLabels.previous)
    expect(shownFor(quoteFieldLabels.capacityKw)?.textContent).toBe('5')
    expect(details.getByRole('link', { name: '+91 98765 43210' }).getAttribute('href')).toBe(
      'tel:+919876543210',
    )
    // At the top of the page too, where a phone shows it first.
    expect(screen.getByRole('link', { name: 'Call +91 98765 43210' }).getAttribute('href')).toBe(
      'tel:+919876543210',
    )
    expect(screen.queryByRole('link', { name: /^E-mail / })).toBeNull()
    cleanup()

    render(`/admin/leads/${otherId}`)
    const contactDetails = within(
      (await screen.findByRole('heading', { name: 'Details' })).closest('section') as HTMLElement,
    )
    expect(contactDetails.getByRole('link', { name: '(0)98765-43210' }).getAttribute('href')).toBe(
      'tel:09876543210',
    )
    expect(contactDetails.getByRole('link', { name: 'meera@example.com' }).getAttribute('href')).toBe(
      'mailto:meera@example.com',
    )
    expect(contactDetails.queryByRole('link', { name: 'Wind' })).toBeNull()
    expect(screen.getByRole('link', { name: 'E-mail meera@example.com' }).getAttribute('href')).toBe(
      'mailto:meera@example.com',
    )
  })
})

describe('workspace roles', () => {
  it('gives a viewer the lead without any control to change it', async () => {
    stubApi({
      [`GET /api/admin/leads/${leadId}`]: () => jsonResponse(detail('new')),
      'GET /api/admin/leads': () => jsonResponse({ items: [] }),
    })
    render(`/admin/leads/${leadId}`, 'viewer')
    expect(await screen.findByText('Ravi Kumar', { selector: 'h2' })).toBeTruthy()
    expect(screen.getByText('Your role can read this lead but not change it.')).toBeTruthy()
    expect(screen.queryByRole('combobox', { name: 'Move to' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Save assignee/ })).toBeNull()
  })

  it('tells an editor that the role cannot see leads, asks nothing of the API and offers no Leads link', async () => {
    const fetchMock = stubApi({})
    render('/admin/leads', 'editor')
    expect((await screen.findByRole('alert')).textContent).toBe('Your role cannot see leads.')
    const navigation = screen.getByRole('navigation', { name: 'Workspace' })
    expect(within(navigation).queryByRole('link', { name: 'Leads' })).toBeNull()
    expect(within(navigation).getByRole('link', { name: 'Dashboard' })).toBeTruthy()
    expect(calls(fetchMock, 'GET', '/api/admin/leads')).toHaveLength(0)
  })

  it.each<[StaffRole, string[]]>([
    [
      'owner',
      [
        'Dashboard',
        'Leads',
        'Visits',
        'Content',
        'Reports',
        'Activity',
        'Users',
        'Settings',
        'Rights requests',
        'Breach drill',
      ],
    ],
    // Sales read the staff list (assignees) but are not offered the Users page.
    ['sales', ['Dashboard', 'Leads', 'Visits', 'Content', 'Reports']],
    ['viewer', ['Dashboard', 'Leads', 'Content']],
    ['editor', ['Dashboard', 'Content']],
  ])('shows %s the pages the role may open, and who is signed in', async (role, links) => {
    stubApi({
      'GET /api/admin/leads': () => jsonResponse({ items: [] }),
      'GET /api/admin/users': () => jsonResponse([]),
    })
    render('/admin/leads', role)
    const navigation = await screen.findByRole('navigation', { name: 'Workspace' })
    expect(
      within(navigation)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(links)
    expect(screen.getByText(new RegExp(`asha · ${role}`, 'i'))).toBeTruthy()
  })

  it('opens the Users page for an owner, with the staff list, and tells sales it is for owners', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/users': () =>
        jsonResponse([
          { username: 'sunil', role: 'sales', mfa: false, createdAt: '2026-11-01T10:00:00.000Z' },
        ]),
    })
    render('/admin/users', 'owner')
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeTruthy()
    // In the staff list (the Change form offers the name too).
    expect(await screen.findByRole('rowheader', { name: 'sunil' })).toBeTruthy()
    cleanup()
    fetchMock.mockClear()
    render('/admin/users', 'sales')
    expect(await screen.findByText(/Only an owner can see the staff list/)).toBeTruthy()
    expect(calls(fetchMock, 'GET', '/api/admin/users')).toHaveLength(0)
  })

  it('opens the Content page with the jobs and resources, drafts included', async () => {
    stubApi({
      'GET /api/admin/jobs': () =>
        jsonResponse({
          items: [
            { id: 'j1', title: 'Site engineer', state: 'draft', createdAt: '2026-11-01T10:00:00.000Z' },
          ],
        }),
      'GET /api/admin/resources': () => jsonResponse({ items: [] }),
    })
    render('/admin/content', 'editor')
    expect(await screen.findByRole('heading', { level: 1, name: 'Content' })).toBeTruthy()
    expect(await screen.findByText('Site engineer')).toBeTruthy()
  })

  it('treats a stored token without a role as signed out', async () => {
    stubApi({})
    window.sessionStorage.setItem(adminSessionKey, JSON.stringify({ token: 'old-token', username: 'asha' }))
    window.sessionStorage.setItem('adminToken', 'old-token')
    renderRoute('/admin/leads', routes)
    expect(await screen.findByLabelText('Username')).toBeTruthy()
    expect(screen.queryByRole('navigation', { name: 'Workspace' })).toBeNull()
  })
})
