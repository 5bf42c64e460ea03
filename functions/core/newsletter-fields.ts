import { adultField } from './consent-fields'
import type { FieldDeclarations, TextField } from './field-declarations'

// The newsletter box is in every page's footer: its declaration is a module of its own, so the pages load it
// without the contact form's.

/** An e-mail address a person gives (the contact form, the newsletter box). */
export const emailField = {
  kind: 'text',
  label: 'Email',
  required: true,
  maxLength: 254,
  email: true,
  personal: 'email',
  inbox: 'email',
  exportWidth: 30,
  input: { type: 'email', autoComplete: 'email' },
} as const satisfies TextField

/** A text field stored lower-cased (one address, one signup). */
function lowerCased<Field extends TextField>(field: Field): Field & { readonly lowerCase: true } {
  return { ...field, lowerCase: true }
}

/**
 * The newsletter box's fields (the footer): the address and the age box. Subscribing is the consent to the
 * newsletter (consent-fields.ts newsletterPurposeText, beside the button), so the box asks for no other.
 */
export const newsletterFields = {
  email: /* @__PURE__ */ lowerCased(emailField),
  adult: adultField,
} as const satisfies FieldDeclarations
