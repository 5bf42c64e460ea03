import type { BreachReportReply } from '@core/breach-report'
import { type FormEvent, useState } from 'react'
import { Button } from '~/components/button'
import { TextField } from '~/components/form-field'
import { breachReportFailedMessage, runBreachReport } from '~/features/admin/privacy/api/breach-report'
import { ActionRow } from '~/features/admin/shared/form-parts'
import { useAdminSubmit } from '~/features/admin/shared/use-admin-submit'

/** The drill's words. */
export const breachDrillCopy = {
  intro:
    'For a personal data breach (SECURITY.md, "Personal data breach"): the people and data an incident window touched, from the activity log and the store, with the notice to each person and the report to the Data Protection Board. Times are IST.',
  from: 'Window starts (IST)',
  to: 'Window ends (IST)',
  awareAt: 'Became aware (IST)',
  awareHint: 'Empty: now. The Board report is due 72 hours after this.',
  user: 'Staff account suspected',
  userHint: 'Its username; empty for every account.',
  submit: 'Draft the reports',
  download: 'Download',
  drafts: 'Drafts',
} as const

type Field = 'from' | 'to' | 'awareAt' | 'user'

/** A `datetime-local` value read as India's time: the zone the page says it takes. */
const inIndia = (value: string): string | undefined => (value === '' ? undefined : `${value}+05:30`)

/** Saves one draft as a file (the notices are text, the report Markdown, the list CSV). */
function saveDraft(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/**
 * The breach drill for owners: the window form, then the counts, the deadlines and each draft with its
 * download. The API checks the window (the messages show beside its fields) and records the drill.
 */
export function BreachDrill() {
  const { pending, error, fieldErrors, run } = useAdminSubmit<Field>()
  const [reply, setReply] = useState<BreachReportReply | null>(null)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const data = new FormData(event.currentTarget)
    const text = (name: Field) => String(data.get(name) ?? '').trim()
    const awareAt = inIndia(text('awareAt'))
    const user = text('user')
    const drafted = await run(
      () =>
        runBreachReport({
          from: inIndia(text('from')) ?? '',
          to: inIndia(text('to')) ?? '',
          ...(awareAt ? { awareAt } : {}),
          ...(user ? { user } : {}),
        }),
      // The message shows under the button, in view on this short form: no toast.
      { message: breachReportFailedMessage },
    )
    setReply(drafted ?? null)
  }

  return (
    <div className="space-y-6">
      <p className="max-w-prose text-sm text-muted">{breachDrillCopy.intro}</p>
      <form noValidate onSubmit={submit} className="grid max-w-2xl gap-4 sm:grid-cols-2">
        <TextField
          name="from"
          type="datetime-local"
          label={breachDrillCopy.from}
          error={fieldErrors.from}
          required
        />
        <TextField
          name="to"
          type="datetime-local"
          label={breachDrillCopy.to}
          error={fieldErrors.to}
          required
        />
        <TextField
          name="awareAt"
          type="datetime-local"
          label={breachDrillCopy.awareAt}
          hint={breachDrillCopy.awareHint}
          error={fieldErrors.awareAt}
        />
        <TextField
          name="user"
          label={breachDrillCopy.user}
          hint={breachDrillCopy.userHint}
          error={fieldErrors.user}
        />
        <ActionRow busy={pending} message={error} className="sm:col-span-2">
          {breachDrillCopy.submit}
        </ActionRow>
      </form>
      {reply ? (
        <section aria-label={breachDrillCopy.drafts} className="space-y-4">
          <ul className="space-y-1 text-sm" data-testid="breach-summary">
            {reply.summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <h2 className="text-lg font-semibold">{breachDrillCopy.drafts}</h2>
          <ul className="space-y-2">
            {reply.drafts.map((draft) => (
              <li key={draft.fileName} className="space-y-1">
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  onClick={() => saveDraft(draft.fileName, draft.text)}
                >
                  {breachDrillCopy.download} {draft.fileName}
                </Button>
                <details>
                  <summary className="cursor-pointer text-sm">{draft.fileName}</summary>
                  <pre className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap rounded border p-3 text-xs">
                    {draft.text}
                  </pre>
                </details>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
