import type { ContactInput } from '@core/contact'
import { contactLimits } from '@core/contact-limits'
import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '~/components/button'
import { type TextFieldSpec, TextFields } from '~/components/form-field'
import { HoneypotField } from '~/components/honeypot-field'
import { contactFields, contactPage } from '~/content/contact'
import { sendContact } from '~/features/lead-forms/api/send-contact'
import { formText, useLeadSubmit } from '~/lib/hooks/use-lead-submit'

/** Every field is required and limited as the API limits it; the message is a textarea across both columns. */
const fields = contactFields.map(({ multiline, ...field }): TextFieldSpec<keyof ContactInput> => {
  const limited = { ...field, required: true, maxLength: contactLimits[field.name] }
  return multiline ? { ...limited, multiline, rows: 6, className: 'sm:col-span-2' } : limited
})

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
    send: (data, protection) =>
      sendContact(
        {
          name: formText(data, 'name'),
          email: formText(data, 'email'),
          phone: formText(data, 'phone'),
          subject: formText(data, 'subject'),
          message: formText(data, 'message'),
        },
        protection,
      ),
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
