/**
 * Joins class names, skipping empty ones. It does not resolve conflicting Tailwind utilities (there is no
 * tailwind-merge here): pass a `className` that adds to a component's classes rather than contradicting them.
 */
export function cn(...classNames: ReadonlyArray<string | false | null | undefined>): string {
  return classNames.filter(Boolean).join(' ')
}
