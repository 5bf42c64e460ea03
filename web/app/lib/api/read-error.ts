import type { ApiError } from '@core/api-types'

/** The `error` text of an API error reply, or undefined when the body is not `{ error: string }` JSON. */
export async function readErrorMessage(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = await response.json()
    if (body && typeof body === 'object' && 'error' in body) {
      const { error } = body as ApiError
      if (typeof error === 'string' && error.trim() !== '') return error
    }
  } catch {
    // Not JSON: the caller falls back to its own message.
  }
  return undefined
}
