import type { LeadDetail } from '@core/pipeline'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { forgetMessageTemplates } from '~/features/admin/leads/lead-contact'
import * as adminLeadRoute from '~/routes/admin-lead'
import { jsonResponse, moduleRoute, renderRoute, stubApiRoutes } from './render-route'
import { storeStaffSession } from './staff-session'

/**
 * The owners' WhatsApp templates on a lead's page: a reply goes to anyone; an update or offer only to a
 * person who ticked "Send me updates and offers on WhatsApp" and has not withdrawn it. Otherwise the offer is
 * listed without a link, with the reason.
 */
const leadId = '0190c0de-0000-7000-8000-000000000002'
const templates = [
  { name: 'First reply', text: 'Namaste {name}, this is {me}.', kind: 'reply' },
  { name: 'Diwali offer', text: 'Namaste {name}: 10% off this month.', kind: 'offer' },
]

function detail(fields: Record<string, unknown>): LeadDetail {
  return {
    lead: {
      id: leadId,
      kind: 'quote',
      createdAt: '2026-11-22T10:00:00.000Z',
      name: 'Ravi Kumar',
      phone: '98765 43210',
      segment: 'residential',
      status: 'contacted',
      version: 1,
      assignee: 'asha',
      followUpDue: false,
      fields: { name: 'Ravi Kumar', whatsapp: '98765 43210', ...fields },
    },
    events: [],
    person: [],
  }
}

async function open(fields: Record<string, unknown>) {
  const fetchMock = stubApiRoutes({
    [`GET /api/admin/leads/${leadId}`]: () => jsonResponse(detail(fields)),
    'GET /api/admin/message-templates': () => jsonResponse({ templates }),
    [`POST /api/admin/leads/${leadId}/attempts`]: () => jsonResponse({}, 201),
    'GET /api/admin/leads': () => jsonResponse({ items: [] }),
    'GET /api/admin/users': () => jsonResponse([]),
  })
  storeStaffSession('token-1', 'sales', 'asha')
  renderRoute(`/admin/leads/${leadId}`, [moduleRoute('/admin/leads/:id', adminLeadRoute)])
  const user = userEvent.setup()
  const menu = await screen.findByText('WhatsApp 98765 43210', {}, { timeout: 5000 })
  await user.click(menu)
  return { user, fetchMock }
}

// The templates are read once per page load: each test here reads its own, and leaves none to the next file.
afterEach(forgetMessageTemplates)

describe('WhatsApp offers on a lead’s page', () => {
  it('lists an offer without a link, saying why, for a person who did not agree or withdrew', async () => {
    for (const fields of [
      {},
      { whatsappUpdates: false, whatsappUpdatesWithdrawnAt: '2026-11-27T09:30:00.000Z' },
    ]) {
      await open(fields)
      expect(await screen.findByRole('link', { name: 'Send “First reply”' })).toBeTruthy()
      expect(screen.queryByRole('link', { name: /Diwali offer/ })).toBeNull()
      const refused = screen.getByText('Send “Diwali offer”').closest('[aria-disabled="true"]')
      expect(refused?.textContent).toContain(
        'They have not agreed to WhatsApp updates and offers: send only the reply to their request.',
      )
      cleanup()
      forgetMessageTemplates()
    }
  })

  it('links an offer for a person who agreed, and logs the attempt with its template', async () => {
    const { user, fetchMock } = await open({ whatsappUpdates: true })
    const offer = await screen.findByRole('link', { name: 'Send “Diwali offer”' })
    expect(offer.getAttribute('href')).toBe(
      `https://wa.me/919876543210?text=${encodeURIComponent('Namaste Ravi Kumar: 10% off this month.')}`,
    )
    offer.addEventListener('click', (event) => event.preventDefault())
    await user.click(offer)
    const dialog = within(await screen.findByRole('dialog', { name: 'WhatsApp: how did it go?' }))
    await user.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(
        (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][])
          .filter(([input, init]) => String(input).endsWith('/attempts') && init?.method === 'POST')
          .map(([, init]) => JSON.parse(String(init?.body))),
      ).toEqual([{ channel: 'whatsapp', outcome: 'sent', template: 'Diwali offer' }]),
    )
  })
})
