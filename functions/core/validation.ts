import type * as z from 'zod/mini'

/** The outcome of checking untrusted input against a schema: the cleaned value, or a message per field. */
export type Validated<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly fields: Record<string, string> }

/**
 * Checks `input` against `schema`. Unknown keys are dropped by the object schemas themselves (zod strips).
 * Errors are keyed by the first path segment, one message per field, the first one zod reports.
 */
export function validate<S extends z.ZodMiniType>(schema: S, input: unknown): Validated<z.output<S>> {
  const result = schema.safeParse(input)
  if (result.success) return { ok: true, value: result.data }
  const fields: Record<string, string> = {}
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : '_'
    fields[key] ??= issue.message
  }
  return { ok: false, fields }
}
