/**
 * Limits of the contact form, shared by the page (maxLength) and the API (schema in ./contact.ts). Kept apart
 * from the schema so that pages showing a form field do not download the validation library.
 */
export const contactLimits = {
  name: 120,
  email: 254,
  phone: 32,
  subject: 200,
  message: 5000,
} as const
