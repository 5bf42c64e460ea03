import type { ComponentProps } from 'react'

/**
 * A list introduced by a visually hidden caption (`Tags`, `Social media`) that screen readers read just before
 * it. Lists get no `aria-label`: a list is not an interactive or landmark element, and the caption gives the
 * same context.
 */
export function LabelledList({ label, ...props }: ComponentProps<'ul'> & { readonly label: string }) {
  return (
    <>
      <span className="sr-only">{label}</span>
      <ul {...props} />
    </>
  )
}
