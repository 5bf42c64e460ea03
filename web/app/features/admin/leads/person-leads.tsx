import { inboxKindLabels } from '@core/inbox-search'
import type { PersonLead } from '@core/lead-views'
import { useRef, useState } from 'react'
import { Link } from 'react-router'
import { Button } from '~/components/button'
import { leadCopy } from '~/features/admin/leads/content'
import { ConfirmDialog } from '~/features/admin/shared/confirm-dialog'
import { FormMessage } from '~/features/admin/shared/form-parts'
import { leadPath } from '~/features/admin/shared/lead-links'
import { displayDate } from '~/lib/format-date'
import { StatusBadge } from '../shared/status-badge'
import { useLeadAction } from './use-lead-action'

const askedOn = (lead: PersonLead) => ({
  date: displayDate(lead.createdAt),
  form: inboxKindLabels[lead.kind].toLowerCase(),
})

/**
 * The same person's other leads (the same phone number or e-mail), newest first: when and through which form
 * they asked, where each stands and who has it, each a link to its page. A role that may merge leads
 * (`mayMerge`) is offered to merge each into this one, after confirming: the page then shows the survivor.
 */
export function PersonLeads({
  id,
  leads,
  mayMerge = false,
}: {
  readonly id: string
  readonly leads: readonly PersonLead[]
  readonly mayMerge?: boolean
}) {
  const form = useRef<HTMLFormElement>(null)
  const [merging, setMerging] = useState<PersonLead | null>(null)
  const action = useLeadAction({
    id,
    form,
    success: leadCopy.mergeDone,
    failure: leadCopy.mergeFailed,
    onDone: () => setMerging(null),
  })
  return (
    <form ref={form} className="flex flex-col gap-3" onSubmit={(event) => event.preventDefault()}>
      <p className="text-sm text-muted">{leadCopy.personHint}</p>
      <FormMessage message={action.message} />
      <ul className="flex flex-col gap-2">
        {leads.map((lead) => {
          const { date, form: kind } = askedOn(lead)
          return (
            <li key={lead.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
              <Link
                to={leadPath(lead.id)}
                className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
              >
                {leadCopy.alsoAsked(date, kind)}
              </Link>
              <StatusBadge status={lead.status} />
              <span className="text-muted">{lead.assignee ?? leadCopy.unassigned}</span>
              {mayMerge ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={action.busy}
                  aria-label={`${leadCopy.mergeHere}: ${leadCopy.alsoAsked(date, kind)}`}
                  onClick={() => setMerging(lead)}
                >
                  {leadCopy.mergeHere}
                </Button>
              ) : null}
            </li>
          )
        })}
      </ul>
      {merging ? (
        <ConfirmDialog
          open
          title={leadCopy.mergeTitle(askedOn(merging).date, askedOn(merging).form)}
          text={leadCopy.mergeText}
          confirmLabel={leadCopy.mergeConfirm}
          busy={action.busy}
          onCancel={() => setMerging(null)}
          onConfirm={() =>
            void action.send({ intent: 'merge', from: merging.id }).then(() => setMerging(null))
          }
        />
      ) : null}
    </form>
  )
}
