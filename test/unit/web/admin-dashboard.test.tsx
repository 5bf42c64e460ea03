import { quoteFieldLabels } from '@core/quote-fields'
import type { StaffRole } from '@core/roles'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AdminDashboard } from '~/features/admin/dashboard/admin-dashboard'
import { displayDateTime } from '~/lib/format-date'
import * as adminRoute from '~/routes/admin'
import { drawn } from './chart-js-stub'
import { leadStats } from './lead-stats-fixture'
import {
  type ApiHandler,
  deferred,
  jsonResponse,
  moduleRoute,
  renderRoute,
  stubApiRoutes,
} from './render-route'
import { sessionOfCall, signedInId, storedSessionId, storeStaffSession } from './staff-session'

// happy-dom has no canvas: the dashboard's charts are recorded, not drawn.
vi.mock('chart.js', () => import('./chart-js-stub'))

const expiredMessage = 'Your session has expired. Please sign in again.'

type Handler = ApiHandler

const quote = (i: number) => ({
  id: `q-${i}`,
  name: `Quoter ${i}`,
  category: 'residential',
  billRange: '2501-3500',
  pincode: '560001',
  whatsapp: '9876543210',
  consent: { text: 'I agree', givenAt: '2024-05-10T10:00:00.000Z' },
  createdAt: `2024-05-${String(10 + (i % 20)).padStart(2, '0')}T10:00:00.000Z`,
})
const contact = (i: number) => ({ id: `c-${i}`, name: `Contact ${i}`, email: `c${i}@example.com` })
const job = (i: number) => ({ id: `j-${i}`, title: `Job ${i}`, location: `City ${i}` })
const resource = (i: number) => ({ id: `r-${i}`, title: `Resource ${i}`, resource_type: 'whitepaper' })
/** No lead yet: the response-time tile's figures. */
const responseFigures = {
  weeks: 12,
  asOf: '2024-05-10T10:00:00.000Z',
  overall: {
    leads: 0,
    answered: 0,
    medianMinutes: null,
    p90Minutes: null,
    within5Share: 0,
    within15Share: 0,
    untouched: 0,
  },
  byPerson: [],
  byWeek: [],
  conversion: [],
  waitingOver24h: 0,
}
const totals = { quotes: 12, contacts: 3, newsletter: 4, jobs: 2, resources: 1 }

/** A fetch stub that answers by "METHOD path"; every admin list answers empty unless a test says otherwise. */
function stubApi(overrides: Record<string, Handler> = {}) {
  const defaults: Record<string, Handler> = {
    'GET /api/admin/quotes': () => jsonResponse({ items: [quote(1)] }),
    'GET /api/admin/contacts': () => jsonResponse({ items: [contact(1)] }),
    'GET /api/admin/newsletter': () => jsonResponse({ items: [] }),
    'GET /api/admin/jobs': () => jsonResponse({ items: [job(1)] }),
    'GET /api/admin/resources': () => jsonResponse({ items: [resource(1)] }),
    'GET /api/admin/analytics': () => jsonResponse(totals),
    'GET /api/admin/lead-stats': () => jsonResponse(leadStats),
    'GET /api/admin/response-figures': () => jsonResponse(responseFigures),
    'GET /api/admin/activity': () =>
      jsonResponse({ items: [{ at: '2024-05-10T10:00:00.000Z', actor: 'asha', action: 'login' }] }),
  }
  const handlers = { ...defaults, ...overrides }
  return stubApiRoutes(handlers)
}

function calls(fetchMock: ReturnType<typeof stubApi>, method: string, path: string) {
  return (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).filter(
    ([input, init]) =>
      new URL(String(input), 'http://localhost').pathname === path && (init?.method ?? 'GET') === method,
  )
}

function renderSignedIn(token = 'token-1') {
  storeStaffSession(token)
  renderRoute('/admin', [moduleRoute('/admin', adminRoute)])
  return userEvent.setup()
}

const listPaths = [
  '/api/admin/quotes',
  '/api/admin/contacts',
  '/api/admin/newsletter',
  '/api/admin/jobs',
  '/api/admin/resources',
  '/api/admin/analytics',
  '/api/admin/lead-stats',
  '/api/admin/activity',
]

