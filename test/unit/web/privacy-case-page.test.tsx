import type { PrivacyCase, PrivacyCaseDetail } from '@core/privacy-requests'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as adminPrivacyCaseRoute from '~/routes/admin-privacy-case'
import * as adminPrivacyRequestsRoute from '~/routes/admin-privacy-requests'
import { type ApiHandler, jsonResponse, moduleRoute, renderRoute, stubApiRoutes } from './render-route'
import { storeStaffSession } from './staff-session'

const id = 'PR-261124-100000-BBBB'
const casePath = `/api/admin/privacy/cases/${id}`
const now = new Date('2026-11-27T06:00:00Z')

const openCase: PrivacyCase = {
  id,
  kind: 'erasure',
  receivedAt: '2026-11-24T10:00:00.000Z',
  identity: 'one-time-code',
  status: 'open',
  email: 'asha@example.in',
  details: 'Please delete everything.',
  version: 1,
}

const detail: PrivacyCaseDetail = {
  case: openCase,
  summary: {
    leads: [
      {
        id: '0190c0de-0000-7000-8000-000000000001',
        kind: 'quote',
        createdAt: '2026-10-02T05:00:00.000Z',
        status: 'contacted',
        fields: ['Name', 'Phone', 'Email', 'PIN code'],
      },
    ],
    newsletter: { createdAt: '2026-09-01T05:00:00.000Z', confirmed: true, withdrawn: false },
    consents: [
      { purpose: 'whatsapp-updates', given: true, at: '2026-10-02T05:00:00.000Z' },
      { purpose: 'newsletter', given: false },
    ],
    ledgerEntries: 3,
  },
}

const closedCase: PrivacyCase = {
  ...openCase,
  kind: 'summary',
  status: 'closed',
  decision: 'partly',
  reason: 'The sale records are kept for tax.',
  reply: 'Here is what we hold.',
  replyVia: 'kept',
  closedAt: '2026-11-26T09:00:00.000Z',
  closedBy: 'owner1',
}

const lostMessage =
  'This person has an open lead (Quote of 2026-10-02) of 1 in all. Erasing deletes every one with its notes, follow-ups and visits: the sale in progress is lost. Confirm to erase anyway.'

function renderCase(handlers: Readonly<Record<string, ApiHandler>>) {
  const fetchMock = stubApiRoutes(handlers)
  storeStaffSession('token-1', 'owner')
  renderRoute(`/admin/privacy/requests/${id}`, [
    moduleRoute('/admin/privacy/requests/:id', adminPrivacyCaseRoute),
    moduleRoute('/admin/privacy/requests', adminPrivacyRequestsRoute),
  ])
  return fetchMock
}

