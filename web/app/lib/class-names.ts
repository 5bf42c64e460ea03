/**
 * Joins class names, skipping empty ones and repeated classes (a component's defaults and a caller's
 * `className` often share one). It does not resolve conflicting Tailwind utilities (tailwind-merge would,
 * but its class tables would weigh on every page): pass a `className` that adds to a component's classes rather than
 * contradicting them.
 */
export function cn(...classNames: ReadonlyArray<string | false | null | undefined>): string {
  const unique = new Set<string>()
  for (const names of classNames) {
    if (!names) continue
    for (const name of names.split(/\s+/)) if (name) unique.add(name)
  }
  return [...unique].join(' ')
}
