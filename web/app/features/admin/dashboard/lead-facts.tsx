import { storedLeadStatus } from '@core/pipeline-rules'
import { formatInr } from '@core/quote'
import type { AdminContact } from '~/features/admin/dashboard/api/admin-contacts'
import { adminLists } from '~/features/admin/shared/admin-content'
import type { AdminQuote } from '~/features/admin/shared/api/admin-lists'
import { StatusBadge } from '~/features/admin/shared/status-badge'
import { displayDate } from '~/lib/format-date'

/** One fact of a lead in a recent list: its name for screen readers, and what the row shows. */
export interface LeadFact {
  readonly label: string
  readonly value: string
  /** The status is drawn as a badge. */
  readonly status?: boolean
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

/**
 * The estimate of a stored quote: the server's own (`serverEstimate`, stored with every quote that chose a
 * capacity), else the visitor's `estimatedCost` text of an older quote, else none.
 */
export function quoteEstimate(quote: AdminQuote): string {
  const server = (quote.serverEstimate as { estimatedCostInr?: unknown } | undefined)?.estimatedCostInr
  if (typeof server === 'number' && Number.isFinite(server)) return formatInr(server)
  return text(quote.estimatedCost) || adminLists.noEstimate
}

/**
 * What a recent quote's row says beside its name: when it came, its WhatsApp number, the estimate and the
 * pipeline status, all read from the stored quote the list answers (a lead stored before the pipeline has no
 * status and reads as New).
 */
export function quoteFacts(quote: AdminQuote): LeadFact[] {
  return [
    { label: adminLists.received, value: displayDate(quote.createdAt) },
    { label: adminLists.phone, value: text(quote.whatsapp) },
    { label: adminLists.estimate, value: quoteEstimate(quote) },
    { label: adminLists.status, value: storedLeadStatus(quote.status), status: true },
  ].filter((fact) => fact.value !== '')
}

/** What a recent contact's row says beside its name and e-mail: when it came, the phone and the status. */
export function contactFacts(contact: AdminContact): LeadFact[] {
  const status = (contact as { readonly status?: unknown }).status
  return [
    { label: adminLists.received, value: displayDate(contact.createdAt) },
    { label: adminLists.phone, value: text(contact.phone) },
    { label: adminLists.status, value: storedLeadStatus(status), status: true },
  ].filter((fact) => fact.value !== '')
}

/** The facts in one wrapped line, each named for screen readers (a description list). */
export function LeadFacts({ facts }: { readonly facts: readonly LeadFact[] }) {
  return (
    <dl className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
      {facts.map((fact) => (
        <div key={fact.label} className="flex items-center gap-1" data-fact={fact.label}>
          <dt className="sr-only">{fact.label}</dt>
          <dd
            className={fact.label === adminLists.estimate ? 'font-medium text-ink tabular-nums' : undefined}
          >
            {fact.status ? <StatusBadge status={storedLeadStatus(fact.value)} /> : fact.value}
          </dd>
        </div>
      ))}
    </dl>
  )
}
