import type { ReactNode } from 'react'
import { useId } from 'react'

/**
 * A titled card of the staff workspace. Its heading sits under the page's: a card of the dashboard's parts
 * (Submissions, Jobs and Resources) is an h3, one straight under a page's title (a lead's, the settings') an
 * h2. `intro` stands under the heading, before the body (a line of help, a message about the card).
 */
export function AdminSection({
  title,
  level = 3,
  intro,
  children,
}: {
  readonly title: string
  readonly level?: 2 | 3
  readonly intro?: ReactNode
  readonly children: ReactNode
}) {
  const headingId = useId()
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <Heading id={headingId} className="text-lg font-semibold text-ink">
        {title}
      </Heading>
      {intro}
      <div className="mt-4">{children}</div>
    </section>
  )
}