const calls = (fetchMock: ReturnType<typeof stubApiRoutes>, path: string) =>
  fetchMock.mock.calls
    .filter(([url, init]) => String(url) === path && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)))

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe("a rights request's page", () => {
  it('says it is loading until the case arrives, then shows the case, its clock and what is held', async () => {
    vi.useFakeTimers({ now, toFake: ['Date'] })
    let answer: (response: Response) => void = () => {}
    renderCase({
      [`GET ${casePath}`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve
        }),
    })
    expect(await screen.findByText('Loading the request…')).toBeTruthy()
    answer(jsonResponse(detail))
    const facts = await screen.findByRole('region', { name: 'The request' })
    const text = facts.textContent ?? ''
    expect(text).toContain('Erase my data')
    expect(text).toContain('24 Nov 2026')
    expect(text).toContain('22 Feb 2027')
    expect(text).toContain('87 days')
    expect(text).toContain('Verified by a one-time code sent by e-mail')
    expect(text).toContain('asha@example.in')
    expect(text).toContain('Please delete everything.')
    const held = screen.getByRole('region', { name: 'What we hold about the person' })
    const lead = within(held).getByRole('link', { name: 'Quote of 2 Oct 2026, Contacted' })
    expect(lead.getAttribute('href')).toBe('/admin/leads/0190c0de-0000-7000-8000-000000000001')
    expect(held.textContent).toContain('Personal data: Name, Phone, Email, PIN code')
    expect(held.textContent).toContain('Signed up on 1 Sept 2026, confirmed')
    expect(held.textContent).toContain('WhatsApp updates and offers: Given')
    expect(held.textContent).toContain('Newsletter and offers: Not given')
    expect(held.textContent).toContain('3 entries')
    expect(screen.getByRole('region', { name: 'The answer' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Erase the person' })).toBeTruthy()
  })

  it('says so when the case cannot be loaded', async () => {
    renderCase({ [`GET ${casePath}`]: () => jsonResponse({ error: 'No such privacy case.' }, 404) })
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The request could not be loaded. Please try again.',
    )
  })

  it('shows a closed case with its answer and no form, and an erased one without a summary', async () => {
    renderCase({
      [`GET ${casePath}`]: () =>
        jsonResponse({
          case: {
            ...closedCase,
            kind: 'erasure',
            erasure: { at: '2026-11-26T08:00:00.000Z', by: 'owner1', records: 4 },
          },
        }),
    })
    const answer = await screen.findByRole('region', { name: 'The answer' })
    expect(answer.textContent).toContain('Partly granted')
    expect(answer.textContent).toContain('The sale records are kept for tax.')
    expect(answer.textContent).toContain('Kept in the outbox')
    expect(answer.textContent).toContain('by owner1')
    expect(screen.queryByRole('button', { name: 'Send the reply and close' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Erase the person' })).toBeNull()
    expect(screen.getByText(/^Erased .* by owner1: 4 records\.$/)).toBeTruthy()
    expect(screen.getByText('Nothing of the person is left: the erasure removed it.')).toBeTruthy()
  })

  it('sends the decision and reply, then reads the closed case again', async () => {
    let closed = false
    const fetchMock = renderCase({
      [`GET ${casePath}`]: () => jsonResponse(closed ? { ...detail, case: closedCase } : detail),
      [`POST ${casePath}/reply`]: () => {
        closed = true
        return jsonResponse(closedCase)
      },
    })
    const user = userEvent.setup()
    await user.selectOptions(await screen.findByLabelText('Decision'), 'partly')
    await user.type(screen.getByLabelText('Reason'), 'The sale records are kept for tax.')
    await user.type(screen.getByLabelText('Reply to the person'), 'Here is what we hold.')
    await user.click(screen.getByRole('button', { name: 'Send the reply and close' }))
    expect(calls(fetchMock, `${casePath}/reply`)).toEqual([
      { decision: 'partly', reason: 'The sale records are kept for tax.', reply: 'Here is what we hold.' },
    ])
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send the reply and close' })).toBeNull())
    expect(screen.getByRole('region', { name: 'The answer' }).textContent).toContain('Partly granted')
  })

  it("shows the server's message beside a refused field and keeps the form", async () => {
    renderCase({
      [`GET ${casePath}`]: () => jsonResponse(detail),
      [`POST ${casePath}/reply`]: () =>
        jsonResponse(
          { error: 'Check the highlighted fields.', fields: { reason: 'Say why it is refused' } },
          400,
        ),
    })
    const user = userEvent.setup()
    await user.selectOptions(await screen.findByLabelText('Decision'), 'refused')
    await user.type(screen.getByLabelText('Reply to the person'), 'No.')
    await user.click(screen.getByRole('button', { name: 'Send the reply and close' }))
    expect(await screen.findByText('Say why it is refused')).toBeTruthy()
    expect(screen.getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByRole('button', { name: 'Send the reply and close' })).toBeTruthy()
  })

  it('asks before erasing a person with an open lead, saying what is lost, then erases with confirm', async () => {
    let erased = false
    const fetchMock = renderCase({
      [`GET ${casePath}`]: () =>
        jsonResponse(
          erased
            ? { case: { ...openCase, erasure: { at: '2026-11-27T06:00:00.000Z', by: 'owner1', records: 2 } } }
            : detail,
        ),
      [`POST ${casePath}/erase`]: ({ init }) => {
        if (!JSON.parse(String(init.body)).confirm)
          return jsonResponse({ error: lostMessage, fields: { confirm: lostMessage } }, 409)
        erased = true
        return jsonResponse({ case: openCase, erased: 2, exportFiles: 1 })
      },
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Erase the person' }))
    const dialog = await screen.findByRole('dialog', { name: 'Erase anyway?' })
    expect(dialog.textContent).toContain(lostMessage)
    await user.click(within(dialog).getByRole('button', { name: 'Erase anyway' }))
    expect(calls(fetchMock, `${casePath}/erase`)).toEqual([{}, { confirm: true }])
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Erase the person' })).toBeNull())
    expect(screen.getByText(/by owner1: 2 records\.$/)).toBeTruthy()
  })

  it('erases nothing when the owner cancels the confirmation', async () => {
    const fetchMock = renderCase({
      [`GET ${casePath}`]: () => jsonResponse(detail),
      [`POST ${casePath}/erase`]: () =>
        jsonResponse({ error: lostMessage, fields: { confirm: lostMessage } }, 409),
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Erase the person' }))
    const dialog = await screen.findByRole('dialog', { name: 'Erase anyway?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls(fetchMock, `${casePath}/erase`)).toEqual([{}])
    expect(screen.getByRole('button', { name: 'Erase the person' })).toBeTruthy()
  })

  it("surfaces the server's refusal of the confirmed erasure (a case changed meanwhile)", async () => {
    renderCase({
      [`GET ${casePath}`]: () => jsonResponse(detail),
      [`POST ${casePath}/erase`]: ({ init }) =>
        JSON.parse(String(init.body)).confirm
          ? jsonResponse({ error: 'This case was answered or changed meanwhile. Open it again.' }, 409)
          : jsonResponse({ error: lostMessage, fields: { confirm: lostMessage } }, 409),
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Erase the person' }))
    const dialog = await screen.findByRole('dialog', { name: 'Erase anyway?' })
    await user.click(within(dialog).getByRole('button', { name: 'Erase anyway' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This case was answered or changed meanwhile. Open it again.',
    )
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('shows a first refusal that is not about confirming (a case changed meanwhile) without asking', async () => {
    const fetchMock = renderCase({
      [`GET ${casePath}`]: () => jsonResponse(detail),
      [`POST ${casePath}/erase`]: () =>
        jsonResponse({ error: 'This case was answered or changed meanwhile. Open it again.' }, 409),
    })
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Erase the person' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This case was answered or changed meanwhile. Open it again.',
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(calls(fetchMock, `${casePath}/erase`)).toEqual([{}])
  })

  it('offers no erasure on a request of another kind', async () => {
    renderCase({
      [`GET ${casePath}`]: () => jsonResponse({ ...detail, case: { ...openCase, kind: 'summary' } }),
    })
    expect(await screen.findByRole('button', { name: 'Send the reply and close' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Erase the person' })).toBeNull()
  })

  it('withdraws the chosen consents only once the owner ticks the call-back', async () => {
    const fetchMock = renderCase({
      [`GET ${casePath}`]: () => jsonResponse(detail),
      [`POST ${casePath}/withdraw`]: () => jsonResponse({ standing: [], leads: 1, newsletter: true }),
    })
    const user = userEvent.setup()
    const section = await screen.findByRole('region', { name: 'Withdraw consents by phone' })
    await user.click(within(section).getByLabelText('WhatsApp updates and offers'))
    await user.click(within(section).getByRole('button', { name: 'Withdraw consents' }))
    expect(within(section).getByRole('alert').textContent).toBe(
      'Call the person back first, then tick that they confirmed',
    )
    expect(calls(fetchMock, `${casePath}/withdraw`)).toEqual([])
    await user.click(within(section).getByLabelText('I called the person back and they confirmed'))
    await user.click(within(section).getByRole('button', { name: 'Withdraw consents' }))
    await waitFor(() =>
      expect(calls(fetchMock, `${casePath}/withdraw`)).toEqual([
        { purposes: ['whatsapp-updates'], calledBack: true },
      ]),
    )
    await waitFor(() => expect(within(section).queryByRole('alert')).toBeNull())
  })

  it("shows the server's refusal of a withdrawal", async () => {
    renderCase({
      [`GET ${casePath}`]: () => jsonResponse(detail),
      [`POST ${casePath}/withdraw`]: () =>
        jsonResponse({ error: "This case no longer holds the person's phone number or e-mail." }, 409),
    })
    const user = userEvent.setup()
    const section = await screen.findByRole('region', { name: 'Withdraw consents by phone' })
    await user.click(within(section).getByLabelText('Newsletter and offers'))
    await user.click(within(section).getByLabelText('I called the person back and they confirmed'))
    await user.click(within(section).getByRole('button', { name: 'Withdraw consents' }))
    expect((await within(section).findByRole('alert')).textContent).toBe(
      "This case no longer holds the person's phone number or e-mail.",
    )
  })
})
