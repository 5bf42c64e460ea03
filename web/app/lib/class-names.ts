import { twMerge } from 'tailwind-merge'

/**
 * Joins class names, skipping empty ones, and merges Tailwind utilities with tailwind-merge: a repeated class
 * appears once and a later utility replaces an earlier one of the same kind (`cn('size-5', 'size-4')` is
 * `size-4`), so a component's `className` prop can override its defaults.
 */
export function cn(...classNames: ReadonlyArray<string | false | null | undefined>): string {
  return twMerge(classNames)
}
