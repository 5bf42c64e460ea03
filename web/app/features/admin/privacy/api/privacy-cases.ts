import type { PrivacyCase } from '@core/privacy-requests'
import { type AdminRequestOptions, adminCall, adminJson } from '~/features/admin/session/admin-client'
import { apiMethod, apiPath } from '~/lib/api/client'

/** What the list shows when the server gives no reason (or cannot be reached). */
export const privacyCasesFailedMessage = 'The rights requests could not be loaded. Please try again.'

/** GET /api/admin/privacy/cases (owners): every case, the open ones first by due date, then the closed ones. */
export async function fetchPrivacyCases({ signal }: AdminRequestOptions): Promise<readonly PrivacyCase[]> {
  const route = 'admin-list-privacy-cases'
  const response = await adminCall(apiPath(route), apiMethod(route), {
    signal,
    failure: privacyCasesFailedMessage,
  })
  return (await adminJson<{ items: readonly PrivacyCase[] }>(response, privacyCasesFailedMessage)).items
}
