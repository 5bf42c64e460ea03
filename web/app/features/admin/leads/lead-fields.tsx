import type { LeadDetail } from '@core/pipeline'
import { quoteFieldLabels } from '@core/quote'
import { detailEntries } from '~/features/admin/components/item-details'
import { leadCopy } from '~/features/admin/content/leads'
import { displayDateTime } from '~/lib/format-date'

type Lead = LeadDetail['lead']

/** Keys shown elsewhere on the page (the pipeline, the estimate, the consent) or only the store's own. */
const shownElsewhere = new Set([
  'pk',
  'sk',
  'status',
  'version',
  'assignee',
  'followUpOn',
  'lostReason',
  'lostNote',
  'latestNote',
  'updatedAt',
  'estimatedCost',
  'serverEstimate',
  'consent',
])

const record = (value: unknown): Readonly<Record<string, unknown>> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined

function Term({ label, children }: { readonly label: string; readonly children: string }) {
  return (
    <div className="contents">
      <dt className="pt-2 font-medium text-muted sm:pt-1">{label}</dt>
      <dd className="whitespace-pre-wrap break-words text-ink sm:pt-1">{children}</dd>
    </div>
  )
}

const listClasses = 'grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]'

/** Every field the lead was stored with, as the form named them. */
export function LeadFields({ lead }: { readonly lead: Lead }) {
  const fields = Object.fromEntries(Object.entries(lead.fields).filter(([key]) => !shownElsewhere.has(key)))
  return (
    <dl className={listClasses}>
      {detailEntries(fields, quoteFieldLabels).map(([label, value]) => (
        <Term key={label} label={label}>
          {value}
        </Term>
      ))}
    </dl>
  )
}

/** A quote's estimate as the visitor's page showed it, beside the one the server computed. */
export function LeadEstimate({ lead }: { readonly lead: Lead }) {
  const visitor = text(lead.fields.estimatedCost)
  const server = text(record(lead.fields.serverEstimate)?.estimatedCost)
  return (
    <dl className={listClasses}>
      <Term label={leadCopy.visitorEstimate}>{visitor ?? leadCopy.noEstimate}</Term>
      <Term label={leadCopy.serverEstimate}>{server ?? leadCopy.noEstimate}</Term>
    </dl>
  )
}

/** The consent the lead was given with (the quote form's agree box): its words and when. */
export function LeadConsent({ lead }: { readonly lead: Lead }) {
  const consent = record(lead.fields.consent)
  const words = text(consent?.text)
  const givenAt = text(consent?.givenAt)
  if (!consent) return <p className="text-sm text-muted">{leadCopy.noConsent}</p>
  return (
    <div className="flex flex-col gap-1 text-sm">
      {words ? <p className="text-ink">{words}</p> : null}
      {givenAt ? <p className="text-muted">{leadCopy.consentGiven(displayDateTime(givenAt))}</p> : null}
    </div>
  )
}
