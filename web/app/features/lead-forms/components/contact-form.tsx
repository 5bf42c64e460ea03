import { contactFields, contactLimits } from '@core/contact-fields'
import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '~/components/button'
import { TextFields } from '~/components/form-field'
import { HoneypotField } from '~/components/honeypot-field'
import { contactPage } from '~/content/contact'
import { sendContact } from '~/features/lead-forms/api/send-contact'
import { declaredTextFields, filledValues } from '~/lib/declared-fields'
import { useLeadSubmit } from '~/lib/hooks/use-lead-submit'

/** The declared fields, each required and limited as the API limits it; the message is a textarea across both columns. */
const fields = declaredTextFields(contactFields).map((field) =>
  field.multiline ? { ...field, rows: 6, className: 'sm:col-span-2' } : field,
)

/**
 * The contact form. The browser checks the required fields; the API validates again.
 * Success: a toast and an empty form. Failure: a toast, the form keeps what was typed, and the API's
 * per-field messages show under their fields (useLeadSubmit).
 */
export function ContactForm() {
  const formRef = useRef<HTMLFormElement>(null)
  const [searchParams] = useSearchParams()
  const presetSubject = searchParams.get('subject')
  // Buttons elsewhere link to /contact?subject=... (content/actions.ts). The page is prerendered without a
  // query, so the subject is filled in after hydration, and only into an empty field.
  useEffect(() => {
    const field = formRef.current?.elements.namedItem('subject')
    if (presetSubject && field instanceof HTMLInputElement && field.value === '') {
      field.value = presetSubject.slice(0, contactLimits.subject)
    }
  }, [presetSubject])
  const {
    submitting: sending,
    handleSubmit,
    fieldErrors,
  } = useLeadSubmit({
    send: (data, protection) => sendContact(filledValues(contactFields, data), protection),
    sentMessage: contactPage.sentMessage,
    failedMessage: contactPage.failedMessage,
    logLabel: 'Contact form',
  })

  return (
    <form
      ref={formRef}
      onSubmit={handleSubmit}
      aria-busy={sending || undefined}
      className="relative flex flex-col gap-5"
    >
      <HoneypotField />
      <p className="text-sm text-muted">{contactPage.requiredNote}</p>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextFields fields={fields} errors={fieldErrors} />
      </div>
      <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto sm:self-start">
        {sending ? contactPage.sendingLabel : contactPage.submitLabel}
      </Button>
    </form>
  )
}
