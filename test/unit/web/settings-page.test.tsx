import { defaultAttemptTemplates } from '@core/lead-attempts'
import type { StaffRole } from '@core/roles'
import { defaultWeekHours, type SalesSettingsReply } from '@core/sales-settings'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import * as adminSettingsRoute from '~/routes/admin-settings'
import { type ApiHandler, jsonResponse, moduleRoute, renderRoute, stubApiRoutes } from './render-route'
import { sessionOfCall, storedSessionId, storeStaffSession } from './staff-session'

const stored: SalesSettingsReply = {
  settings: {
    territories: [{ prefix: '500', username: 'ravi' }],
    specialists: { commercial: ['sunil'] },
    away: { sunil: { from: '2026-12-01', until: '2026-12-05' } },
    calendar: { hours: defaultWeekHours, holidays: ['2026-12-25'] },
    clock: { reminderMinutes: 5, escalationMinutes: 15 },
    templates: [],
    retention: { lostMonths: 12, wonMonths: 96, untouchedMonths: 12, activityLogMonths: 12 },
    retentionNotice: false,
  },
  // The roster: only people who may work leads (an editor is never among them).
  people: [
    { username: 'asha', role: 'owner' },
    { username: 'ravi', role: 'sales' },
    { username: 'sunil', role: 'sales' },
  ],
  version: 3,
  updatedAt: '2026-11-20T05:30:00.000Z',
  updatedBy: 'asha',
}

function renderSettings(role: StaffRole = 'owner', token = 'token-1') {
  storeStaffSession(token, role)
  renderRoute('/admin/settings', [moduleRoute('/admin/settings', adminSettingsRoute)])
}

const calls = (fetchMock: ReturnType<typeof stubApiRoutes>, method: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url) === '/api/admin/settings' && (init?.method ?? 'GET') === method,
  )

const sentBody = (fetchMock: ReturnType<typeof stubApiRoutes>) =>
  JSON.parse(String(calls(fetchMock, 'PUT').at(-1)?.[1]?.body)) as Record<string, unknown>

