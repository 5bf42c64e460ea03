import * as z from 'zod/mini'
import { declaredSchema } from './field-schemas'
import { newsletterFields } from './newsletter-fields'
import { mobileField } from './phone'
import { consentPurposes } from './privacy-notice'

/**
 * The bodies of the choices routes (functions/privacy/): a module of its own, so the page reads the words of
 * privacy-choices.ts without zod. The address and the number follow the forms' own declarations, so a
 * person finds their consents under what the forms stored.
 */

/** The address as the newsletter box takes it: trimmed, lower-cased, a valid address. */
const emailOnly = /* @__PURE__ */ declaredSchema({ email: newsletterFields.email })
/** The number as the forms take it, in its one stored form (`+91 98765 43210`). */
const phoneOnly = /* @__PURE__ */ declaredSchema({
  phone: { ...mobileField, label: 'Mobile number', required: true },
})

/** POST /api/privacy/codes: the e-mail address or the mobile number the person gave us. */
export const codeAskSchema = /* @__PURE__ */ (() =>
  z.union([emailOnly, phoneOnly], { error: 'Enter your e-mail address or your mobile number' }))()

export const codeShapeMessage = 'Enter the 6-digit code we sent you'

/**
 * POST /api/privacy/choices/open: the address and the code e-mailed to it, or the mobile number and the code
 * sent to it by SMS or WhatsApp.
 */
export const choicesOpenSchema = /* @__PURE__ */ (() =>
  z.intersection(
    z.union([emailOnly, phoneOnly], { error: 'Enter your e-mail address or your mobile number' }),
    z.object({
      code: z.string({ error: codeShapeMessage }).check(z.regex(/^\s*(?:\d\s*){6}$/, codeShapeMessage)),
    }),
  ))()

/** A choices link's token, as the page and the routes pass it (privacy/links.ts refuses what is not ours). */
const tokenRule = /* @__PURE__ */ (() =>
  z
    .string({ error: 'The link is missing' })
    .check(z.minLength(1, 'The link is missing'), z.maxLength(2048, 'The link is not valid')))()

/** POST /api/privacy/choices: the token of the person's link. */
export const choicesShowSchema = /* @__PURE__ */ (() => z.object({ t: tokenRule }))()

const purposesMessage = 'Choose a consent to withdraw'

/** POST /api/privacy/choices/withdraw: the token, and the consents to withdraw (one or more, each once). */
export const choicesWithdrawSchema = /* @__PURE__ */ (() =>
  z.object({
    t: tokenRule,
    purposes: z.array(z.enum(consentPurposes, { error: purposesMessage }), { error: purposesMessage }).check(
      z.minLength(1, purposesMessage),
      z.refine((purposes) => new Set(purposes).size === purposes.length, 'Choose each consent once'),
    ),
  }))()
