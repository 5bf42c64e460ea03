import { adminHandler } from '../lib/admin-http'
import { startEnrolment } from '../lib/auth/mfa-enrolment'
import { json } from '../lib/http'

/**
 * POST /api/admin/mfa/enrol (Bearer, the enrolment-only token too): starts the caller's own MFA enrolment →
 * `{ uri, qrCode, secret, expiresAt }`; 409 when already enrolled (functions/lib/auth/mfa-enrolment.ts).
 */
export const handler = adminHandler('admin-mfa-enrol', async (request) =>
  json(200, await startEnrolment(request.admin), { 'cache-control': 'no-store' }),
)
