import { businessDateLabel } from '@core/date-labels'
import { inboxKindLabels } from '@core/inbox-search'
import { leadStatusLabels } from '@core/pipeline-rules'
import { consentPurposeLabels } from '@core/privacy-choices'
import type { ConsentPurpose } from '@core/privacy-notice'
import {
  type PrivacyCase,
  type PrivacyCaseDetail,
  type PrivacyDecision,
  type PrivacySummary,
  privacyClock,
  privacyDecisionLabels,
  privacyDecisions,
  privacyIdentityLabels,
  privacyRequestKindLabels,
} from '@core/privacy-requests'
import { type FormEvent, type ReactNode, useCallback, useState } from 'react'
import { Link } from 'react-router'
import { SelectField, TextAreaField } from '~/components/form-field'
import {
  erasePrivacyCase,
  fetchPrivacyCase,
  privacyCaseFailedMessage,
  privacyEraseFailedMessage,
  privacyReplyFailedMessage,
  privacyWithdrawFailedMessage,
  replyPrivacyCase,
  withdrawPrivacyConsents,
} from '~/features/admin/privacy/api/privacy-cases'
import { daysLeftText } from '~/features/admin/privacy/requests-list'
import type { AdminRequestError } from '~/features/admin/session/admin-client'
import { ConfirmDialog } from '~/features/admin/shared/confirm-dialog'
import { ActionRow } from '~/features/admin/shared/form-parts'
import { leadPath } from '~/features/admin/shared/lead-links'
import { useAdminLoad } from '~/features/admin/shared/use-admin-load'
import { useAdminSubmit } from '~/features/admin/shared/use-admin-submit'
import { privacyRequestsPath } from '~/features/admin/shared/workspace-content'
import { displayDateTime } from '~/lib/format-date'
import { notify } from '~/lib/toast'

/** The case page's words. */
export const casePageCopy = {
  back: 'All rights requests',
  loading: 'Loading the request…',
  heading: (id: string) => `Request ${id}`,
  caseDetails: 'The request',
  fields: {
    kind: 'What is asked',
    received: 'Received',
    due: 'Answer due',
    clock: 'Days left',
    status: 'Status',
    identity: 'Identity',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    details: 'Details',
    nominee: 'Nominee',
    openedBy: 'Opened by hand by',
  },
  status: { open: 'Open', closed: 'Answered' },
  held: 'What we hold about the person',
  heldGone: 'Nothing of the person is left: the erasure removed it.',
  leads: 'Their enquiries',
  noLeads: 'No quote or contact enquiries with this phone number or e-mail.',
  leadLine: (form: string, date: string, status: string) => `${form} of ${date}, ${status}`,
  personalData: 'Personal data',
  newsletter: 'Newsletter',
  noNewsletter: 'Not signed up to the newsletter.',
  newsletterLine: (date: string, confirmed: boolean, withdrawn: boolean) =>
    `Signed up on ${date}, ${withdrawn ? 'withdrawn' : confirmed ? 'confirmed' : 'not confirmed'}`,
  consents: 'Consents',
  consentGiven: (at: string) => (at ? `Given (${at})` : 'Given'),
  consentNotGiven: (at: string) => (at ? `Not given or withdrawn (${at})` : 'Not given'),
  ledger: (entries: number) =>
    `The consent ledger holds ${entries} ${entries === 1 ? 'entry' : 'entries'} for this person.`,
  sharedWith:
    'Shared with: the processors in the privacy notice (the cloud provider, the e-mail service, WhatsApp when used). Staff see these enquiries in the workspace.',
  answer: 'The answer',
  decision: 'Decision',
  decisionPlaceholder: 'Choose…',
  reason: 'Reason',
  reasonHint: 'Needed for a refusal, whole or in part.',
  reply: 'Reply to the person',
  replyHint: 'Sent by e-mail when the request has an address; otherwise give it by phone.',
  send: 'Send the reply and close',
  replied: 'The reply is recorded and the case is closed.',
  replyFailed: 'The reply was not sent',
  answered: (at: string, by: string) => `Answered ${at} by ${by}`,
  replyHow: 'How the reply went',
  replyVia: {
    sent: 'Sent by e-mail',
    kept: 'Kept in the outbox (this is not a live site)',
    'not-configured': 'Not sent: e-mail is not set up here',
    phone: 'Given by phone',
  },
  erasure: 'Erasure',
  eraseIntro:
    "Erases the person's enquiries, notes, follow-ups, newsletter signup and export files. The case keeps only that the request was honoured.",
  erase: 'Erase the person',
  eraseTitle: 'Erase anyway?',
  eraseConfirm: 'Erase anyway',
  erased: (records: number, files: number) =>
    `Erased ${records} ${records === 1 ? 'record' : 'records'} and ${files} export ${files === 1 ? 'file' : 'files'}.`,
  erasedOn: (at: string, by: string, records: number) =>
    `Erased ${at} by ${by}: ${records} ${records === 1 ? 'record' : 'records'}.`,
  eraseFailed: 'Nothing was erased',
  withdrawal: 'Withdraw consents by phone',
  withdrawalIntro:
    'For a person who asked by phone: call them back on the number they gave, from the company number, before you record what they withdraw. It takes effect at once on their enquiries and newsletter signup.',
  withdrawPurposes: 'Consents to withdraw',
  calledBack: 'I called the person back and they confirmed',
  withdraw: 'Withdraw consents',
  withdrawn: (leads: number, newsletter: boolean) =>
    `Withdrawn: ${leads} ${leads === 1 ? 'enquiry' : 'enquiries'} changed${newsletter ? ', newsletter signup stopped' : ''}.`,
  withdrawFailed: 'Nothing was withdrawn',
  choosePurpose: 'Choose a consent to withdraw',
  confirmCallBack: 'Call the person back first, then tick that they confirmed',
} as const

