import * as z from 'zod/mini'
import type {
  CheckedFields,
  ChoiceField,
  ConsentField,
  DerivedField,
  FieldDeclaration,
  FieldDeclarations,
  OptInField,
  TextField,
  TrackingField,
} from './field-declarations'
import { normaliseIndianMobile } from './phone'

// The API's rules of the declared fields (lead-fields.ts), as zod schemas: a module of its own, so the pages
// import the declarations without zod.

// Steps and checks that hold no field's words, built once and shared by every rule that uses them: a zod
// schema is immutable and a check keeps no state, and each one built is work at every cold start.
export const trimmed = /* @__PURE__ */ z.trim()
const lowerCased = /* @__PURE__ */ z.toLowerCase()
const emailAddress = /* @__PURE__ */ z.email('Enter a valid email address')
const indianMobile = /* @__PURE__ */ z.transform(normaliseIndianMobile)

/** A required text field: trimmed, not empty, at most `max` characters, then any `more` checks. */
export const requiredText = (label: string, max: number, ...more: z.core.$ZodCheck<string>[]) =>
  z
    .string({ error: `${label} is required` })
    .check(
      trimmed,
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
      ...more,
    )

/** Empty text or null sent for an optional field: none. One step, shared by every optional field's rule. */
const blankAsNone = /* @__PURE__ */ (() =>
  z.transform((value: unknown): unknown =>
    value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value,
  ))()

function textRule(field: TextField) {
  const rule = requiredText(
    field.label,
    field.maxLength,
    ...(field.lowerCase ? [lowerCased] : []),
    ...(field.pattern ? [z.regex(field.pattern.regex, field.pattern.message)] : []),
  )
  const checked = field.email ? z.pipe(rule, emailAddress) : field.mobile ? z.pipe(rule, indianMobile) : rule
  return field.required ? checked : z.optional(z.pipe(blankAsNone, z.optional(checked)))
}

/** The message for a value that is not one of the options: the field's own, or 'Choose A, B or C'. */
function choiceMessage(field: ChoiceField): string {
  if (field.message) return field.message
  const labels = Object.values(field.options)
  return `Choose ${labels.length > 1 ? `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}` : labels[0]}`
}

/** The API's rule of a declared choice. */
export function choiceRule(field: ChoiceField) {
  const values = Object.keys(field.options)
  const message = choiceMessage(field)
  // A numeric choice comes as a number or its text (a select's value).
  const choice = field.numeric
    ? z.pipe(
        z.union([z.number(), z.string()], message),
        z.transform((value, context) => {
          const number = Number(value)
          if (values.includes(String(number))) return number
          context.issues.push({ code: 'custom', input: value, message })
          return z.NEVER
        }),
      )
    : z.enum(values as [string, ...string[]], message)
  if (field.default !== undefined) return z._default(choice, field.default)
  return field.required ? choice : z.optional(z.pipe(blankAsNone, z.optional(choice)))
}

function consentRule(field: ConsentField) {
  return z.literal(true, field.message)
}

/** An optional box: true or false; not sent (or null, a client's "not given") is false. */
function optInRule(field: OptInField) {
  return z.pipe(
    z.transform((value: unknown) => value ?? false),
    z.boolean(`${field.label} is true or false`),
  )
}

/** The page's own text (its estimate), kept as sent within its limit. */
function derivedRule(field: DerivedField & { maxLength: number }) {
  return z.optional(
    z
      .string()
      .check(
        trimmed,
        z.maxLength(field.maxLength, `${field.label} must be at most ${field.maxLength} characters`),
      ),
  )
}

/** A value the page sends about the visit: optional (blank is none), trimmed, within its length and pattern. */
function trackingRule(field: TrackingField) {
  const checked = z
    .string(`${field.label} must be text`)
    .check(
      trimmed,
      z.maxLength(field.maxLength, `${field.label} must be at most ${field.maxLength} characters`),
      z.regex(field.pattern.regex, `${field.label}: ${field.pattern.message}`),
    )
  return z.optional(z.pipe(blankAsNone, z.optional(checked)))
}

/** The API's rule of one declared field, or undefined for a value the server works out. */
export function fieldRule(field: FieldDeclaration): z.ZodMiniType | undefined {
  switch (field.kind) {
    case 'text':
      return textRule(field)
    case 'choice':
      return choiceRule(field)
    case 'consent':
      return consentRule(field)
    case 'opt-in':
      return optInRule(field)
    case 'derived':
      return field.maxLength === undefined ? undefined : derivedRule({ ...field, maxLength: field.maxLength })
    case 'tracking':
      return trackingRule(field)
  }
}

/**
 * The schema of a form's request, built from its declared fields: every field the visitor sends with its
 * rule; unknown keys are dropped. What the server works out (no `maxLength` on a derived field) is not read.
 */
export function declaredSchema<Fields extends FieldDeclarations>(
  fields: Fields,
): z.ZodMiniType<CheckedFields<Fields>, Record<string, unknown>> {
  const shape: Record<string, z.ZodMiniType> = {}
  for (const [name, field] of Object.entries(fields)) {
    const rule = fieldRule(field)
    if (rule) shape[name] = rule
  }
  return z.object(shape) as unknown as z.ZodMiniType<CheckedFields<Fields>, Record<string, unknown>>
}