/** happy-dom has no window.alert: a spy in its place. */
function stubAlert() {
  const alert = vi.fn<(message?: unknown) => void>()
  vi.stubGlobal('alert', alert)
  Object.defineProperty(window, 'alert', { value: alert, configurable: true, writable: true })
  return alert
}

/** One request sent through the stubbed XMLHttpRequest, with handles to report progress and finish it. */
interface SentXhr {
  readonly method: string
  readonly url: string
  readonly headers: Record<string, string>
  readonly body: unknown
  progress(loaded: number, total: number): void
  finish(status: number): void
}

/** Replaces XMLHttpRequest (which the presigned PUT uses for its upload progress) with a controllable fake. */
function stubXhr() {
  const sent: SentXhr[] = []
  class FakeXhr extends EventTarget {
    status = 0
    readonly upload = new EventTarget()
    private method = ''
    private url = ''
    private readonly headers: Record<string, string> = {}
    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value
    }
    send(body: unknown) {
      sent.push({
        method: this.method,
        url: this.url,
        headers: this.headers,
        body,
        progress: (loaded, total) =>
          this.upload.dispatchEvent(
            Object.assign(new Event('progress'), { loaded, total, lengthComputable: true }),
          ),
        finish: (status) => {
          this.status = status
          this.dispatchEvent(new Event('load'))
        },
      })
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return { sent }
}

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  drawn.length = 0
})

