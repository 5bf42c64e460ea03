import { contactFields } from '@core/contact-fields'
import {
  type FieldDeclarations,
  fieldLabels,
  optInPurposes,
  personalFieldNames,
  valueLabel,
  withdrawnAtOf,
} from '@core/field-declarations'
import { sourceLabel, storedSource, utmValuesOf } from '@core/lead-source'
import type { LeadDetail, LeadEvent } from '@core/pipeline'
import { quoteFields } from '@core/quote-fields'
import { keepActor, retentionLeadLabels } from '@core/retention-messages'
import type { ReactNode } from 'react'
import { leadCopy } from '~/features/admin/leads/content'
import { detailEntries } from '~/features/admin/shared/item-details'
import { displayDateTime } from '~/lib/format-date'
import { dial, mailTo } from './lead-reach'

type Lead = LeadDetail['lead']

/** Keys shown elsewhere on the page (the pipeline, the estimate, the consent) or only the store's own. */
const shownElsewhere = new Set([
  'pk',
  'sk',
  'status',
  'version',
  'assignee',
  'followUpOn',
  'followUpAt',
  'firstContactAt',
  'lostReason',
  'lostNote',
  'latestNote',
  'updatedAt',
  'estimatedCost',
  'serverEstimate',
  'consent',
  // The response clock's own bookkeeping: its steps are in the timeline.
  'clockStartedAt',
  'remindedAt',
  'escalatedAt',
  // Shown first, in words (sourceLabel).
  'source',
  // A merge's bookkeeping: the timeline says what joined, the page's banner where a merged lead went.
  'mergedFrom',
  'mergedInto',
  'mergedAt',
  'mergedBy',
  // The retention sweep's stamps: lines of their own, in words (RetentionTerms).
  'retentionAskedAt',
  'retentionNoticeAt',
])

const record = (value: unknown): Readonly<Record<string, unknown>> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined

function Term({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="pt-2 font-medium text-muted sm:pt-1">{label}</dt>
      <dd className="whitespace-pre-wrap break-words text-ink sm:pt-1">{children}</dd>
    </div>
  )
}

const listClasses = 'grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[12rem_1fr]'

/** The declared fields of the lead's kind: their labels, their options' labels, how staff reach the person. */
const fieldsOfKind: Readonly<Record<Lead['kind'], FieldDeclarations>> = {
  quote: quoteFields,
  contact: contactFields,
}

/** The labels of the declared fields of each kind, by name. */
const labelsOfKind: Readonly<Record<Lead['kind'], Readonly<Record<string, string>>>> = {
  quote: fieldLabels(quoteFields),
  contact: fieldLabels(contactFields),
}

/** The attributes that keep when each opt-in box of a kind was withdrawn: shown with the box, not apart. */
const withdrawnAtsOfKind: Readonly<Record<Lead['kind'], ReadonlyMap<string, string>>> = {
  quote: new Map(optInPurposes(quoteFields).map(({ name }) => [name, withdrawnAtOf(name)])),
  contact: new Map(optInPurposes(contactFields).map(({ name }) => [name, withdrawnAtOf(name)])),
}

/** Fields staff reach the visitor by, as links a phone or a mail program opens. */
function reachLink(fields: FieldDeclarations, name: string): ((value: string) => string) | undefined {
  if (personalFieldNames(fields, 'phone').includes(name)) return dial
  if (personalFieldNames(fields, 'email').includes(name)) return mailTo
  return undefined
}

/**
 * A stored value as staff read it: a choice by its option's label, a withdrawn box with when (IST), or a link
 * to call or write.
 */
function FieldValue({
  fields,
  name,
  value,
  shown,
  withdrawnAt,
}: {
  readonly fields: FieldDeclarations
  readonly name: string
  readonly value: unknown
  readonly shown: string
  readonly withdrawnAt?: string | undefined
}) {
  if (withdrawnAt && value !== true) return leadCopy.withdrawnBox(displayDateTime(withdrawnAt))
  const label = valueLabel(fields[name], value)
  if (label !== undefined) return label
  if (typeof value !== 'string') return shown
  const link = reachLink(fields, name)
  if (!link) return shown
  return (
    <a className="font-medium text-brand-800 underline underline-offset-2" href={link(value)}>
      {value}
    </a>
  )
}

/** When the box stored under `name` was withdrawn, if it was (`attribute`: where that time is kept). */
function withdrawnAtOfBox(lead: Lead, attribute: string | undefined): string | undefined {
  return attribute === undefined ? undefined : text(lead.fields[attribute])
}

/**
 * What the retention sweep did about the lead and how the person answered, each with its time (IST): the ask
 * to confirm (while it stands), the last confirmation by the ask's link (from the timeline), the notice of an
 * erasure to come.
 */
function RetentionTerms({ lead, events }: { readonly lead: Lead; readonly events: readonly LeadEvent[] }) {
  const kept = events
    .filter((event) => event.by === keepActor)
    .map((event) => event.at)
    .sort()
    .at(-1)
  const lines: [string, string | undefined][] = [
    [retentionLeadLabels.asked, text(lead.fields.retentionAskedAt)],
    [retentionLeadLabels.kept, kept],
    [retentionLeadLabels.noticed, text(lead.fields.retentionNoticeAt)],
  ]
  return lines.map(([label, at]) =>
    at ? (
      <Term key={label} label={label}>
        {displayDateTime(at)}
      </Term>
    ) : null,
  )
}

/** Every field the lead was stored with, as the form named them, and what the retention sweep did. */
export function LeadFields({ lead, events }: { readonly lead: Lead; readonly events: readonly LeadEvent[] }) {
  const declared = fieldsOfKind[lead.kind]
  const withdrawnAts = withdrawnAtsOfKind[lead.kind]
  const shownWithBox = new Set(withdrawnAts.values())
  const fields = Object.entries(lead.fields).filter(
    ([key]) => !shownElsewhere.has(key) && !shownWithBox.has(key),
  )
  return (
    <dl className={listClasses}>
      <Term label={leadCopy.source}>
        <span data-lead-source="">
          {sourceLabel(storedSource(lead.kind, lead.fields.source), utmValuesOf(lead.fields))}
        </span>
      </Term>
      {fields.flatMap(([name, value]) =>
        detailEntries({ [name]: value }, labelsOfKind[lead.kind]).map(([label, shown]) => (
          <Term key={label} label={label}>
            <FieldValue
              fields={declared}
              name={name}
              value={value}
              shown={shown}
              withdrawnAt={withdrawnAtOfBox(lead, withdrawnAts.get(name))}
            />
          </Term>
        )),
      )}
      <RetentionTerms lead={lead} events={events} />
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
