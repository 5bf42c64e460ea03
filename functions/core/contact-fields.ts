import { type FieldDeclarations, fieldLabels, type SentFields, textLimits } from './field-declarations'
import { emailField } from './newsletter-fields'
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
  email: { ...emailField, notNotified: true },
  phone: {
    kind: 'text',
    label: 'Phone',
    required: true,
    maxLength: 32,
    pattern: {
      // biome-ignore lint/complexity/noUselessEscapeInRegex: the HTML pattern (the v flag) needs these escaped
      regex: /^[+\(\)\d][\d\s\(\)+\-]{5,}$/,
      message: 'Enter a valid phone number',
      hint: 'A phone number: digits, spaces, +, - and brackets',
      inBrowser: false,
    },
    personal: 'phone',
    inbox: 'phone',
    exportWidth: 16,
    notNotified: true,
    input: { type: 'tel', autoComplete: 'tel' },
  },
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
    required: true,
    maxLength: 5000,
    personal: 'message',
    exportWidth: 60,
    notNotified: true,
    input: { autoComplete: 'off', multiline: true },
  },
  ...sourceFields,
} as const satisfies FieldDeclarations

// The careers page reads the job application's subject from a module of its own, without these declarations.
export { isJobApplicationSubject, jobApplicationSubjectPrefix } from './job-application'

/** The contact form's text limits. */
export const contactLimits = /* @__PURE__ */ textLimits(contactFields)

/** What people see each contact field called, by name. */
export const contactFieldLabels = /* @__PURE__ */ fieldLabels(contactFields)

/** What the contact form sends. */
export type ContactInput = SentFields<typeof contactFields>
