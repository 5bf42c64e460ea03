import { type LeadStatus, leadStatusLabels } from '@core/pipeline-rules'
import { cn } from '~/lib/class-names'

const tones: Readonly<Record<LeadStatus, string>> = {
  new: 'bg-sky-50 text-sky-800 ring-sky-200',
  contacted: 'bg-brand-50 text-brand-900 ring-brand-200',
  'site-visit': 'bg-amber-50 text-amber-900 ring-amber-200',
  proposal: 'bg-violet-50 text-violet-900 ring-violet-200',
  won: 'bg-emerald-50 text-emerald-900 ring-emerald-200',
  lost: 'bg-slate-100 text-slate-700 ring-slate-300',
}

/** A lead's status as a small label. */
export function StatusBadge({ status }: { readonly status: LeadStatus }) {
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

/** The follow-up flag of a lead whose follow-up date is today or past. */
export function FollowUpDueBadge({ label }: { readonly label: string }) {
  return (
    <span className="inline-flex rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger ring-1 ring-red-200 ring-inset">
      {label}
    </span>
  )
}