describe('admin dashboard', () => {
  it('shows the recent quotes, contacts, jobs, resources and the totals tiles', async () => {
    stubApi()
    renderSignedIn()
    const quotes = await screen.findByRole('region', { name: 'Recent quotes' })
    expect(await within(quotes).findByText('Quoter 1')).toBeTruthy()
    expect(within(quotes).getByText('Residential · 2501-3500')).toBeTruthy()
    const contacts = screen.getByRole('region', { name: 'Recent contacts' })
    expect(await within(contacts).findByText('c1@example.com')).toBeTruthy()
    // The jobs and resources load after the dashboard's first paint.
    const jobs = await screen.findByRole('region', { name: 'Jobs' })
    expect(await within(jobs).findByText('Job 1')).toBeTruthy()
    expect(within(jobs).getByText('City 1')).toBeTruthy()
    const resources = await screen.findByRole('region', { name: 'Resources' })
    expect(await within(resources).findByText('Resource 1')).toBeTruthy()
    expect(within(resources).getByText('whitepaper')).toBeTruthy()
    const activity = screen.getByRole('region', { name: 'Recent activity' })
    expect(await within(activity).findByText('Signed in')).toBeTruthy()
    expect(within(activity).getByText('asha')).toBeTruthy()

    const tiles = await screen.findByRole('region', { name: 'Totals' })
    for (const [label, value] of [
      ['Quotes', '12'],
      ['Contacts', '3'],
      ['Jobs', '2'],
      ['Resources', '1'],
    ] as const) {
      expect(within(tiles).getByText(label).parentElement?.textContent).toBe(`${label}${value}`)
    }
    expect(screen.getAllByRole('button', { name: /Download/ }).map((b) => b.textContent)).toEqual([
      'Download quotes (CSV)',
      'Download contacts (CSV)',
      'Download newsletter subscribers (CSV)',
      'Download all as Excel',
      'Download jobs (CSV)',
      'Download resources (CSV)',
    ])
  })

  it('hides the totals tiles while analytics load and when they fail', async () => {
    const analytics = deferred<Response>()
    stubApi({ 'GET /api/admin/analytics': () => analytics.promise })
    renderSignedIn()
    await screen.findByText('Quoter 1')
    expect(screen.queryByRole('region', { name: 'Totals' })).toBeNull()
    analytics.resolve(jsonResponse({ error: 'Internal error.' }, 500))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Totals' })).toBeNull())
  })

  it('shows a list that fails to load as empty, and the others as usual', async () => {
    stubApi({
      'GET /api/admin/quotes': () => jsonResponse({ error: 'Throttled.' }, 503),
      'GET /api/admin/jobs': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    renderSignedIn()
    expect(await screen.findByText('No quotes yet.')).toBeTruthy()
    expect(await screen.findByText('No jobs yet.')).toBeTruthy()
    expect(await screen.findByText('Contact 1')).toBeTruthy()
    expect(screen.getByText('Logged in.')).toBeTruthy()
  })

  it('reloads every admin list with the new token after signing out and in again', async () => {
    const fetchMock = stubApi({
      'POST /api/admin/login': () =>
        jsonResponse({
          token: 'token-2',
          expiresAt: '2030-01-01T00:00:00.000Z',
          username: 'asha',
          role: 'owner',
        }),
    })
    const user = renderSignedIn('token-1')
    await screen.findByText('Quoter 1')
    // Each list asks on its own (the charts' card after its lazy chunk loads), so wait for all of them.
    for (const path of listPaths) {
      await waitFor(() => expect(calls(fetchMock, 'GET', path)).toHaveLength(1))
    }
    await user.click(screen.getByRole('button', { name: 'Logout' }))
    await user.type(await screen.findByLabelText('Username'), 'asha')
    await user.type(screen.getByLabelText('Password'), 'a long password')
    await user.click(screen.getByRole('button', { name: 'Login' }))
    await screen.findByText('Quoter 1')
    for (const path of listPaths) {
      await waitFor(() => expect(calls(fetchMock, 'GET', path)).toHaveLength(2))
      const [, init] = calls(fetchMock, 'GET', path)[1]!
      expect(sessionOfCall(init)).toBe(signedInId('2030-01-01T00:00:00.000Z'))
    }
  })

  it('returns to the login form with a message when any call answers 401', async () => {
    stubApi({ 'GET /api/admin/analytics': () => jsonResponse({ error: 'Unauthorised.' }, 401) })
    renderSignedIn()
    expect((await screen.findByRole('alert')).textContent).toBe(expiredMessage)
    expect(screen.getByLabelText('Username')).toBeTruthy()
    expect(storedSessionId()).toBeNull()
  })

  it('pages on with the cursor when Show more is clicked', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/quotes': ({ url }) =>
        url.searchParams.get('cursor') === 'page-2'
          ? jsonResponse({ items: [quote(11), quote(12)] })
          : jsonResponse({ items: Array.from({ length: 10 }, (_, i) => quote(i + 1)), nextCursor: 'page-2' }),
    })
    const user = renderSignedIn()
    const quotes = await screen.findByRole('region', { name: 'Recent quotes' })
    await within(quotes).findByText('Quoter 10')
    expect(within(quotes).getAllByRole('listitem')).toHaveLength(10)
    await user.click(within(quotes).getByRole('button', { name: 'Show more' }))
    expect(await within(quotes).findByText('Quoter 12')).toBeTruthy()
    expect(within(quotes).getAllByRole('listitem')).toHaveLength(12)
    expect(within(quotes).queryByRole('button', { name: 'Show more' })).toBeNull()
    expect(calls(fetchMock, 'GET', '/api/admin/quotes')).toHaveLength(2)
  })

  it('opens a quote to show every field it was sent with, named as the quote form names them', async () => {
    stubApi()
    const user = renderSignedIn()
    await user.click(await screen.findByRole('button', { name: 'View Quoter 1' }))
    const dialog = await screen.findByRole('dialog', { name: 'Quote details' })
    expect(within(dialog).getByText(quoteFieldLabels.pincode).nextElementSibling?.textContent).toBe('560001')
    expect(within(dialog).getByText(quoteFieldLabels.whatsapp).nextElementSibling?.textContent).toBe(
      '9876543210',
    )
    expect(within(dialog).getByText(quoteFieldLabels.billRange).nextElementSibling?.textContent).toBe(
      '2501-3500',
    )
    expect(within(dialog).getByText('Consent given at').nextElementSibling?.textContent).toBe(
      displayDateTime('2024-05-10T10:00:00.000Z'),
    )
  })

  it('deletes a job only after confirmation, then drops it from the list', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/jobs': () => jsonResponse({ items: [job(1), job(2)] }),
      'DELETE /api/admin/jobs/j-1': () => new Response(null, { status: 204 }),
    })
    const user = renderSignedIn()
    const jobs = await screen.findByRole('region', { name: 'Jobs' })
    await within(jobs).findByText('Job 1')

    await user.click(within(jobs).getByRole('button', { name: 'Delete Job 1' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete this job?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls(fetchMock, 'DELETE', '/api/admin/jobs/j-1')).toHaveLength(0)

    await user.click(within(jobs).getByRole('button', { name: 'Delete Job 1' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this job?' })).getByRole('button', {
        name: 'Delete',
      }),
    )
    await waitFor(() => expect(within(jobs).queryByText('Job 1')).toBeNull())
    expect(within(jobs).getByText('Job 2')).toBeTruthy()
    const [, init] = calls(fetchMock, 'DELETE', '/api/admin/jobs/j-1')[0]!
    expect(sessionOfCall(init)).toBe('token-1')
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/admin/analytics')).toHaveLength(2))
  })

  it('adds a job, empties the form and reloads the jobs list', async () => {
    const fetchMock = stubApi({
      'POST /api/admin/jobs': () => jsonResponse({ id: 'j-9', title: 'Site engineer' }, 201),
    })
    const user = renderSignedIn()
    await screen.findByText('Job 1')
    const form = screen.getByRole('form', { name: 'Add Job' })
    await user.type(within(form).getByLabelText('Title'), 'Site engineer')
    await user.type(within(form).getByLabelText('Location'), 'Pune')
    await user.type(within(form).getByLabelText('Employment type'), 'Full-time')
    await user.type(within(form).getByLabelText('Department'), 'Projects')
    await user.type(within(form).getByLabelText('Description'), 'Builds plants')
    await user.type(within(form).getByLabelText('Requirements'), 'B.E.')
    await user.click(within(form).getByRole('button', { name: 'Create' }))

    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/admin/jobs')).toHaveLength(1))
    const [, init] = calls(fetchMock, 'POST', '/api/admin/jobs')[0]!
    expect(JSON.parse(String(init?.body))).toEqual({
      title: 'Site engineer',
      location: 'Pune',
      employment_type: 'Full-time',
      department: 'Projects',
      description: 'Builds plants',
      requirements: 'B.E.',
    })
    await waitFor(() => expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe(''))
    expect((within(form).getByLabelText('Location') as HTMLInputElement).value).toBe('')
    await waitFor(() => expect(calls(fetchMock, 'GET', '/api/admin/jobs')).toHaveLength(2))
  })

  it('shows Uploading... with Create disabled, then Uploaded and the file URL, and sends the spec payload', async () => {
    const upload = deferred<Response>()
    const fetchMock = stubApi({
      'POST /api/admin/upload': () => upload.promise,
      'POST /api/admin/resources': () => jsonResponse({ id: 'r-9' }, 201),
    })
    const user = renderSignedIn()
    await screen.findByText('Resource 1')
    const form = screen.getByRole('form', { name: 'Add Resource' })
    expect(within(form).getByRole('status').textContent).toBe('No file')
    await user.upload(
      within(form).getByLabelText('File'),
      new File(['%PDF-1.4 hello'], 'brochure.pdf', { type: 'application/pdf' }),
    )
    expect(within(form).getByRole('status').textContent).toBe('Uploading...')
    expect((within(form).getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(true)

    upload.resolve(jsonResponse({ url: '/files/resources/1-brochure.pdf' }, 201))
    await waitFor(() => expect(within(form).getByRole('status').textContent).toBe('Uploaded'))
    expect((within(form).getByLabelText('File URL') as HTMLInputElement).value).toBe(
      '/files/resources/1-brochure.pdf',
    )
    const [, init] = calls(fetchMock, 'POST', '/api/admin/upload')[0]!
    const body = JSON.parse(String(init?.body))
    expect(body.bucket).toBe('resources')
    expect(body.path).toMatch(/^\d+-brochure\.pdf$/)
    expect(body.contentType).toBe('application/pdf')
    expect(atob(body.file_base64)).toBe('%PDF-1.4 hello')

    await user.type(within(form).getByLabelText('Title'), 'Brochure')
    await user.type(within(form).getByLabelText('Type'), 'pdf')
    await user.click(within(form).getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(calls(fetchMock, 'POST', '/api/admin/resources')).toHaveLength(1))
    const [, createInit] = calls(fetchMock, 'POST', '/api/admin/resources')[0]!
    expect(JSON.parse(String(createInit?.body))).toEqual({
      title: 'Brochure',
      resource_type: 'pdf',
      file_url: '/files/resources/1-brochure.pdf',
      description: '',
    })
    await waitFor(() => expect(within(form).getByRole('status').textContent).toBe('No file'))
    expect((within(form).getByLabelText('File URL') as HTMLInputElement).value).toBe('')
    expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('')
  })

  it('shows No file when the upload fails or no URL comes back', async () => {
    let reply: () => Response = () => jsonResponse({ error: 'This file type is not accepted.' }, 415)
    stubApi({ 'POST /api/admin/upload': () => reply() })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const user = renderSignedIn()
    await screen.findByText('Resource 1')
    const form = screen.getByRole('form', { name: 'Add Resource' })
    const file = new File(['hello'], 'notes.txt', { type: 'text/plain' })
    await user.upload(within(form).getByLabelText('File'), file)
    await waitFor(() => expect(within(form).getByRole('status').textContent).toBe('No file'))
    expect(console.error).toHaveBeenCalled()
    expect((within(form).getByRole('button', { name: 'Create' }) as HTMLButtonElement).disabled).toBe(false)

    reply = () => jsonResponse({}, 201)
    await user.upload(
      within(form).getByLabelText('File'),
      new File(['again'], 'again.txt', { type: 'text/plain' }),
    )
    await waitFor(() => expect(within(form).getByRole('status').textContent).toBe('No file'))
    expect((within(form).getByLabelText('File URL') as HTMLInputElement).value).toBe('')
  })

  it('sends a file above 4 MiB with a presigned PUT and shows its progress in a labelled bar', async () => {
    const xhr = stubXhr()
    const fetchMock = stubApi({
      'POST /api/admin/upload-url': () =>
        jsonResponse({
          url: '/files/resources/2-big.zip',
          uploadUrl: 'http://localhost/_s3/resources/resources/2-big.zip?X-Amz-Signature=abc',
          headers: { 'Content-Type': 'application/zip' },
          expiresAt: '2030-01-01T00:00:00.000Z',
        }),
    })
    const user = renderSignedIn()
    await screen.findByText('Resource 1')
    const form = screen.getByRole('form', { name: 'Add Resource' })
    const size = 4 * 1024 * 1024 + 1
    const big = new File([new Uint8Array(size)], 'big.zip', { type: 'application/zip' })
    await user.upload(within(form).getByLabelText('File'), big)
    await waitFor(() => expect(xhr.sent).toHaveLength(1))
    expect(calls(fetchMock, 'POST', '/api/admin/upload')).toHaveLength(0)
    const [, init] = calls(fetchMock, 'POST', '/api/admin/upload-url')[0]!
    expect(JSON.parse(String(init?.body))).toEqual({
      fileName: 'big.zip',
      contentType: 'application/zip',
      size,
    })
    const put = xhr.sent[0]!
    expect(put.method).toBe('PUT')
    expect(put.url).toContain('X-Amz-Signature=abc')
    expect(put.headers).toEqual({ 'Content-Type': 'application/zip' })
    expect(put.body).toBe(big)

    const bar = within(form).getByRole('progressbar', { name: 'Upload progress' }) as HTMLProgressElement
    act(() => put.progress(size / 4, size))
    expect(bar.value).toBe(size / 4)
    expect(bar.max).toBe(size)
    act(() => put.progress(size / 2, size))
    expect(bar.value).toBe(size / 2)
    expect(within(form).getByRole('status').textContent).toBe('Uploading...')

    act(() => put.finish(200))
    await waitFor(() => expect(within(form).getByRole('status').textContent).toBe('Uploaded'))
    expect(within(form).queryByRole('progressbar')).toBeNull()
    expect((within(form).getByLabelText('File URL') as HTMLInputElement).value).toBe(
      '/files/resources/2-big.zip',
    )
  })

  it('says No file when the presigned PUT is refused', async () => {
    const xhr = stubXhr()
    stubApi({
      'POST /api/admin/upload-url': () =>
        jsonResponse({ url: '/files/resources/3-big.zip', uploadUrl: 'http://localhost/_s3/x', headers: {} }),
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const user = renderSignedIn()
    await screen.findByText('Resource 1')
    const form = screen.getByRole('form', { name: 'Add Resource' })
    const big = new File([new Uint8Array(4 * 1024 * 1024 + 1)], 'big.zip', { type: 'application/zip' })
    await user.upload(within(form).getByLabelText('File'), big)
    await waitFor(() => expect(xhr.sent).toHaveLength(1))
    act(() => xhr.sent[0]!.finish(403))
    await waitFor(() => expect(within(form).getByRole('status').textContent).toBe('No file'))
    expect((within(form).getByLabelText('File URL') as HTMLInputElement).value).toBe('')
  })

  it.each([
    ['Add Job', 'POST /api/admin/jobs', 'Title', 'title', 'Title is too long'],
    ['Add Resource', 'POST /api/admin/resources', 'File URL', 'file_url', 'Enter a link or a site path'],
  ])(
    "%s: shows the server's field message under its field, marks it invalid and focuses it",
    async (formName, route, label, field, text) => {
      stubApi({
        [route]: () =>
          jsonResponse({ error: 'Check the highlighted fields.', fields: { [field]: text } }, 400),
      })
      const user = renderSignedIn()
      await screen.findByText('Resource 1')
      const form = screen.getByRole('form', { name: formName })
      await user.type(within(form).getByLabelText('Title'), 'Something')
      await user.click(within(form).getByRole('button', { name: 'Create' }))

      const input = within(form).getByLabelText(label) as HTMLInputElement
      await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'))
      const message = within(form).getByText(text)
      expect(input.getAttribute('aria-describedby')).toContain(message.id)
      expect(document.activeElement).toBe(input)
      expect(await screen.findByText('Check the highlighted fields.')).toBeTruthy()
      expect((within(form).getByLabelText('Title') as HTMLInputElement).value).toBe('Something')
    },
  )

  it('marks an export busy and says it is working until the file is saved', async () => {
    const reply = deferred<Response>()
    stubApi({ 'GET /api/admin/export/quotes': () => reply.promise })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:1'), revokeObjectURL: vi.fn() }),
    )
    const user = renderSignedIn()
    await screen.findByText('Quoter 1')
    const button = screen.getByRole('button', { name: 'Download quotes (CSV)' })
    await user.click(button)
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect((button as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('Preparing: Download quotes (CSV)...').getAttribute('role')).toBe('status')

    reply.resolve(new Response('Name\r\n', { headers: { 'Content-Type': 'text/csv' } }))
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBeNull())
    expect(screen.queryByText('Preparing: Download quotes (CSV)...')).toBeNull()
  })

  it("alerts 'Export failed: ' with the server's text, or 'Export failed' on a network error", async () => {
    stubApi({
      'GET /api/admin/export/quotes': () => jsonResponse({ error: 'The export is too large.' }, 413),
      'GET /api/admin/export/jobs': () => {
        throw new TypeError('Failed to fetch')
      },
      'GET /api/admin/export-all/xlsx': () => new Response('Bad gateway', { status: 502 }),
    })
    const alert = stubAlert()
    const user = renderSignedIn()
    await screen.findByText('Quoter 1')
    await user.click(screen.getByRole('button', { name: 'Download quotes (CSV)' }))
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith('Export failed: The export is too large.'))
    await user.click(screen.getByRole('button', { name: 'Download jobs (CSV)' }))
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith('Export failed'))
    await user.click(screen.getByRole('button', { name: 'Download all as Excel' }))
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith('Export failed: Bad gateway'))
    expect(alert).toHaveBeenCalledTimes(3)
  })

  it('saves a CSV export as {kind}.csv and follows a download link for a large export', async () => {
    stubApi({
      'GET /api/admin/export/contacts': () =>
        new Response('\uFEFFName,Email\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
      'GET /api/admin/export-all/xlsx': () =>
        jsonResponse({
          url: 'http://localhost/_s3/resources/exports/x.xlsx?X-Amz-Signature=1',
          fileName: 'forms-export.xlsx',
        }),
    })
    const clicked: { href: string; download: string }[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download })
    })
    const createObjectURL = vi.fn(() => 'blob:http://localhost/1')
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }))
    const alert = stubAlert()
    const user = renderSignedIn()
    await screen.findByText('Quoter 1')
    await user.click(screen.getByRole('button', { name: 'Download contacts (CSV)' }))
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(clicked[0]).toEqual({ href: 'blob:http://localhost/1', download: 'contacts.csv' })
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0]
    expect(await blob.text()).toContain('Name,Email')
    await user.click(screen.getByRole('button', { name: 'Download all as Excel' }))
    await waitFor(() => expect(clicked).toHaveLength(2))
    expect(clicked[1]).toEqual({
      href: 'http://localhost/_s3/resources/exports/x.xlsx?X-Amz-Signature=1',
      download: 'forms-export.xlsx',
    })
    expect(alert).not.toHaveBeenCalled()
  })
})

