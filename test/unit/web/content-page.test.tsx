import type { StaffRole } from '@core/roles'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ContentPage } from '~/features/admin/content-editing/content-page'
import { deferred, jsonResponse, renderRoute, stubApiRoutes } from './render-route'
import { sessionOfCall, storeStaffSession } from './staff-session'

type Handler = (init: RequestInit) => Response | Promise<Response>

const storedJob = {
  id: 'j-1',
  title: 'Site engineer',
  location: 'Pune',
  employment_type: 'Full-time',
  department: 'Projects',
  description: 'Builds plants',
  requirements: 'B.E.',
  state: 'published',
  featured: false,
  createdAt: '2026-11-01T10:00:00.000Z',
}
const draftJob = {
  id: 'j-2',
  title: 'Solar designer',
  location: '',
  employment_type: '',
  department: '',
  description: '',
  requirements: '',
  state: 'draft',
  featured: true,
  order: 2,
  createdAt: '2026-11-02T10:00:00.000Z',
}
const storedResource = {
  id: 'r-1',
  title: 'Net metering guide',
  resource_type: 'pdf',
  file_url: '/files/resources/1-guide.pdf',
  description: 'How net metering works',
  createdAt: '2026-11-03T10:00:00.000Z',
}

/** A fetch stub answering by "METHOD path"; the lists answer the fixtures unless a test says otherwise. */
function stubApi(overrides: Record<string, Handler> = {}) {
  const handlers: Record<string, Handler> = {
    'GET /api/admin/jobs': () => jsonResponse({ items: [storedJob, draftJob] }),
    'GET /api/admin/resources': () => jsonResponse({ items: [storedResource] }),
    ...overrides,
  }
  return stubApiRoutes(
    Object.fromEntries(
      Object.entries(handlers).map(([route, handler]) => [
        route,
        ({ init }: { init: RequestInit }) => handler(init),
      ]),
    ),
  )
}

function sent(fetchMock: ReturnType<typeof stubApi>, method: string, path: string) {
  return (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][])
    .filter(([input, init]) => String(input) === path && init?.method === method)
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)) as unknown,
      headers: new Headers(init?.headers),
      init,
    }))
}

let signedInRole: StaffRole = 'editor'
function SignedInContentPage() {
  return <ContentPage role={signedInRole} />
}

function renderAs(role: StaffRole) {
  signedInRole = role
  storeStaffSession('token-1', role)
  renderRoute('/admin/content', [{ path: '/admin/content', Component: SignedInContentPage }])
  return userEvent.setup()
}

async function openJobEditor(user: ReturnType<typeof userEvent.setup>, title = 'Site engineer') {
  await user.click(await screen.findByRole('button', { name: `Edit ${title}` }))
  return screen.getByRole('form', { name: `Edit job: ${title}` })
}

