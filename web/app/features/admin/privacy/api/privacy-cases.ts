import type { ConsentPurpose } from '@core/privacy-notice'
import type { PrivacyReplyInput } from '@core/privacy-request-schema'
import type { PrivacyCase, PrivacyCaseDetail, PrivacyRequestKind } from '@core/privacy-requests'
import { type AdminRequestOptions, adminRouteJson } from '~/features/admin/session/admin-client'

/** What the list shows when the server gives no reason (or cannot be reached). */
export const privacyCasesFailedMessage = 'The rights requests could not be loaded. Please try again.'

/** GET /api/admin/privacy/cases (owners): every case, the open ones first by due date, then the closed ones. */
export async function fetchPrivacyCases({ signal }: AdminRequestOptions): Promise<readonly PrivacyCase[]> {
  const reply: { items: readonly PrivacyCase[] } = await adminRouteJson('admin-list-privacy-cases', {
    signal,
    failure: privacyCasesFailedMessage,
  })
  return reply.items
}

/** What the case page shows when the server gives no reason (or cannot be reached). */
export const privacyCaseFailedMessage = 'The request could not be loaded. Please try again.'

/** GET /api/admin/privacy/cases/{id} (owners): the case and what the product holds about its person. */
export async function fetchPrivacyCase(
  id: string,
  { signal }: AdminRequestOptions,
): Promise<PrivacyCaseDetail> {
  return adminRouteJson('admin-get-privacy-case', {
    params: { id },
    signal,
    failure: privacyCaseFailedMessage,
  })
}

/** When a reply could not be sent and the server gives no reason. */
export const privacyReplyFailedMessage = 'The reply could not be sent. Please try again.'

/**
 * POST /api/admin/privacy/cases/{id}/reply: the decision and the reply; the case closes. Rejects with
 * AdminRequestError, its `fields` naming a refused field (409: answered or changed meanwhile).
 */
export async function replyPrivacyCase(id: string, body: PrivacyReplyInput): Promise<PrivacyCase> {
  return adminRouteJson('admin-reply-privacy-case', {
    params: { id },
    body,
    failure: privacyReplyFailedMessage,
  })
}

/** When an erasure failed and the server gives no reason. */
export const privacyEraseFailedMessage = 'The erasure could not be done. Please try again.'

/**
 * POST /api/admin/privacy/cases/{id}/erase: erases the person of an erasure case. Without `confirm`, a person
 * with an open lead is refused with a 409 whose message says what would be lost (AdminRequestError).
 */
export async function erasePrivacyCase(
  id: string,
  confirm: boolean,
): Promise<{ readonly case: PrivacyCase; readonly erased: number; readonly exportFiles: number }> {
  return adminRouteJson('admin-erase-privacy-case', {
    params: { id },
    body: confirm ? { confirm: true } : {},
    failure: privacyEraseFailedMessage,
  })
}

/** When a case could not be opened and the server gives no reason. */
export const privacyOpenFailedMessage = 'The case could not be opened. Please try again.'

/** What a case opened by hand sends (core/privacy-request-schema.ts privacyCaseOpenSchema checks it). */
export interface PrivacyCaseOpenBody {
  readonly kind: PrivacyRequestKind
  readonly name: string
  readonly phone?: string
  readonly email?: string
  readonly details?: string
  readonly nominee?: string
}

/** POST /api/admin/privacy/cases: a case opened by hand after a call-back. Rejects with AdminRequestError. */
export async function openPrivacyCase(body: PrivacyCaseOpenBody): Promise<PrivacyCase> {
  return adminRouteJson('admin-open-privacy-case', { body, failure: privacyOpenFailedMessage })
}

/** When a withdrawal could not be recorded and the server gives no reason. */
export const privacyWithdrawFailedMessage = 'The withdrawal could not be recorded. Please try again.'

/**
 * POST /api/admin/privacy/cases/{id}/withdraw: the consents the person withdrew on the phone, once staff
 * called them back. Rejects with AdminRequestError, its `fields` naming a refused field.
 */
export async function withdrawPrivacyConsents(
  id: string,
  purposes: readonly ConsentPurpose[],
): Promise<{ readonly leads: number; readonly newsletter: boolean }> {
  return adminRouteJson('admin-withdraw-privacy-case', {
    params: { id },
    body: { purposes, calledBack: true },
    failure: privacyWithdrawFailedMessage,
  })
}