/** The role the next renderDashboardAs signs in with. */
let signedInRole: StaffRole = 'owner'

function SignedInDashboard() {
  return <AdminDashboard role={signedInRole} />
}

function LeadPage() {
  return <p>Lead page</p>
}

/** The dashboard alone, signed in as `role`, at /admin with a stand-in for a lead's page. */
function renderDashboardAs(role: StaffRole) {
  signedInRole = role
  storeStaffSession('token-1', role)
  renderRoute('/admin', [
    { path: '/admin', Component: SignedInDashboard },
    { path: '/admin/leads/:id', Component: LeadPage },
  ])
  return userEvent.setup()
}

describe('admin dashboard: the recent lists', () => {
  it('shows each lead with its date, phone, estimate and status, and links its name to the lead', async () => {
    stubApi({
      'GET /api/admin/quotes': () =>
        jsonResponse({
          items: [
            {
              ...quote(1),
              createdAt: '2026-11-20T06:30:00.000Z',
              serverEstimate: {
                estimatedCostInr: 184000,
                estimatedCost: '₹1,84,000',
                displayedPriceInr: 205000,
              },
              status: 'proposal',
            },
            // Stored before the pipeline: no status, and only the visitor's estimate text.
            { ...quote(2), id: 'q-2', estimatedCost: '₹99,000' },
          ],
        }),
      'GET /api/admin/contacts': () =>
        jsonResponse({
          items: [
            { ...contact(1), phone: '+91 98480 22338', createdAt: '2026-11-21T10:00:00.000Z', status: 'won' },
          ],
        }),
    })
    const user = renderDashboardAs('owner')
    const quotes = await screen.findByRole('region', { name: 'Recent quotes' })
    const first = (await within(quotes).findByRole('link', { name: 'Quoter 1' })).closest('li')!
    expect(within(first).getByText('20 Nov 2026')).toBeTruthy()
    expect(within(first).getByText('9876543210')).toBeTruthy()
    expect(within(first).getByText('₹1,84,000')).toBeTruthy()
    expect(within(first).getByText('Proposal')).toBeTruthy()
    expect(within(first).getByText('Residential · 2501-3500')).toBeTruthy()
    const second = within(quotes).getByRole('link', { name: 'Quoter 2' }).closest('li')!
    expect(within(second).getByText('₹99,000')).toBeTruthy()
    expect(within(second).getByText('New')).toBeTruthy()
    expect(within(quotes).getByRole('link', { name: 'Quoter 1' }).getAttribute('href')).toBe(
      '/admin/leads/q-1',
    )

    const contacts = screen.getByRole('region', { name: 'Recent contacts' })
    const row = (await within(contacts).findByRole('link', { name: 'Contact 1' })).closest('li')!
    expect(within(row).getByText('c1@example.com')).toBeTruthy()
    expect(within(row).getByText('+91 98480 22338')).toBeTruthy()
    expect(within(row).getByText('21 Nov 2026')).toBeTruthy()
    expect(within(row).getByText('Won')).toBeTruthy()
    expect(within(contacts).getByRole('link', { name: 'Contact 1' }).getAttribute('href')).toBe(
      '/admin/leads/c-1',
    )

    await user.click(within(quotes).getByRole('link', { name: 'Quoter 1' }))
    expect(await screen.findByText('Lead page')).toBeTruthy()
  })

  it('says No estimate for a quote without one, and reads an unknown status as New', async () => {
    stubApi({
      'GET /api/admin/quotes': () => jsonResponse({ items: [{ ...quote(3), status: 'archived' }] }),
    })
    renderDashboardAs('owner')
    const quotes = await screen.findByRole('region', { name: 'Recent quotes' })
    const row = (await within(quotes).findByRole('link', { name: 'Quoter 3' })).closest('li')!
    expect(within(row).getByText('No estimate')).toBeTruthy()
    expect(within(row).getByText('New')).toBeTruthy()
  })
})

