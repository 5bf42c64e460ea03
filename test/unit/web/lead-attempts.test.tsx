import { businessLocalDateTime } from '@core/business-days'
import type { LeadDetail, LeadEvent } from '@core/pipeline'
import type { StaffRole } from '@core/roles'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import * as adminLeadRoute from '~/routes/admin-lead'
import { jsonResponse, moduleRoute, renderRoute, stubApiRoutes } from './render-route'
import { storeStaffSession } from './staff-session'

const leadId = '0190c0de-0000-7000-8000-000000000001'
const assigned: LeadEvent = {
  at: '2026-11-22T10:00:00.000Z',
  by: 'Assignment rules',
  type: 'assignee',
  from: null,
  to: 'asha',
  text: 'territory 500',
}

function detail(
  more: Partial<LeadDetail['lead']> = {},
  events: readonly LeadEvent[] = [assigned],
): LeadDetail {
  return {
    lead: {
      id: leadId,
      kind: 'quote',
      createdAt: '2026-11-22T10:00:00.000Z',
      name: 'Ravi Kumar',
      phone: '98765 43210',
      email: 'ravi@example.com',
      segment: 'residential',
      status: 'new',
      version: 0,
      assignee: 'asha',
      followUpDue: false,
      fields: { name: 'Ravi Kumar', whatsapp: '98765 43210', email: 'ravi@example.com', capacityKw: 5 },
      ...more,
    },
    events,
    person: [],
  }
}

function render(role: StaffRole = 'sales') {
  storeStaffSession('token-1', role, 'asha')
  renderRoute(`/admin/leads/${leadId}`, [moduleRoute('/admin/leads/:id', adminLeadRoute)])
  return userEvent.setup()
}

const posted = (fetchMock: ReturnType<typeof stubApiRoutes>) =>
  (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][])
    .filter(([input, init]) => String(input).endsWith('/attempts') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)))

/** A time two days ahead on India's clock, as the picker holds it. */
const inTwoDays = () => businessLocalDateTime(new Date(Date.now() + 2 * 86_400_000))

describe('the lead page: first contact', () => {
  it('links WhatsApp to the chat in E.164 with the first message, opening a new tab', async () => {
    stubApiRoutes({
      [`GET /api/admin/leads/${leadId}`]: () => jsonResponse(detail()),
      'GET /api/admin/leads': () => jsonResponse({ items: [] }),
      'GET /api/admin/users': () => jsonResponse([]),
    })
    render()
    const whatsapp = await screen.findByRole('link', { name: 'WhatsApp 98765 43210' })
    expect(whatsapp.getAttribute('href')).toBe(
      `https://wa.me/919876543210?text=${encodeURIComponent(
        'Namaste Ravi Kumar, this is asha from Suryodaya Energy about your 5 kW solar quote. Is this a good time to talk?',
      )}`,
    )
    expect(whatsapp.getAttribute('target')).toBe('_blank')
    expect(whatsapp.getAttribute('rel')).toBe('noopener noreferrer')
    // The assignment's reason is in the history, and nobody has been contacted yet.
    expect(screen.getByText('Assignee: Unassigned → asha (territory 500)')).toBeTruthy()
    expect(screen.getByText('First contact').nextElementSibling?.textContent).toBe('Not yet')
  })

  it('asks how a WhatsApp message went after the tap, saves it with the next step in one call, and shows it', async () => {
    const followUp = inTwoDays()
    let logged = false
    const fetchMock = stubApiRoutes({
      [`GET /api/admin/leads/${leadId}`]: () =>
        jsonResponse(
          logged
            ? detail({ status: 'contacted', version: 1, firstContactAt: '2026-11-26T06:30:00.000Z' }, [
                assigned,
                {
                  at: '2026-11-26T06:30:00.000Z',
                  by: 'asha',
                  type: 'attempt',
                  channel: 'whatsapp',
                  outcome: 'sent',
                  text: 'Sent the brochure.',
                },
              ])
            : detail(),
        ),
      [`POST /api/admin/leads/${leadId}/attempts`]: () => {
        logged = true
        return jsonResponse({}, 201)
      },
      'GET /api/admin/leads': () => jsonResponse({ items: [] }),
      'GET /api/admin/users': () => jsonResponse([]),
    })
    const user = render()
    const whatsapp = await screen.findByRole('link', { name: 'WhatsApp 98765 43210' })
    // The new tab is the browser's; the page under test stays.
    whatsapp.addEventListener('click', (event) => event.preventDefault())
    await user.click(whatsapp)
    const dialog = within(await screen.findByRole('dialog', { name: 'WhatsApp: how did it go?' }))
    expect((dialog.getByRole('radio', { name: 'Sent' }) as HTMLInputElement).checked).toBe(true)
    await user.type(dialog.getByLabelText('Note (optional)'), 'Sent the brochure.')
    await user.selectOptions(dialog.getByLabelText('Status'), 'contacted')
    fireEvent.change(dialog.getByLabelText('Follow-up date and time (India time, optional)'), {
      target: { value: followUp },
    })
    await user.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(posted(fetchMock)).toHaveLength(1))
    expect(posted(fetchMock)[0]).toEqual({
      channel: 'whatsapp',
      outcome: 'sent',
      note: 'Sent the brochure.',
      status: 'contacted',
      followUpAt: `${followUp}+05:30`,
    })
    expect(await screen.findByText('WhatsApp: Sent')).toBeTruthy()
    expect(screen.getByText('Sent the brochure.')).toBeTruthy()
    expect(screen.getByText('First contact').nextElementSibling?.textContent).toBe('26 Nov 2026, 12:00 pm')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('offers a call no "Sent", asks for the call-back time before sending, and sends it with India’s offset', async () => {
    const callback = inTwoDays()
    const fetchMock = stubApiRoutes({
      [`GET /api/admin/leads/${leadId}`]: () => jsonResponse(detail()),
      [`POST /api/admin/leads/${leadId}/attempts`]: () => jsonResponse({}, 201),
      'GET /api/admin/leads': () => jsonResponse({ items: [] }),
      'GET /api/admin/users': () => jsonResponse([]),
    })
    const user = render()
    const call = await screen.findByRole('link', { name: 'Call 98765 43210' })
    expect(call.getAttribute('href')).toBe('tel:9876543210')
    call.addEventListener('click', (event) => event.preventDefault())
    await user.click(call)
    const dialog = within(await screen.findByRole('dialog', { name: 'Call: how did it go?' }))
    expect(dialog.queryByRole('radio', { name: 'Sent' })).toBeNull()
    await user.click(dialog.getByRole('radio', { name: 'Call back' }))
    // The call-back is the follow-up: no second picker.
    expect(dialog.queryByLabelText('Follow-up date and time (India time, optional)')).toBeNull()
    await user.click(dialog.getByRole('button', { name: 'Save' }))
    expect(await dialog.findByText('Choose when to call back')).toBeTruthy()
    expect(posted(fetchMock)).toEqual([])
    fireEvent.change(dialog.getByLabelText('Call back at (India time)'), { target: { value: callback } })
    await user.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(posted(fetchMock)).toEqual([
        { channel: 'call', outcome: 'callback', callbackAt: `${callback}+05:30` },
      ]),
    )
  })

  it('gives a viewer the links without WhatsApp or the dialog', async () => {
    stubApiRoutes({
      [`GET /api/admin/leads/${leadId}`]: () => jsonResponse(detail()),
      'GET /api/admin/leads': () => jsonResponse({ items: [] }),
    })
    render('viewer')
    expect(await screen.findByRole('link', { name: 'Call 98765 43210' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: /^WhatsApp / })).toBeNull()
  })
})
