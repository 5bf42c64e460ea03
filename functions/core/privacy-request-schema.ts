import * as z from 'zod/mini'
import { declaredSchema, fieldRule, trimmed } from './field-schemas'
import { mobileField } from './phone'
import { consentPurposes } from './privacy-notice'
import {
  privacyCaseLimits,
  privacyDecisionLabels,
  privacyDecisions,
  privacyRequestFields,
  privacyRequestKinds,
} from './privacy-requests'

/**
 * The rights desk's request bodies (privacy-requests.ts has the words and the clock): only the routes that
 * validate a body load zod.
 */

/** POST /api/privacy/request-codes: the address the code goes to. */
export const privacyCodeRequestSchema = /* @__PURE__ */ declaredSchema({ email: privacyRequestFields.email })

const nomineeNeeded = 'Name who you nominate, and how to reach them'

/** POST /api/privacy/requests: the code, what is asked and its details; a nomination names the nominee. */
export const privacyRequestSchema = /* @__PURE__ */ (() =>
  declaredSchema(privacyRequestFields).check(
    z.refine((request) => request.kind !== 'nominate' || request.nominee !== undefined, {
      message: nomineeNeeded,
      path: ['nominee'],
    }),
  ))()
export type PrivacyRequestInput = z.output<typeof privacyRequestSchema>

/**
 * POST /api/admin/privacy/cases: a case staff open by hand for a person who asked by phone or letter, once
 * they called the person back (no code: the person may have no e-mail). A name and a mobile number or an
 * e-mail address.
 */
export const privacyCaseOpenSchema = /* @__PURE__ */ (() =>
  z
    .object({
      kind: z.enum(privacyRequestKinds, 'Choose what the person asks'),
      name: z
        .string('Write the name as text')
        .check(
          trimmed,
          z.minLength(1, 'Name is required'),
          z.maxLength(120, 'Keep the name to 120 characters'),
        ),
      phone: fieldRule({ ...mobileField, label: 'Phone', required: false }) as z.ZodMiniType<
        string | undefined
      >,
      email: fieldRule({ ...privacyRequestFields.email, required: false }) as z.ZodMiniType<
        string | undefined
      >,
      details: fieldRule(privacyRequestFields.details) as z.ZodMiniType<string | undefined>,
      nominee: fieldRule(privacyRequestFields.nominee) as z.ZodMiniType<string | undefined>,
    })
    .check(
      z.refine((input) => input.phone !== undefined || input.email !== undefined, {
        message: 'Give the phone number or the e-mail address the person used',
        path: ['phone'],
      }),
      z.refine((input) => input.kind !== 'nominate' || input.nominee !== undefined, {
        message: nomineeNeeded,
        path: ['nominee'],
      }),
    ))()
export type PrivacyCaseOpenInput = z.input<typeof privacyCaseOpenSchema>

const decisionMessage = `Choose ${Object.values(privacyDecisionLabels).join(', ')}`

/**
 * POST /api/admin/privacy/cases/{id}/reply: the owner's decision and the words the person receives; a refusal
 * (whole or in part) says why. Closes the case.
 */
export const privacyReplySchema = /* @__PURE__ */ (() =>
  z
    .object({
      decision: z.enum(privacyDecisions, decisionMessage),
      reason: z.optional(
        z
          .string('Write the reason as text')
          .check(
            trimmed,
            z.maxLength(
              privacyCaseLimits.reason,
              `Keep the reason to ${privacyCaseLimits.reason} characters or fewer`,
            ),
          ),
      ),
      reply: z
        .string('Write the reply as text')
        .check(
          trimmed,
          z.minLength(1, 'Write the reply the person receives'),
          z.maxLength(
            privacyCaseLimits.reply,
            `Keep the reply to ${privacyCaseLimits.reply} characters or fewer`,
          ),
        ),
    })
    .check(
      z.refine((input) => input.decision === 'granted' || Boolean(input.reason), {
        message: 'Say why it is refused',
        path: ['reason'],
      }),
    ))()
export type PrivacyReplyInput = z.input<typeof privacyReplySchema>

/** POST /api/admin/privacy/cases/{id}/erase: `confirm` when the person has an open lead (which erasure ends). */
export const privacyEraseSchema = /* @__PURE__ */ (() =>
  z.object({
    confirm: z.optional(z.literal(true, { error: 'Confirm with true, or leave it out' })),
  }))()
export type PrivacyEraseInput = z.input<typeof privacyEraseSchema>

const withdrawPurposesMessage = 'Choose a consent to withdraw'

/**
 * POST /api/admin/privacy/cases/{id}/withdraw: the consents the person withdrew on the phone (one or more,
 * each once), and `calledBack`: staff called the person back on the number they gave and they confirmed.
 */
export const privacyStaffWithdrawSchema = /* @__PURE__ */ (() =>
  z.object({
    purposes: z
      .array(z.enum(consentPurposes, { error: withdrawPurposesMessage }), { error: withdrawPurposesMessage })
      .check(
        z.minLength(1, withdrawPurposesMessage),
        z.refine((purposes) => new Set(purposes).size === purposes.length, 'Choose each consent once'),
      ),
    calledBack: z.literal(true, { error: 'Call the person back and tick that they confirmed' }),
  }))()
export type PrivacyStaffWithdrawInput = z.input<typeof privacyStaffWithdrawSchema>