describe('admin dashboard: what each role is offered', () => {
  it('shows the charts and the follow-ups due to an owner, with every part of the dashboard', async () => {
    const fetchMock = stubApi()
    renderDashboardAs('owner')
    const tile = await screen.findByText('Follow-ups due')
    expect(tile.parentElement?.textContent).toBe('Follow-ups due2')
    await waitFor(() => expect(drawn).toHaveLength(4))
    expect(calls(fetchMock, 'GET', '/api/admin/lead-stats')).toHaveLength(1)
    expect(screen.getByRole('form', { name: 'Add Job' })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Recent activity' })).toBeTruthy()
    expect(await screen.findByRole('button', { name: 'Delete Job 1' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Edit Job 1' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Edit Resource 1' })).toBeTruthy()
  })

  it('gives sales the leads, charts and lead exports but no content forms, deletes or activity', async () => {
    const fetchMock = stubApi()
    renderDashboardAs('sales')
    expect(await screen.findByText('Follow-ups due')).toBeTruthy()
    expect(await screen.findByRole('link', { name: 'Quoter 1' })).toBeTruthy()
    // The jobs and resources load after the dashboard's first paint.
    const jobs = await screen.findByRole('region', { name: 'Jobs' })
    expect(await within(jobs).findByText('Job 1')).toBeTruthy()
    expect(within(jobs).queryByRole('button', { name: /Delete/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull()
    expect(screen.queryByRole('form', { name: 'Add Job' })).toBeNull()
    expect(screen.queryByRole('form', { name: 'Add Resource' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Recent activity' })).toBeNull()
    expect(calls(fetchMock, 'GET', '/api/admin/activity')).toHaveLength(0)
    const downloads = screen.getAllByRole('button', { name: /Download/ }).map((button) => button.textContent)
    expect(downloads).toContain('Download quotes (CSV)')
    expect(downloads).not.toContain('Download all as Excel')
  })

  it('gives an editor the content forms and no leads, charts or exports, and never asks for them', async () => {
    const fetchMock = stubApi()
    renderDashboardAs('editor')
    expect(await screen.findByRole('form', { name: 'Add Job' })).toBeTruthy()
    expect(screen.getByRole('form', { name: 'Add Resource' })).toBeTruthy()
    expect(await screen.findByRole('button', { name: 'Delete Job 1' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Edit Job 1' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Recent quotes' })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Recent contacts' })).toBeNull()
    expect(screen.queryByText('Follow-ups due')).toBeNull()
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull()
    for (const path of [
      '/api/admin/quotes',
      '/api/admin/contacts',
      '/api/admin/newsletter',
      '/api/admin/lead-stats',
    ]) {
      expect(calls(fetchMock, 'GET', path)).toHaveLength(0)
    }
    expect(drawn).toHaveLength(0)
  })

  it('edits a job from the dashboard list, in place, with the same form as the Content page', async () => {
    const fetchMock = stubApi({
      'PUT /api/admin/jobs/j-1': (request) =>
        jsonResponse({ ...job(1), ...JSON.parse(String(request.init.body)) }),
    })
    const user = renderDashboardAs('editor')
    await user.click(await screen.findByRole('button', { name: 'Edit Job 1' }))
    const form = screen.getByRole('form', { name: 'Edit job: Job 1' })
    expect((within(form).getByLabelText('Location') as HTMLInputElement).value).toBe('City 1')
    await user.click(within(form).getByRole('button', { name: 'Save as draft' }))
    expect(await screen.findByText('The job was saved as a draft.')).toBeTruthy()
    const [, init] = calls(fetchMock, 'PUT', '/api/admin/jobs/j-1')[0]!
    expect(JSON.parse(String(init?.body))).toMatchObject({
      title: 'Job 1',
      location: 'City 1',
      state: 'draft',
    })
    const jobs = screen.getByRole('region', { name: 'Jobs' })
    expect(await within(jobs).findByText('Draft')).toBeTruthy()
  })

  it('gives a viewer the leads and charts to read, with nothing to change or export', async () => {
    stubApi()
    renderDashboardAs('viewer')
    expect(await screen.findByText('Follow-ups due')).toBeTruthy()
    expect(await screen.findByRole('link', { name: 'Quoter 1' })).toBeTruthy()
    // The jobs and resources load after the dashboard's first paint.
    const jobs = await screen.findByRole('region', { name: 'Jobs' })
    expect(await within(jobs).findByText('Job 1')).toBeTruthy()
    expect(within(jobs).queryByRole('button', { name: /Delete/ })).toBeNull()
    expect(screen.queryByRole('form', { name: 'Add Job' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Download/ })).toBeNull()
  })
})
