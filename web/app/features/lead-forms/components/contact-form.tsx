import type { LeadReceipt } from '@core/api-types'
import { contactFields, contactLimits, contactSubjects, otherSubjectLabel } from '@core/contact-fields'
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '~/components/button'
import { ConsentBoxes } from '~/components/consent-boxes'
import { SelectField, TextField, TextFields } from '~/components/form-field'
import { HoneypotField } from '~/components/honeypot-field'
import { contactPage } from '~/content/contact'
import { sendContact } from '~/features/lead-forms/api/send-contact'
import { checkedValues, declaredBoxes, declaredTextFields, filledValues } from '~/lib/declared-fields'
import { formText, useLeadSubmit } from '~/lib/hooks/use-lead-submit'

// The confirmation shows only once a request is stored: its code loads then, not with the page.
const LeadConfirmation = lazy(() =>
  import('~/components/lead-confirmation').then((module) => ({ default: module.LeadConfirmation })),
)
/** The declared fields but the subject (a list of its own, below); the message is a textarea across both columns. */
const fields = declaredTextFields(contactFields)
  .filter((field) => field.name !== 'subject')
  .map((field) => (field.multiline ? { ...field, rows: 6, className: 'sm:col-span-2' } : field))

/** The age box and the consents to WhatsApp updates and the newsletter. */
const boxes = declaredBoxes(contactFields)

/** The subject select's value for Other: the visitor's own words go in the text field under it. */
const otherSubject = 'other'
const subjectOptions = [
  ...contactSubjects.map((subject) => ({ value: subject, label: subject })),
  { value: otherSubject, label: otherSubjectLabel },
]

/** The subject select's value and the Other text for a subject: one of the list, or Other with the text. */
function subjectChoiceOf(subject: string): { choice: string; other: string } {
  return (contactSubjects as readonly string[]).includes(subject)
    ? { choice: subject, other: '' }
    : { choice: otherSubject, other: subject.slice(0, contactLimits.subject) }
}

/**
 * The contact form: a name, a phone number or an e-mail address (either is enough), a subject from a short
 * list or Other in the visitor's words, and a message if they like. The form leaves its checks to the API
 * (noValidate), whose messages show beside their fields. Success: the form gives way to a confirmation
 * with the reference; a failure to send: a toast, the form keeps what was typed (useLeadSubmit).
 */
export function ContactForm() {
  const [searchParams] = useSearchParams()
  const presetSubject = searchParams.get('subject')
  const [subjectChoice, setSubjectChoice] = useState('')
  const [otherText, setOtherText] = useState('')
  const [sent, setSent] = useState<{ receipt: LeadReceipt | undefined } | undefined>(undefined)
  const otherId = useId()
  // Other chosen by the visitor (not by a link's subject): their own words are asked for next.
  const otherChosen = useRef(false)
  // Buttons elsewhere link to /contact?subject=... (content/actions.ts). The page is prerendered without a
  // query, so the subject is chosen after hydration, and only when none is chosen yet.
  useEffect(() => {
    if (!presetSubject) return
    const preset = subjectChoiceOf(presetSubject)
    setSubjectChoice((current) => {
      if (current !== '') return current
      setOtherText(preset.other)
      return preset.choice
    })
  }, [presetSubject])
  const {
    submitting: sending,
    handleSubmit,
    fieldErrors,
  } = useLeadSubmit({
    send: (data, protection) => {
      const choice = formText(data, 'subject')
      const subject = choice === otherSubject ? formText(data, 'subjectOther') : choice
      const checked = checkedValues(contactFields, data)
      return sendContact({ ...filledValues(contactFields, data), ...checked, subject }, protection)
    },
    failedMessage: contactPage.failedMessage,
    logLabel: 'Contact form',
    onSent: (receipt) => setSent({ receipt }),
  })

  useEffect(() => {
    if (subjectChoice === otherSubject && otherChosen.current) document.getElementById(otherId)?.focus()
  }, [subjectChoice, otherId])

  if (sent)
    return (
      <Suspense fallback={null}>
        <LeadConfirmation what={contactPage.sentWhat} receipt={sent.receipt} />
      </Suspense>
    )

  const other = subjectChoice === otherSubject
  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-busy={sending || undefined}
      className="relative flex flex-col gap-5"
    >
      <HoneypotField />
      <p className="text-sm text-muted">{contactPage.requiredNote}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextFields fields={fields.filter((field) => !field.multiline)} errors={fieldErrors} />
        <SelectField
          label={contactFields.subject.label}
          name="subject"
          value={subjectChoice}
          onChange={(event) => {
            setSubjectChoice(event.target.value)
            otherChosen.current = event.target.value === otherSubject
          }}
          placeholder={contactPage.subjectPlaceholder}
          options={subjectOptions}
          error={other ? undefined : fieldErrors.subject}
        />
        {other ? (
          <TextField
            id={otherId}
            label={contactPage.otherSubjectLabel}
            name="subjectOther"
            maxLength={contactLimits.subject}
            value={otherText}
            onChange={(event) => setOtherText(event.target.value)}
            error={fieldErrors.subject}
          />
        ) : null}
        <TextFields fields={fields.filter((field) => field.multiline)} errors={fieldErrors} />
      </div>
      <ConsentBoxes boxes={boxes} errors={fieldErrors} />
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto sm:self-start">
        {sending ? contactPage.sendingLabel : contactPage.submitLabel}
      </Button>
    </form>
  )
}
