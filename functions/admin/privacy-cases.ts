import { privacyCasePattern } from '@core/privacy-requests'
import { adminHandler } from '../lib/admin-http'
import { listPrivacyCases, readPrivacyCase } from '../lib/db/privacy-cases'
import { BadRequestError, NotFoundError } from '../lib/errors'
import { json } from '../lib/http'

/** The case reference of a request's path: 400 when it is not of the shape the desk issues. */
export function privacyCaseIdOf(pathParameters: Readonly<Record<string, string | undefined>>): string {
  const id = pathParameters.id ?? ''
  if (!privacyCasePattern.test(id)) throw new BadRequestError('This is not a privacy case reference.')
  return id
}

/** The case of the path, or 404. */
export async function privacyCaseOf(pathParameters: Readonly<Record<string, string | undefined>>) {
  const found = await readPrivacyCase(privacyCaseIdOf(pathParameters))
  if (!found) throw new NotFoundError('No such privacy case.')
  return found
}

/**
 * GET /api/admin/privacy/cases (owners): `{ items }`, every case of the rights desk, the open ones first by
 * due date, then the closed ones, newest first (one Query of the PRIVACY partition). The workspace works
 * out each case's 90-day clock (core/privacy-requests.ts privacyClock).
 */
export const handler = adminHandler('admin-list-privacy-cases', async () =>
  json(200, { items: await listPrivacyCases() }),
)
