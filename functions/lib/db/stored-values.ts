/**
 * Reading what an item holds: an attribute may be missing, of another type or blank when an item was written
 * by hand or by an older version, and the readers treat all three as absent.
 */

/** A stored string attribute, or undefined when it is missing, not a string or blank. */
export const storedText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined

/** The record without its undefined properties: what a reader returns carries no key without a value. */
export function withoutUndefined<T extends object>(record: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)) as T
}
