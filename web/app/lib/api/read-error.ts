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

/** The API's per-field messages of a refused request (`fields` of `{ error, fields }`), by field name. */
export type FieldErrors = Readonly<Record<string, string>>

/** The per-field messages of an error body (`{ error, fields }`), or none. */
export function fieldErrorsOf(body: unknown): FieldErrors {
  if (body && typeof body === 'object' && 'fields' in body) {
    const fields = (body as ApiError).fields
    if (fields && typeof fields === 'object') {
      return Object.fromEntries(
        Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    }
  }
  return {}
}
