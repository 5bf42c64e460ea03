import type { ReactNode } from 'react'
import { useId } from 'react'

/** A titled card of the admin dashboard; its heading sits under the part's (Submissions, Jobs and Resources). */
export function AdminSection({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h3 id={headingId} className="text-lg font-semibold text-ink">
        {title}
      </h3>
      <div className="mt-4">{children}</div>
    </section>
  )
}
