import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { contactWithSubject } from '~/content/actions'
import { readMoreTarget } from '~/features/resources/components/resource-card'
import {
  categoryChips,
  resourcesPage,
  resourcesPageSize,
  sampleResources,
} from '~/features/resources/content'
import ResourcesPage from '~/routes/resources'
import { jsonResponse, renderRoute } from './render-route'

afterEach(() => {
  vi.unstubAllGlobals()
})

const cardTitles = () =>
  screen.queryAllByRole('article').map((card) => within(card).getByRole('heading', { level: 3 }).textContent)

function renderResources(reply: () => Promise<Response>, path = '/resources') {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) => reply())
  vi.stubGlobal('fetch', fetchMock)
  renderRoute(path, [{ path: '/resources', Component: ResourcesPage }])
  return fetchMock
}

const serverItems = Array.from({ length: 8 }, (_, index) => ({
  id: `r${index}`,
  title: `Server resource ${index}`,
  resource_type: index % 2 === 0 ? 'whitepaper' : 'pdf',
  description: `About topic ${index}`,
  file_url: index === 0 ? '/files/resources/1700000000000-guide.pdf' : '',
  createdAt: '2026-11-01T10:00:00.000Z',
}))

// The page loads its list's request after hydrating (a dynamic import); loaded once here, as a browser has it
// cached after the first page, so a test's wait is for the request and not for transforming the module.
beforeAll(() => import('~/lib/api/public-list'))