function stub(put?: ApiHandler, get: ApiHandler = () => jsonResponse(stored)) {
  return stubApiRoutes({ 'GET /api/admin/settings': get, ...(put ? { 'PUT /api/admin/settings': put } : {}) })
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('SettingsPage', () => {
  it('shows the stored rules and offers only the people who may work leads, with the bearer token', async () => {
    const fetchMock = stub()
    renderSettings()
    const prefix = await screen.findByLabelText('PIN code prefix')
    expect((prefix as HTMLInputElement).value).toBe('500')
    const territory = screen.getByRole('group', { name: 'Territory 1' })
    const person = within(territory).getByLabelText('Person') as HTMLSelectElement
    expect(person.value).toBe('ravi')
    expect([...person.options].map((option) => option.value)).toEqual(['', 'asha', 'ravi', 'sunil'])
    const commercial = screen.getByRole('group', { name: 'Commercial' })
    expect((within(commercial).getByLabelText('sunil') as HTMLInputElement).checked).toBe(true)
    expect((within(commercial).getByLabelText('ravi') as HTMLInputElement).checked).toBe(false)
    const away = screen.getByRole('group', { name: 'Away 1' })
    expect((within(away).getByLabelText('From') as HTMLInputElement).value).toBe('2026-12-01')
    expect((screen.getByLabelText('Sunday Open') as HTMLInputElement).checked).toBe(false)
    expect((screen.getByLabelText('Monday opens') as HTMLInputElement).value).toBe('09:00')
    expect((screen.getByLabelText('Holiday 1') as HTMLInputElement).value).toBe('2026-12-25')
    const [, init] = calls(fetchMock, 'GET')[0]!
    expect(sessionOfCall(init)).toBe('token-1')
  })

  it('saves every part with the version it read (PUT), says so and shows the settings read again', async () => {
    let reply = stored
    const fetchMock = stub(
      ({ init }) => {
        const body = JSON.parse(String(init.body)) as {
          territories: SalesSettingsReply['settings']['territories']
        }
        reply = { ...stored, settings: { ...stored.settings, territories: body.territories }, version: 4 }
        return jsonResponse(reply)
      },
      () => jsonResponse(reply),
    )
    renderSettings()
    const user = userEvent.setup()
    await screen.findByLabelText('PIN code prefix')
    await user.click(screen.getByRole('button', { name: 'Add a territory' }))
    const second = screen.getByRole('group', { name: 'Territory 2' })
    await user.type(within(second).getByLabelText('PIN code prefix'), '560')
    await user.selectOptions(within(second).getByLabelText('Person'), 'sunil')
    await user.click(within(screen.getByRole('group', { name: 'Residential' })).getByLabelText('ravi'))
    await user.click(screen.getByLabelText('Sunday Open'))
    fireEvent.change(screen.getByLabelText('Sunday opens'), { target: { value: '10:00' } })
    fireEvent.change(screen.getByLabelText('Sunday closes'), { target: { value: '14:00' } })
    await user.click(screen.getByRole('button', { name: 'Add someone away' }))
    await user.selectOptions(
      within(screen.getByRole('group', { name: 'Away 2' })).getByLabelText('Person'),
      'asha',
    )
    const reminder = screen.getByLabelText('Remind the assignee after (minutes)')
    await user.clear(reminder)
    await user.type(reminder, '10')
    fireEvent.change(screen.getByLabelText('Lost leads (no sale) (months)'), { target: { value: '6' } })
    // The notice 48 hours before an erasure, off until an owner turns it on.
    const notice = screen.getByLabelText('E-mail the person 48 hours before a lost or won lead is erased')
    expect((notice as HTMLInputElement).checked).toBe(false)
    await user.click(notice)
    // The first message starts as the built-in one; a second is written from scratch.
    await user.click(screen.getByRole('button', { name: 'Add a message' }))
    await user.click(screen.getByRole('button', { name: 'Add a message' }))
    const secondMessage = screen.getByRole('group', { name: 'Message 2' })
    // Typed at once: the long text would take the test's time key by key.
    fireEvent.change(within(secondMessage).getByLabelText('Name (staff pick by it)'), {
      target: { value: 'Site visit' },
    })
    fireEvent.change(within(secondMessage).getByLabelText('Message'), {
      target: { value: 'Namaste {name}, {me} here: when may our engineer see your roof?' },
    })
    // An offer goes only to people who agreed to WhatsApp offers; a reply (the first) to anyone.
    await user.selectOptions(within(secondMessage).getByLabelText(/^Kind/), 'offer')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    // The toast's library loads on the first toast.
    expect(await screen.findByText('Settings saved.', {}, { timeout: 5000 })).toBeTruthy()
    expect(sentBody(fetchMock)).toEqual({
      version: 3,
      territories: [
        { prefix: '500', username: 'ravi' },
        { prefix: '560', username: 'sunil' },
      ],
      specialists: { residential: ['ravi'], commercial: ['sunil'] },
      away: { sunil: { from: '2026-12-01', until: '2026-12-05' }, asha: {} },
      calendar: {
        hours: [{ open: '10:00', close: '14:00' }, ...defaultWeekHours.slice(1)],
        holidays: ['2026-12-25'],
      },
      clock: { reminderMinutes: 10, escalationMinutes: 15 },
      templates: [
        { name: 'Quote', text: defaultAttemptTemplates.quote, kind: 'reply' },
        {
          name: 'Site visit',
          text: 'Namaste {name}, {me} here: when may our engineer see your roof?',
          kind: 'offer',
        },
      ],
      retention: { lostMonths: 6, wonMonths: 96, untouchedMonths: 12, activityLogMonths: 12 },
      retentionNotice: true,
    })
    await waitFor(() => expect(calls(fetchMock, 'GET')).toHaveLength(2))
    expect(
      screen.getAllByLabelText('PIN code prefix').map((input) => (input as HTMLInputElement).value),
    ).toEqual(['500', '560'])
  }, 15_000)

  it('refuses a prefix that is not digits and hours that end before they start, naming them, without a request', async () => {
    const fetchMock = stub(() => jsonResponse(stored))
    renderSettings()
    const user = userEvent.setup()
    const prefix = await screen.findByLabelText('PIN code prefix')
    await user.clear(prefix)
    await user.type(prefix, '50a')
    fireEvent.change(screen.getByLabelText('Tuesday closes'), { target: { value: '08:00' } })
    const reminder = screen.getByLabelText('Remind the assignee after (minutes)')
    await user.clear(reminder)
    await user.type(reminder, '20')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(await screen.findByText('Territory "50a" is not 1 to 6 digits of a PIN code')).toBeTruthy()
    expect(screen.getByText('Tuesday: closing time 08:00 is not after opening time 09:00')).toBeTruthy()
    expect(
      screen.getByText('The escalation (15 minutes) must come after the reminder (20 minutes)'),
    ).toBeTruthy()
    expect(
      screen.getByLabelText('Alert the owners and reassign after (minutes)').getAttribute('aria-invalid'),
    ).toBe('true')
    expect(prefix.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(prefix)
    expect(screen.getByLabelText('Tuesday closes').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Monday closes').getAttribute('aria-invalid')).toBeNull()
    expect(calls(fetchMock, 'PUT')).toHaveLength(0)
    // What was typed stays.
    expect((prefix as HTMLInputElement).value).toBe('50a')
  })

  it('refuses a message with a placeholder it cannot fill, naming it, without a request', async () => {
    const fetchMock = stub(() => jsonResponse(stored))
    renderSettings()
    const user = userEvent.setup()
    expect(await screen.findByText(/None yet: the built-in message is used/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Add a message' }))
    const text = within(screen.getByRole('group', { name: 'Message 1' })).getByLabelText('Message')
    fireEvent.change(text, { target: { value: 'Namaste {name}, your price is {price}.' } })
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    const message = await screen.findByText(
      'Unknown placeholder {price}: use {name}, {me}, {company}, {kW}, {category}',
    )
    expect(screen.getByRole('region', { name: 'WhatsApp messages' }).contains(message)).toBe(true)
    expect(text.getAttribute('aria-invalid')).toBe('true')
    expect(calls(fetchMock, 'PUT')).toHaveLength(0)
    expect((text as HTMLTextAreaElement).value).toBe('Namaste {name}, your price is {price}.')
  })

  it('refuses overlapping territories, naming the clash beside them, and keeps what was typed', async () => {
    const fetchMock = stub(() => jsonResponse(stored))
    renderSettings()
    const user = userEvent.setup()
    await screen.findByLabelText('PIN code prefix')
    await user.click(screen.getByRole('button', { name: 'Add a territory' }))
    const second = screen.getByRole('group', { name: 'Territory 2' })
    await user.type(within(second).getByLabelText('PIN code prefix'), '5001')
    await user.selectOptions(within(second).getByLabelText('Person'), 'sunil')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    const message = await screen.findByText('Territory 500 (ravi) overlaps 5001 (sunil).')
    const territories = screen.getByRole('region', { name: 'Territories' })
    expect(territories.contains(message)).toBe(true)
    const prefixes = within(territories).getAllByLabelText('PIN code prefix') as HTMLInputElement[]
    expect(prefixes.map((input) => input.getAttribute('aria-invalid'))).toEqual(['true', 'true'])
    expect(prefixes.map((input) => input.value)).toEqual(['500', '5001'])
    expect(calls(fetchMock, 'PUT')).toHaveLength(0)
  })

  it("shows the server's messages beside their parts, the others by Save, and keeps what was typed", async () => {
    const fetchMock = stub(() =>
      jsonResponse(
        {
          error: 'Please correct the highlighted settings.',
          fields: {
            calendar: 'Holiday 2026-02-30 is not a date',
            people: 'Territory 560: sunil cannot work leads (role Editor)',
          },
        },
        400,
      ),
    )
    renderSettings()
    const user = userEvent.setup()
    await screen.findByLabelText('PIN code prefix')
    await user.click(screen.getByRole('button', { name: 'Add a territory' }))
    const second = screen.getByRole('group', { name: 'Territory 2' })
    await user.type(within(second).getByLabelText('PIN code prefix'), '560')
    await user.selectOptions(within(second).getByLabelText('Person'), 'sunil')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    const calendarMessage = await screen.findByText('Holiday 2026-02-30 is not a date')
    expect(
      screen.getByRole('region', { name: 'Business hours and holidays' }).contains(calendarMessage),
    ).toBe(true)
    expect(screen.getByRole('alert').textContent).toBe(
      'Please correct the highlighted settings. Territory 560: sunil cannot work leads (role Editor)',
    )
    expect((within(second).getByLabelText('PIN code prefix') as HTMLInputElement).value).toBe('560')
    expect((within(second).getByLabelText('Person') as HTMLSelectElement).value).toBe('sunil')
    expect(calls(fetchMock, 'PUT')).toHaveLength(1)
    expect(calls(fetchMock, 'GET')).toHaveLength(1)
  })

  it('says someone else saved since (409) and shows their settings', async () => {
    let reply = stored
    stub(
      () => {
        reply = {
          ...stored,
          settings: { ...stored.settings, territories: [{ prefix: '600', username: 'asha' }] },
          version: 4,
        }
        return jsonResponse({ error: 'Someone else saved the settings since you opened them.' }, 409)
      },
      () => jsonResponse(reply),
    )
    renderSettings()
    const user = userEvent.setup()
    const prefix = await screen.findByLabelText('PIN code prefix')
    await user.clear(prefix)
    await user.type(prefix, '501')
    await user.click(screen.getByRole('button', { name: 'Save settings' }))
    expect(
      (await screen.findAllByText(/Someone else saved the settings since you opened them/)).length,
    ).toBeGreaterThan(0)
    await waitFor(() =>
      expect((screen.getByLabelText('PIN code prefix') as HTMLInputElement).value).toBe('600'),
    )
  })

  it.each(['sales', 'editor', 'viewer'] as const)(
    'tells %s the page is for owners and asks nothing of the settings',
    async (role) => {
      const fetchMock = stub()
      renderSettings(role)
      expect((await screen.findByRole('alert')).textContent).toMatch(
        /Only an owner can change the sales settings/,
      )
      expect(screen.queryByLabelText('PIN code prefix')).toBeNull()
      expect(calls(fetchMock, 'GET')).toEqual([])
    },
  )

  it('says the settings could not be loaded on a server error, and loads them again on Try again', async () => {
    let fail = true
    stub(undefined, () =>
      fail ? jsonResponse({ error: 'Something went wrong.' }, 500) : jsonResponse(stored),
    )
    renderSettings()
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('The settings could not be loaded.')
    fail = false
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByLabelText('PIN code prefix')).toBeTruthy()
  })

  it('signs out when the API answers 401', async () => {
    stub(undefined, () => jsonResponse({ error: 'Sign in again.' }, 401))
    renderSettings('owner', 'token-2')
    await waitFor(() => expect(storedSessionId()).toBeNull())
    expect(screen.queryByLabelText('PIN code prefix')).toBeNull()
  })
})
