import { privacyContact } from '@core/company'
import { apiMethod, apiPath } from '~/lib/api/client'
import { type FieldErrors, fieldErrorsOf } from '~/lib/api/read-error'

/** The public privacy routes the pages' steps call (functions/routes.ts). */
type PrivacyStepsRoute =
  | 'privacy-codes'
  | 'privacy-open-choices'
  | 'privacy-choices'
  | 'privacy-withdraw'
  | 'privacy-request-code'
  | 'privacy-create-request'
  | 'privacy-keep'

/**
 * POSTs JSON to one of the privacy pages' routes: its reply, or the API's message for a refusal with its
 * per-field messages (none for a network failure).
 */
export async function postPrivacy<T>(
  id: PrivacyStepsRoute,
  body: unknown,
): Promise<{ ok: true; value: T } | { ok: false; error: string; fields: FieldErrors }> {
  try {
    const response = await fetch(apiPath(id), {
      method: apiMethod(id),
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    })
    const reply = (await response.json().catch(() => ({}))) as { error?: string }
    return response.ok
      ? { ok: true, value: reply as T }
      : {
          ok: false,
          error: reply.error ?? 'Something went wrong. Please try again.',
          fields: fieldErrorsOf(reply),
        }
  } catch {
    return { ok: false, error: 'Could not reach us. Check your connection and try again.', fields: {} }
  }
}

export const privacyInputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30'
export const privacyButtonClass =
  'mt-4 inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60'

/** Where no code can be sent (no sender is set): the person reaches the privacy contact instead. */
export function CodeNotSent() {
  return (
    <p className="mt-6 rounded-lg bg-amber-50 p-4" data-testid="code-not-sent">
      We cannot send a code from here at the moment. Write to {privacyContact.name} at{' '}
      <a href={`mailto:${privacyContact.email}`} className="font-medium underline">
        {privacyContact.email}
      </a>{' '}
      or call {privacyContact.phone}.
    </p>
  )
}

/** The message of a refused step, read out as it appears (both privacy pages' steps). */
export function StepError({ error }: { readonly error: string | null | undefined }) {
  return error ? (
    <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
      {error}
    </p>
  ) : null
}