describe('resources page', () => {
  it('shows the chips with their fixed counts and all eight samples, with Load More disabled', async () => {
    renderResources(async () => jsonResponse([]))
    const chips = within(screen.getByRole('group', { name: resourcesPage.chipsLabel })).getAllByRole('button')
    expect(chips.map((chip) => chip.textContent)).toEqual([
      'All Resources47',
      'Guides15',
      'Case Studies12',
      'Whitepapers8',
      'Videos7',
      'Tools5',
    ])
    expect(categoryChips.map((chip) => chip.count)).toEqual([47, 15, 12, 8, 7, 5])
    expect(chips[0]?.getAttribute('aria-pressed')).toBe('true')
    expect(sampleResources).toHaveLength(8)
    expect(cardTitles()).toEqual(sampleResources.map((item) => item.title))
    // Everything is shown: the button stays, disabled, and the line beside it says why.
    const loadMore = screen.getByRole('button', { name: resourcesPage.loadMore }) as HTMLButtonElement
    expect(loadMore.disabled).toBe(true)
    expect(screen.getByText(resourcesPage.endOfList)).toBeTruthy()
  })

  it('calls GET /api/resources once and keeps the samples when it answers an empty array', async () => {
    const fetchMock = renderResources(async () => jsonResponse([]))
    // The list's request loads after hydration (its first import here is transformed: slow on a busy machine).
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1), { timeout: 5000 })
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/resources')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(cardTitles()[0]).toBe(sampleResources[0]?.title)
  })

  it.each([
    ['a 500', async () => jsonResponse({ error: 'Something went wrong on our side.' }, 500)],
    ['an object', async () => jsonResponse({ items: serverItems })],
    ['broken JSON', async () => new Response('<html>', { status: 200 })],
    [
      'a network failure',
      async () => {
        throw new TypeError('Failed to fetch')
      },
    ],
  ])('keeps the samples silently after %s', async (_name, reply) => {
    const fetchMock = renderResources(reply)
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(cardTitles()[0]).toBe(sampleResources[0]?.title)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('replaces the samples with a non-empty server list, normalised', async () => {
    renderResources(async () => jsonResponse(serverItems))
    await waitFor(() => expect(cardTitles()[0]).toBe('Server resource 0'))
    const first = screen.getAllByRole('article')[0] as HTMLElement
    expect(within(first).getByText('Whitepaper')).toBeTruthy()
    expect(within(first).getByText('Suryodaya Energy Team')).toBeTruthy()
    expect(within(first).getByText('1 Nov 2026')).toBeTruthy()
    const readMore = within(first).getByRole('link', { name: /Read More/ })
    expect(readMore.getAttribute('href')).toBe('/files/resources/1700000000000-guide.pdf')
    expect(within(first).getByRole('link', { name: 'Download Server resource 0' })).toBeTruthy()
    expect(cardTitles().some((title) => sampleResources.some((sample) => sample.title === title))).toBe(false)
  })

  it('filters by search text on title, excerpt or tag, ignoring case, together with the category', async () => {
    const user = userEvent.setup()
    renderResources(async () => jsonResponse([]))
    const search = screen.getByRole('searchbox', { name: resourcesPage.searchLabel })
    await user.type(search, 'COMMERCIAL')
    // The tag 'Commercial' on two samples, the word in one title.
    expect(cardTitles()).toEqual([
      'A 1.2 MW Rooftop Plant Cuts a Pune Factory’s Bills by 38%',
      'Battery Storage Economics for Commercial & Industrial Sites',
      'EV Charging for Offices and Apartments: A Planning Checklist',
    ])
    await user.clear(search)
    await user.type(search, 'discom')
    // Only in the excerpt of the first guide.
    expect(cardTitles()).toEqual(['The Complete Guide to Rooftop Solar for Indian Homes'])
    await user.clear(search)
    await user.type(search, 'commercial')
    await user.click(screen.getByRole('button', { name: /^Guides/ }))
    expect(cardTitles()).toEqual(['EV Charging for Offices and Apartments: A Planning Checklist'])
    expect(screen.getByRole('button', { name: /^Guides/ }).getAttribute('aria-pressed')).toBe('true')

    await user.clear(search)
    await user.type(search, 'no such words')
    expect(cardTitles()).toEqual([])
    await user.click(screen.getByRole('button', { name: resourcesPage.clearFilters }))
    expect(cardTitles()).toHaveLength(sampleResources.length)
    expect((search as HTMLInputElement).value).toBe('')
  })

  it('reads the category from ?category= so other pages can link to a filtered list', async () => {
    renderResources(async () => jsonResponse([]), '/resources?category=case-studies')
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /^Case Studies/ }).getAttribute('aria-pressed')).toBe('true'),
    )
    expect(cardTitles()).toEqual(
      sampleResources.filter((item) => item.category === 'case-studies').map((item) => item.title),
    )
  })

  it('selects a category from a popular-category card', async () => {
    const user = userEvent.setup()
    renderResources(async () => jsonResponse([]))
    await user.click(screen.getByRole('button', { name: 'Savings Calculators' }))
    expect(cardTitles()).toEqual(['Solar Savings & Payback Calculator'])
    const tool = screen.getByRole('article')
    expect(
      within(tool).getByRole('link', { name: resourcesPage.toolAction.label }).getAttribute('href'),
    ).toBe(resourcesPage.toolAction.to)
  })

  it('loads more of a longer list until every item is shown, then says so', async () => {
    const user = userEvent.setup()
    const longList = Array.from({ length: resourcesPageSize + 3 }, (_, index) => ({
      ...serverItems[1],
      id: `long${index}`,
      title: `Long list item ${index}`,
    }))
    renderResources(async () => jsonResponse(longList))
    await waitFor(() => expect(cardTitles()[0]).toBe('Long list item 0'))
    expect(cardTitles()).toHaveLength(resourcesPageSize)
    const loadMore = screen.getByRole('button', { name: resourcesPage.loadMore }) as HTMLButtonElement
    expect(loadMore.disabled).toBe(false)
    expect(screen.queryByText(resourcesPage.endOfList)).toBeNull()
    await user.click(loadMore)
    expect(cardTitles()).toHaveLength(longList.length)
    expect(loadMore.disabled).toBe(true)
    expect(screen.getByText(resourcesPage.endOfList)).toBeTruthy()
  })

  it("loads the server's next page with Load More once the loaded items are all shown", async () => {
    const user = userEvent.setup()
    const page = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => ({
        ...serverItems[1],
        id: `p${from + index}`,
        title: `Paged item ${from + index}`,
      }))
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/resources'
        ? new Response(JSON.stringify(page(0, 4)), {
            headers: { 'Content-Type': 'application/json', 'x-own-items': '1', 'x-next-cursor': 'c/1' },
          })
        : new Response(JSON.stringify(page(4, 2)), {
            headers: { 'Content-Type': 'application/json', 'x-own-items': '1' },
          }),
    )
    vi.stubGlobal('fetch', fetchMock)
    renderRoute('/resources', [{ path: '/resources', Component: ResourcesPage }])
    // The first reply had a next page: the button asks for it though all four loaded items are shown.
    await waitFor(() => expect(cardTitles()).toHaveLength(4))
    const loadMore = screen.getByRole('button', { name: resourcesPage.loadMore }) as HTMLButtonElement
    expect(loadMore.disabled).toBe(false)
    await user.click(loadMore)
    await waitFor(() => expect(cardTitles()).toHaveLength(6))
    expect(fetchMock.mock.calls.map((call) => call[0])).toContain('/api/resources?cursor=c%2F1')
    expect(cardTitles().slice(4)).toEqual(['Paged item 4', 'Paged item 5'])
    await waitFor(() => expect(loadMore.disabled).toBe(true))
    expect(screen.getByText(resourcesPage.endOfList)).toBeTruthy()
  })

  it('shows an empty list, not the samples, once the company has published resources of its own', async () => {
    const fetchMock = renderResources(
      async () => new Response('[]', { headers: { 'Content-Type': 'application/json', 'x-own-items': '1' } }),
    )
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(cardTitles()).toEqual([]))
    expect(screen.getByText(resourcesPage.empty)).toBeTruthy()
  })

  it('shows at most three tags on a card', async () => {
    renderResources(async () => jsonResponse([]))
    const first = screen.getAllByRole('article')[0] as HTMLElement
    expect(sampleResources[0]?.tags.length).toBeGreaterThan(3)
    expect(within(within(first).getByRole('list')).getAllByRole('listitem')).toHaveLength(3)
  })
})

describe('readMoreTarget', () => {
  it('opens the file of a resource that has one, else asks for it on the contact page', () => {
    expect(readMoreTarget({ fileUrl: '/files/resources/1-a.pdf', title: 'A' })).toBe(
      '/files/resources/1-a.pdf',
    )
    expect(readMoreTarget({ fileUrl: '', title: 'Battery basics' })).toBe(
      contactWithSubject('Resource request: Battery basics'),
    )
  })
})