type ReplyField = 'decision' | 'reason' | 'reply'

/** Terms beside their values; on a phone each term above its value, the pairs apart. */
function Facts({ rows }: { readonly rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="grid gap-y-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6 sm:gap-y-2">
      {rows.map(([term, value]) => (
        <div key={term} className="sm:contents">
          <dt className="font-medium text-muted">{term}</dt>
          <dd className="text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function CaseFacts({ item, now }: { readonly item: PrivacyCase; readonly now: Date }) {
  const { fields } = casePageCopy
  const left = daysLeftText(item, now)
  const optional: (readonly [string, string | undefined])[] = [
    [fields.name, item.name],
    [fields.email, item.email],
    [fields.phone, item.phone],
    [fields.details, item.details],
    [fields.nominee, item.nominee],
    [fields.openedBy, item.openedBy],
  ]
  return (
    <section
      aria-label={casePageCopy.caseDetails}
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <Facts
        rows={[
          [fields.kind, privacyRequestKindLabels[item.kind]],
          [fields.received, businessDateLabel(new Date(item.receivedAt))],
          [fields.due, businessDateLabel(new Date(privacyClock(item.receivedAt, now).dueAt))],
          [
            fields.clock,
            <span key="clock" className={left.overdue ? 'font-semibold text-red-700' : ''}>
              {left.text}
            </span>,
          ],
          [fields.status, casePageCopy.status[item.status]],
          [fields.identity, privacyIdentityLabels[item.identity]],
          ...optional.filter((row): row is readonly [string, string] => row[1] !== undefined),
        ]}
      />
    </section>
  )
}

function HeldData({ summary }: { readonly summary: PrivacySummary | undefined }) {
  const copy = casePageCopy
  return (
    <section aria-label={copy.held} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold text-ink">{copy.held}</h2>
      {summary ? (
        <>
          <h3 className="font-semibold text-ink">{copy.leads}</h3>
          {summary.leads.length === 0 ? (
            <p className="text-sm text-muted">{copy.noLeads}</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {summary.leads.map((lead) => (
                <li key={lead.id}>
                  <Link to={leadPath(lead.id)} className="font-medium text-brand-700 underline">
                    {copy.leadLine(
                      inboxKindLabels[lead.kind],
                      businessDateLabel(new Date(lead.createdAt)),
                      leadStatusLabels[lead.status],
                    )}
                  </Link>
                  <p className="text-muted">
                    {copy.personalData}: {lead.fields.join(', ')}
                  </p>
                </li>
              ))}
            </ul>
          )}
          <h3 className="font-semibold text-ink">{copy.newsletter}</h3>
          <p className="text-sm">
            {summary.newsletter
              ? copy.newsletterLine(
                  businessDateLabel(new Date(summary.newsletter.createdAt)),
                  summary.newsletter.confirmed,
                  summary.newsletter.withdrawn,
                )
              : copy.noNewsletter}
          </p>
          <h3 className="font-semibold text-ink">{copy.consents}</h3>
          <ul className="text-sm">
            {summary.consents.map((consent) => {
              const at = consent.at ? displayDateTime(consent.at) : ''
              return (
                <li key={consent.purpose}>
                  {consentPurposeLabels[consent.purpose]}:{' '}
                  {consent.given ? copy.consentGiven(at) : copy.consentNotGiven(at)}
                </li>
              )
            })}
          </ul>
          <p className="text-sm text-muted">{copy.ledger(summary.ledgerEntries)}</p>
          <p className="text-sm text-muted">{copy.sharedWith}</p>
        </>
      ) : (
        <p className="text-sm text-muted">{copy.heldGone}</p>
      )}
    </section>
  )
}

/** The decision, the reason and the reply: POST …/reply closes the case. */
function ReplyForm({ id, onDone }: { readonly id: string; readonly onDone: () => void }) {
  const { pending, error, fieldErrors, run } = useAdminSubmit<ReplyField>()

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const data = new FormData(event.currentTarget)
    const text = (name: ReplyField) => String(data.get(name) ?? '').trim()
    const reason = text('reason')
    const replied = await run(
      () =>
        replyPrivacyCase(id, {
          decision: text('decision') as PrivacyDecision,
          reply: text('reply'),
          ...(reason ? { reason } : {}),
        }),
      { title: casePageCopy.replyFailed, message: privacyReplyFailedMessage },
    )
    if (!replied) return
    notify.success(casePageCopy.replied)
    onDone()
  }

  return (
    <section aria-label={casePageCopy.answer} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="mb-3 text-lg font-semibold text-ink">{casePageCopy.answer}</h2>
      <form noValidate onSubmit={submit} className="grid max-w-2xl gap-4">
        <SelectField
          name="decision"
          label={casePageCopy.decision}
          placeholder={casePageCopy.decisionPlaceholder}
          options={privacyDecisions.map((value) => ({ value, label: privacyDecisionLabels[value] }))}
          error={fieldErrors.decision}
          required
        />
        <TextAreaField
          name="reason"
          label={casePageCopy.reason}
          hint={casePageCopy.reasonHint}
          rows={2}
          error={fieldErrors.reason}
        />
        <TextAreaField
          name="reply"
          label={casePageCopy.reply}
          hint={casePageCopy.replyHint}
          error={fieldErrors.reply}
          required
        />
        <ActionRow busy={pending} message={error}>
          {casePageCopy.send}
        </ActionRow>
      </form>
    </section>
  )
}

/**
 * Erasure of the case's person: the first call asks without `confirm`; when the person has an open lead the
 * API refuses with a 409 that says what would be lost, which the dialog shows before erasing anyway.
 */
function EraseControl({ id, onDone }: { readonly id: string; readonly onDone: () => void }) {
  const { pending, error, run } = useAdminSubmit()
  const [asking, setAsking] = useState<string | null>(null)

  async function erase(confirm: boolean) {
    if (pending) return
    // A first call refused for want of `confirm` (an open lead would be lost) asks first: the dialog shows
    // what the erasure would lose. Any other refusal (a case changed meanwhile) is shown as it is.
    const askFirst = (refused: AdminRequestError) => {
      if (confirm || refused.status !== 409 || refused.fields.confirm === undefined) return false
      setAsking(refused.message)
      return true
    }
    const reply = await run(
      () => erasePrivacyCase(id, confirm),
      { title: casePageCopy.eraseFailed, message: privacyEraseFailedMessage },
      askFirst,
    )
    if (!reply) {
      if (confirm) setAsking(null)
      return
    }
    setAsking(null)
    notify.success(casePageCopy.erased(reply.erased, reply.exportFiles))
    onDone()
  }

  return (
    <section aria-label={casePageCopy.erasure} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="mb-2 text-lg font-semibold text-ink">{casePageCopy.erasure}</h2>
      <p className="mb-3 text-sm text-muted">{casePageCopy.eraseIntro}</p>
      <ActionRow
        busy={pending}
        message={error}
        onClick={() => void erase(false)}
        buttonClassName="bg-danger hover:bg-red-800"
      >
        {casePageCopy.erase}
      </ActionRow>
      {asking ? (
        <ConfirmDialog
          open
          title={casePageCopy.eraseTitle}
          text={asking}
          confirmLabel={casePageCopy.eraseConfirm}
          busy={pending}
          onCancel={() => setAsking(null)}
          onConfirm={() => void erase(true)}
        />
      ) : null}
    </section>
  )
}

/** A box and its words, a finger's height on a phone (as the settings page's boxes). */
const checkRow = 'flex min-h-10 items-center gap-3 text-sm text-ink'
const checkBox = 'size-5 shrink-0 accent-brand-700'

/** The consents a person may withdraw, in the order the choices page lists them. */
const withdrawable = Object.keys(consentPurposeLabels) as ConsentPurpose[]

/**
 * A withdrawal through staff (POST …/withdraw): the consents the person withdrew on the phone, sent only once
 * the owner ticks that they called the person back and the person confirmed.
 */
function WithdrawControl({ id, onDone }: { readonly id: string; readonly onDone: () => void }) {
  const { pending, error, setError, run } = useAdminSubmit()

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const form = event.currentTarget
    const data = new FormData(form)
    const purposes = withdrawable.filter((purpose) => data.getAll('purpose').includes(purpose))
    if (purposes.length === 0) return setError(casePageCopy.choosePurpose)
    if (data.get('calledBack') !== 'yes') return setError(casePageCopy.confirmCallBack)
    const reply = await run(() => withdrawPrivacyConsents(id, purposes), {
      title: casePageCopy.withdrawFailed,
      message: privacyWithdrawFailedMessage,
    })
    if (!reply) return
    notify.success(casePageCopy.withdrawn(reply.leads, reply.newsletter))
    form.reset()
    onDone()
  }

  return (
    <section aria-label={casePageCopy.withdrawal} className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="mb-2 text-lg font-semibold text-ink">{casePageCopy.withdrawal}</h2>
      <p className="mb-3 text-sm text-muted">{casePageCopy.withdrawalIntro}</p>
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <fieldset className="flex flex-col text-sm">
          <legend className="mb-1 font-medium text-ink">{casePageCopy.withdrawPurposes}</legend>
          {withdrawable.map((purpose) => (
            <label key={purpose} className={checkRow}>
              <input type="checkbox" name="purpose" value={purpose} className={checkBox} />
              {consentPurposeLabels[purpose]}
            </label>
          ))}
        </fieldset>
        <label className={`${checkRow} font-medium`}>
          <input type="checkbox" name="calledBack" value="yes" className={checkBox} />
          {casePageCopy.calledBack}
        </label>
        <ActionRow busy={pending} message={error} variant="outline">
          {casePageCopy.withdraw}
        </ActionRow>
      </form>
    </section>
  )
}

function Answer({ item }: { readonly item: PrivacyCase }) {
  const copy = casePageCopy
  const rows: (readonly [string, string])[] = []
  if (item.decision) rows.push([copy.decision, privacyDecisionLabels[item.decision]])
  if (item.reason) rows.push([copy.reason, item.reason])
  if (item.reply) rows.push([copy.reply, item.reply])
  if (item.replyVia) rows.push([copy.replyHow, copy.replyVia[item.replyVia]])
  return (
    <section aria-label={copy.answer} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold text-ink">{copy.answer}</h2>
      {item.closedAt ? (
        <p className="text-sm text-muted">
          {copy.answered(displayDateTime(item.closedAt), item.closedBy ?? '')}
        </p>
      ) : null}
      <Facts rows={rows} />
    </section>
  )
}

/** The case's own page, for a loaded case. */
export function CaseView({
  detail,
  onChanged,
}: {
  readonly detail: PrivacyCaseDetail
  readonly onChanged: () => void
}) {
  const item = detail.case
  const now = new Date()
  const mayErase = item.kind === 'erasure' && item.status === 'open' && !item.erasure
  // The withdrawal finds the person by the case's contact, which an answered erasure forgets.
  const hasContact = item.email !== undefined || item.phone !== undefined
  return (
    <div className="flex flex-col gap-4">
      <h2 className="font-mono text-xl font-semibold text-ink">{casePageCopy.heading(item.id)}</h2>
      <CaseFacts item={item} now={now} />
      {item.erasure ? (
        <p className="text-sm font-medium text-ink">
          {casePageCopy.erasedOn(displayDateTime(item.erasure.at), item.erasure.by, item.erasure.records)}
        </p>
      ) : null}
      <HeldData summary={detail.summary} />
      {hasContact ? <WithdrawControl id={item.id} onDone={onChanged} /> : null}
      {mayErase ? <EraseControl id={item.id} onDone={onChanged} /> : null}
      {item.status === 'open' ? <ReplyForm id={item.id} onDone={onChanged} /> : <Answer item={item} />}
    </div>
  )
}

/**
 * One case of the rights desk for owners (GET /api/admin/privacy/cases/{id}): the request and its 90-day
 * clock, what the product holds about the person, the erasure of an erasure request, and the answer.
 */
export function PrivacyCasePage({ id }: { readonly id: string }) {
  const load = useCallback(
    (options: Parameters<typeof fetchPrivacyCase>[1]) => fetchPrivacyCase(id, options),
    [id],
  )
  const { status, value, reload } = useAdminLoad(load)
  return (
    <div className="flex flex-col gap-4">
      <Link to={privacyRequestsPath} className="text-sm font-medium text-brand-700 underline">
        {casePageCopy.back}
      </Link>
      {status === 'failed' ? (
        <p role="alert" className="text-sm text-red-700">
          {privacyCaseFailedMessage}
        </p>
      ) : value ? (
        <CaseView detail={value} onChanged={reload} />
      ) : (
        <p className="text-sm text-muted">{casePageCopy.loading}</p>
      )}
    </div>
  )
}
