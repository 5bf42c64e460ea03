import { type LeadStatus, leadStatusLabels } from '@core/pipeline'
import { cn } from '~/lib/class-names'

const tones: Readonly<Record<LeadStatus, string>> = {
  new: 'bg-sky-50 text-sky-800 ring-sky-200',
  contacted: 'bg-amber-50 text-amber-800 ring-amber-200',
  'site-visit': 'bg-violet-50 text-violet-800 ring-violet-200',
  proposal: 'bg-brand-50 text-brand-800 ring-brand-200',
  won: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  lost: 'bg-slate-100 text-slate-700 ring-slate-300',
}

/** A lead's pipeline status as a small labelled badge. */
export function LeadStatusBadge({ status }: { readonly status: LeadStatus }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tones[status],
      )}
    >
      {leadStatusLabels[status]}
    </span>
  )
}
