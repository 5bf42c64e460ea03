import { apiMethod, apiPath } from '~/lib/api/client'
import { readErrorMessage } from '~/lib/api/read-error'

/** How the confirmation went: the API's words, and whether the signup is confirmed now (or was). */
export interface NewsletterConfirmResult {
  readonly confirmed: boolean
  readonly message: string | undefined
}

/** POST /api/newsletter/confirm with the link's token; a network failure rejects. */
export async function confirmNewsletter(token: string): Promise<NewsletterConfirmResult> {
  const response = await fetch(apiPath('confirm-newsletter'), {
    method: apiMethod('confirm-newsletter'),
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ t: token }),
  })
  if (!response.ok) return { confirmed: false, message: await readErrorMessage(response) }
  const reply = (await response.json().catch(() => ({}))) as { message?: unknown }
  return { confirmed: true, message: typeof reply.message === 'string' ? reply.message : undefined }
}
