import { AdminRequestError, AdminSessionExpiredError } from '~/features/admin/session/admin-client'
import type { FieldErrors } from '~/lib/field-errors'

/**
 * How a workspace action that was not done is answered to its form (answered, not thrown, so the form can show
 * it): the session has ended (a 401), or the server (or the browser) refused it with a message and per-field
 * messages. Status 0: the request got no answer.
 */
export type ActionRefusal =
  | { readonly ok: false; readonly expired: true }
  | { readonly ok: false; readonly status: number; readonly message: string; readonly fields: FieldErrors }

/** The refusal an action's failure is: the server's own words where it answered, else `failure`. */
export function actionRefusal(error: unknown, failure: string): ActionRefusal {
  if (error instanceof AdminSessionExpiredError) return { ok: false, expired: true }
  if (error instanceof AdminRequestError) {
    return { ok: false, status: error.status, message: error.message, fields: error.fields }
  }
  return { ok: false, status: 0, message: failure, fields: {} }
}
