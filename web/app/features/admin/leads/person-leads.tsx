import { inboxKindLabels, type PersonLead } from '@core/pipeline'
import { Link } from 'react-router'
import { leadCopy } from '~/features/admin/content/leads'
import { leadPath } from '~/features/admin/lead-links'
import { displayDate } from '~/lib/format-date'
import { StatusBadge } from './status-badge'

/**
 * The same person's other leads (the same phone number or e-mail), newest first: when and through which form
 * they asked, where each stands and who has it, each a link to its page.
 */
export function PersonLeads({ leads }: { readonly leads: readonly PersonLead[] }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted">{leadCopy.personHint}</p>
      <ul className="flex flex-col gap-2">
        {leads.map((lead) => (
          <li key={lead.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <Link
              to={leadPath(lead.id)}
              className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
            >
              {leadCopy.alsoAsked(displayDate(lead.createdAt), inboxKindLabels[lead.kind].toLowerCase())}
            </Link>
            <StatusBadge status={lead.status} />
            <span className="text-muted">{lead.assignee ?? leadCopy.unassigned}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
