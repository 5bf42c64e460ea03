import type { ReactNode } from 'react'
import { useId } from 'react'

/** A titled card of the admin dashboard (recent contacts now; quotes, totals, jobs, resources later). */
export function AdminSection({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  )
}