const value = (form: HTMLElement, label: string) =>
  (within(form).getByLabelText(label) as HTMLInputElement).value

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('ContentPage', () => {
  it('lists every job and resource with drafts, featured items and their order marked', async () => {
    stubApi()
    renderAs('editor')
    const jobs = await screen.findByRole('region', { name: 'Jobs' })
    const draft = (await within(jobs).findByText('Solar designer')).closest('li')!
    expect(within(draft).getByText('Draft')).toBeTruthy()
    expect(within(draft).getByText('Featured')).toBeTruthy()
    expect(within(draft).getByText('Order 2')).toBeTruthy()
    const published = within(jobs).getByText('Site engineer').closest('li')!
    expect(within(published).queryByText('Draft')).toBeNull()
    const resources = screen.getByRole('region', { name: 'Resources' })
    expect(await within(resources).findByText('Net metering guide')).toBeTruthy()
    expect(within(resources).getByRole('button', { name: 'Edit Net metering guide' })).toBeTruthy()
  })

  it('edits a job in a prefilled form and publishes it with a PUT of the whole job', async () => {
    const fetchMock = stubApi({
      'PUT /api/admin/jobs/j-1': (init) => jsonResponse({ ...storedJob, ...JSON.parse(String(init.body)) }),
    })
    const user = renderAs('editor')
    const form = await openJobEditor(user)
    expect(value(form, 'Title')).toBe('Site engineer')
    expect(value(form, 'Location')).toBe('Pune')
    expect(value(form, 'Employment type')).toBe('Full-time')
    expect(value(form, 'Department')).toBe('Projects')
    expect(value(form, 'Description')).toBe('Builds plants')
    expect(value(form, 'Requirements')).toBe('B.E.')
    expect((within(form).getByLabelText('Featured') as HTMLInputElement).checked).toBe(false)
    expect(value(form, 'Order')).toBe('')

    await user.clear(within(form).getByLabelText('Title'))
    await user.type(within(form).getByLabelText('Title'), 'Senior site engineer')
    await user.click(within(form).getByLabelText('Featured'))
    await user.type(within(form).getByLabelText('Order'), '3')
    await user.click(within(form).getByRole('button', { name: 'Publish' }))

    expect(await screen.findByText('The job was published.')).toBeTruthy()
    const [put] = sent(fetchMock, 'PUT', '/api/admin/jobs/j-1')
    expect(sessionOfCall(put?.init)).toBe('token-1')
    expect(put?.body).toEqual({
      title: 'Senior site engineer',
      location: 'Pune',
      employment_type: 'Full-time',
      department: 'Projects',
      description: 'Builds plants',
      requirements: 'B.E.',
      state: 'published',
      featured: true,
      order: 3,
    })
    const jobs = screen.getByRole('region', { name: 'Jobs' })
    await waitFor(() => expect(within(jobs).queryByRole('form')).toBeNull())
    const row = within(jobs).getByText('Senior site engineer').closest('li')!
    expect(within(row).getByText('Featured')).toBeTruthy()
    expect(within(row).getByText('Order 3')).toBeTruthy()
  })

  it('saves a published job as a draft, and sends an emptied order as null', async () => {
    const fetchMock = stubApi({
      'PUT /api/admin/jobs/j-2': (init) => {
        const { order: _order, ...rest } = JSON.parse(String(init.body)) as Record<string, unknown>
        return jsonResponse({ ...draftJob, ...rest, order: undefined })
      },
    })
    const user = renderAs('owner')
    const form = await openJobEditor(user, 'Solar designer')
    expect((within(form).getByLabelText('Featured') as HTMLInputElement).checked).toBe(true)
    expect(value(form, 'Order')).toBe('2')
    await user.clear(within(form).getByLabelText('Order'))
    await user.click(within(form).getByRole('button', { name: 'Save as draft' }))
    expect(await screen.findByText('The job was saved as a draft.')).toBeTruthy()
    expect(sent(fetchMock, 'PUT', '/api/admin/jobs/j-2')[0]?.body).toMatchObject({
      title: 'Solar designer',
      state: 'draft',
      featured: true,
      order: null,
    })
    const row = (await screen.findByText('Solar designer')).closest('li')!
    expect(within(row).getByText('Draft')).toBeTruthy()
    expect(within(row).queryByText(/Order/)).toBeNull()
  })

  it("shows a 400's field messages beside their fields, marks them invalid and keeps the form", async () => {
    stubApi({
      'PUT /api/admin/jobs/j-1': () =>
        jsonResponse(
          {
            error: 'Check the highlighted fields.',
            fields: {
              title: 'Title must be at most 200 characters',
              order: 'Order is a whole number from 1 to 999',
            },
          },
          400,
        ),
    })
    const user = renderAs('editor')
    const form = await openJobEditor(user)
    await user.click(within(form).getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('Check the highlighted fields.')).toBeTruthy()
    const title = within(form).getByLabelText('Title')
    expect(title.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(`${title.id}-error`)?.textContent).toBe(
      'Title must be at most 200 characters',
    )
    const order = within(form).getByLabelText('Order')
    expect(order.getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(`${order.id}-error`)?.textContent).toBe(
      'Order is a whole number from 1 to 999',
    )
    await waitFor(() => expect(document.activeElement).toBe(title))
    expect(screen.getByRole('form', { name: 'Edit job: Site engineer' })).toBe(form)
  })

  it.each([
    [409, 'Someone else changed this job. Reload and try again.'],
    [500, 'Something went wrong on our side.'],
  ])('toasts the server message of a %i and keeps what was typed', async (status, message) => {
    stubApi({ 'PUT /api/admin/jobs/j-1': () => jsonResponse({ error: message }, status) })
    const user = renderAs('editor')
    const form = await openJobEditor(user)
    await user.type(within(form).getByLabelText('Location'), ' East')
    await user.click(within(form).getByRole('button', { name: 'Publish' }))
    expect(await screen.findByText('The job was not saved.')).toBeTruthy()
    expect(await screen.findByText(message)).toBeTruthy()
    expect(value(form, 'Location')).toBe('Pune East')
    expect(within(form).getByLabelText('Location').getAttribute('aria-invalid')).toBeNull()
    expect((within(form).getByRole('button', { name: 'Publish' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('marks the button busy and disables both while the PUT is on its way', async () => {
    const reply = deferred<Response>()
    stubApi({ 'PUT /api/admin/jobs/j-1': () => reply.promise })
    const user = renderAs('editor')
    const form = await openJobEditor(user)
    await user.click(within(form).getByRole('button', { name: 'Publish' }))
    const publish = within(form).getByRole('button', { name: 'Publish' }) as HTMLButtonElement
    const draft = within(form).getByRole('button', { name: 'Save as draft' }) as HTMLButtonElement
    await waitFor(() => expect(publish.getAttribute('aria-busy')).toBe('true'))
    expect(publish.disabled).toBe(true)
    expect(draft.disabled).toBe(true)
    expect(draft.getAttribute('aria-busy')).toBeNull()
    reply.resolve(jsonResponse(storedJob))
    expect(await screen.findByText('The job was published.')).toBeTruthy()
  })

  it.each([
    ['Site engineer', 'published', ['Publish', 'Save as draft']],
    ['Solar designer', 'draft', ['Save as draft', 'Publish']],
  ] as const)('keeps %s %s when the form is sent with Enter', async (title, state, order) => {
    const fetchMock = stubApi({
      [`PUT /api/admin/jobs/${title === 'Site engineer' ? 'j-1' : 'j-2'}`]: (init) =>
        jsonResponse({
          ...(title === 'Site engineer' ? storedJob : draftJob),
          ...JSON.parse(String(init.body)),
        }),
    })
    const user = renderAs('editor')
    const form = await openJobEditor(user, title)
    const submits = within(form)
      .getAllByRole('button')
      .filter((button) => button.getAttribute('type') === 'submit')
    expect(submits.map((button) => button.textContent)).toEqual(order)
    await user.type(within(form).getByLabelText('Location'), ' x{Enter}')
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true))
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!
    expect(JSON.parse(String(put[1]?.body))).toMatchObject({ state })
  })

  it('cancels an edit without sending anything', async () => {
    const fetchMock = stubApi()
    const user = renderAs('editor')
    const form = await openJobEditor(user)
    await user.click(within(form).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('form')).toBeNull()
    expect(sent(fetchMock, 'PUT', '/api/admin/jobs/j-1')).toHaveLength(0)
  })

  it('edits a resource with its file URL prefilled and PUTs the whole resource', async () => {
    const fetchMock = stubApi({
      'PUT /api/admin/resources/r-1': (init) =>
        jsonResponse({ ...storedResource, ...JSON.parse(String(init.body)) }),
    })
    const user = renderAs('editor')
    await user.click(await screen.findByRole('button', { name: 'Edit Net metering guide' }))
    const form = screen.getByRole('form', { name: 'Edit resource: Net metering guide' })
    expect(value(form, 'Title')).toBe('Net metering guide')
    expect(value(form, 'Type')).toBe('pdf')
    expect(value(form, 'File URL')).toBe('/files/resources/1-guide.pdf')
    expect(value(form, 'Description')).toBe('How net metering works')
    await user.click(within(form).getByRole('button', { name: 'Save as draft' }))
    expect(await screen.findByText('The resource was saved as a draft.')).toBeTruthy()
    expect(sent(fetchMock, 'PUT', '/api/admin/resources/r-1')[0]?.body).toEqual({
      title: 'Net metering guide',
      resource_type: 'pdf',
      file_url: '/files/resources/1-guide.pdf',
      description: 'How net metering works',
      state: 'draft',
      featured: false,
      order: null,
    })
  })

  it.each(['sales', 'viewer'] as const)(
    'shows %s the lists read-only: drafts marked, no Edit or Delete',
    async (role) => {
      stubApi()
      renderAs(role)
      const jobs = await screen.findByRole('region', { name: 'Jobs' })
      const draft = (await within(jobs).findByText('Solar designer')).closest('li')!
      expect(within(draft).getByText('Draft')).toBeTruthy()
      expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull()
      expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull()
      expect(
        screen.getByText('Your role can read the content here; an editor or an owner changes it.'),
      ).toBeTruthy()
    },
  )
})
