import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { exportLeadView, leadExportPath } from '~/features/admin/leads/api/admin-export-leads'
import { AdminSessionExpiredError } from '~/features/admin/session/admin-client'
import { ExportError } from '~/features/admin/shared/api/download-file'
import { jsonResponse } from './render-route'
import { sessionOfCall, storedSessionId, storeStaffSession } from './staff-session'

/** The links the export "clicked" to save a file: their href and download name. */
let saved: { href: string; download: string }[] = []

beforeEach(() => {
  saved = []
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download })
  })
  URL.createObjectURL = vi.fn(() => 'blob:http://localhost/leads')
  URL.revokeObjectURL = vi.fn()
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

function stubFetch(response: () => Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response())
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

describe('exportLeadView', () => {
  it("asks for the view's export with the inbox's filters, leaving out the empty ones and the paging", () => {
    expect(
      leadExportPath('xlsx', {
        q: 'ravi kumar',
        status: 'won',
        assignee: '',
        kind: undefined,
        from: '2026-01-01',
      }),
    ).toBe('/api/admin/export-leads/xlsx?status=won&from=2026-01-01&q=ravi+kumar')
    expect(leadExportPath('csv', {})).toBe('/api/admin/export-leads/csv')
  })

  it('saves the file the API answers as leads.csv, sending the token', async () => {
    storeStaffSession('token-1')
    const fetchMock = stubFetch(
      () => new Response('\uFEFFReceived,ID\r\n', { headers: { 'content-type': 'text/csv; charset=utf-8' } }),
    )
    await exportLeadView('csv', { status: 'new' })
    const [input, init] = fetchMock.mock.calls[0]!
    expect(String(input)).toBe('/api/admin/export-leads/csv?status=new')
    expect(init?.method).toBe('GET')
    expect(sessionOfCall(init)).toBe('token-1')
    expect(saved).toEqual([{ href: 'blob:http://localhost/leads', download: 'leads.csv' }])
  })

  it('follows the download link of a view too large for one reply', async () => {
    stubFetch(() =>
      jsonResponse({
        url: 'http://localhost/_s3/exports/1-a/leads.xlsx?X-Amz-Expires=300',
        fileName: 'leads.xlsx',
      }),
    )
    await exportLeadView('xlsx', {})
    expect(saved).toEqual([
      { href: 'http://localhost/_s3/exports/1-a/leads.xlsx?X-Amz-Expires=300', download: 'leads.xlsx' },
    ])
  })

  it("rejects with the server's message, or as an expired session on 401, and saves nothing", async () => {
    stubFetch(() => jsonResponse({ error: 'Check the filters.', fields: { status: 'Choose a status' } }, 400))
    await expect(exportLeadView('csv', {})).rejects.toThrow(new ExportError('Check the filters.'))
    storeStaffSession('token-1')
    stubFetch(() => jsonResponse({ error: 'Sign in again.' }, 401))
    await expect(exportLeadView('csv', {})).rejects.toBeInstanceOf(AdminSessionExpiredError)
    expect(storedSessionId()).toBeNull()
    stubFetch(() => jsonResponse({ fileName: 'leads.csv' }))
    await expect(exportLeadView('csv', {})).rejects.toThrow(new ExportError('no download link'))
    expect(saved).toEqual([])
  })
})
