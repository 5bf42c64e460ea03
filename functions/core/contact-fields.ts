import { adultField, newsletterOffersField, whatsappUpdatesField } from './consent-fields'
import { type FieldDeclarations, fieldLabels, type SentFields, textLimits } from './field-declarations'
import { emailField } from './newsletter-fields'
import { mobileField } from './phone'
import { sourceFields } from './source-fields'

/** The contact form's fields (/contact), in the order of the form, the exports and the staff e-mail. */
export const contactFields = {
  name: {
    kind: 'text',
    label: 'Full Name',
    required: true,
    maxLength: 120,
    personal: 'name',
    inbox: 'name',
    exportWidth: 24,
    input: { type: 'text', autoComplete: 'name' },
  },
  // One of the e-mail and the phone is enough to answer (contact.ts).
  email: { ...emailField, required: false, notNotified: true },
  phone: { ...mobileField, label: 'Phone', required: false },
  subject: {
    kind: 'text',
    label: 'Subject',
    required: true,
    maxLength: 200,
    exportWidth: 30,
    input: { type: 'text', autoComplete: 'off' },
  },
  message: {
    kind: 'text',
    label: 'Message',
    required: false,
    maxLength: 5000,
    personal: 'message',
    exportWidth: 60,
    notNotified: true,
    input: { autoComplete: 'off', multiline: true },
  },
  /** The short reference the visitor was given (lead-reference.ts), made by the server. */
  reference: { kind: 'derived', label: 'Reference', exportWidth: 10 },
  adult: adultField,
  whatsappUpdates: whatsappUpdatesField,
  newsletterOffers: newsletterOffersField,
  ...sourceFields,
} as const satisfies FieldDeclarations

// The careers page reads the job application's subject from a module of its own, without these declarations.
export { isJobApplicationSubject, jobApplicationSubjectPrefix } from './job-application'

/** The subjects the contact form offers, then Other (a subject of the visitor's own words). */
export const contactSubjects = [
  'Solar for my home',
  'Solar for a housing society',
  'Solar for my business',
  'Service or maintenance',
] as const
export const otherSubjectLabel = 'Other'

/** The message when neither a phone number nor an e-mail address was given. */
export const contactWayMessage = 'Give a phone number or an e-mail address so we can answer'

/** The contact form's text limits. */
export const contactLimits = /* @__PURE__ */ textLimits(contactFields)

/** What people see each contact field called, by name. */
export const contactFieldLabels = /* @__PURE__ */ fieldLabels(contactFields)

/** What the contact form sends. */
export type ContactInput = SentFields<typeof contactFields>
