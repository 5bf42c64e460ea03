/**
 * What a field of a lead is, declared once (quote-fields.ts, contact-fields.ts): what people see it called,
 * the rule its value follows, how a form asks for it, whether it is personal data, and where it shows. The
 * API's schemas (field-schemas.ts), the forms (web/app/lib/declared-fields.ts), the request payloads, the
 * staff e-mails, the exports, the lead page, the inbox summary and erasure are all derived from the
 * declarations with what is here. No zod here: the pages import the declarations, and only what validates a
 * request loads the validation library. See CONTRIBUTING.md for adding a field.
 */

/** Personal data: what erasure matches a person by (`email`, `phone`), or other data about the person. */
export type PersonalData = 'name' | 'email' | 'phone' | 'place' | 'message'

/** A field of the inbox's summary of a lead that a stored field fills. */
export type InboxSummaryField = 'name' | 'email' | 'phone' | 'pincode'

/** A text value's own rule beyond its length: the API refuses a value that does not match. */
export interface FieldPattern {
  /** Anchored (`^…$`) and written so that its source without the anchors is also a valid HTML `pattern`. */
  readonly regex: RegExp
  /** The API's message for a value that does not match. */
  readonly message: string
  /** What the browser says the field wants (the input's `title`). */
  readonly hint: string
  /**
   * `false`: the form leaves the check to the API, whose message then shows under the field (a phone number
   * as people type it); by default the form's input carries the pattern too.
   */
  readonly inBrowser?: false
}

/** How a form asks for a text field. */
export interface FieldInput {
  readonly type?: 'text' | 'email' | 'tel' | 'date'
  readonly inputMode?: 'text' | 'tel' | 'numeric' | 'email'
  readonly autoComplete?: string
  /** A textarea across the form's columns. */
  readonly multiline?: boolean
}

interface FieldBase {
  /** What people see it called, in one spelling: the form's label, the export's header, the staff e-mail's line and the lead page. */
  readonly label: string
  readonly personal?: PersonalData
  /** The inbox summary's field this one fills. */
  readonly inbox?: InboxSummaryField
  /** Its column in the CSV and XLSX exports: the width in characters. Without it, the export's 'Other fields' holds it. */
  readonly exportWidth?: number
  /**
   * Left out of the staff e-mail about a new lead: the consent box (every stored lead has one), and the ways
   * to reach the person and what they wrote, which the lead's page (one tap from the e-mail) shows to whoever
   * may read it. An e-mail names no more than the staff need to decide who acts.
   */
  readonly notNotified?: boolean
}

/** Free text the visitor types. */
export interface TextField extends FieldBase {
  readonly kind: 'text'
  readonly required: boolean
  readonly maxLength: number
  readonly pattern?: FieldPattern
  /** An e-mail address: the API checks its form (and, with `lowerCase`, stores it lower-cased). */
  readonly email?: boolean
  readonly lowerCase?: boolean
  /** An Indian mobile number (phone.ts): the API stores it in one form, `+91 98765 43210`. */
  readonly mobile?: boolean
  readonly input?: FieldInput
}

/** One of a list of values, each with the label a person sees. */
export interface ChoiceField extends FieldBase {
  readonly kind: 'choice'
  readonly required: boolean
  readonly options: Readonly<Record<string, string>>
  /** The value when none is sent. */
  readonly default?: string
  /** A numeric value (stored as a number). */
  readonly numeric?: boolean
  /** The API's message for a value that is not an option (by default 'Choose A, B or C'). */
  readonly message?: string
  /** The form draws this field itself (it depends on other fields); otherwise a select in declared order. */
  readonly ownControl?: boolean
}

/** The box a visitor ticks to agree; the API requires it ticked. */
export interface ConsentField extends FieldBase {
  readonly kind: 'consent'
  readonly message: string
}

/** The purposes a person consents to one by one (privacy-notice.ts consentPurposes). */
export type OptInPurpose = 'whatsapp-updates' | 'newsletter'

/**
 * A consent to one purpose: a box unticked by default and never required. The API takes true or false
 * (false when not sent), the lead keeps the choice, and the consent ledger records it either way.
 */
export interface OptInField extends FieldBase {
  readonly kind: 'opt-in'
  readonly purpose: OptInPurpose
}

/**
 * A value the page or the server works out (not typed by the visitor): stored, shown and exported. With
 * `maxLength`, the request may carry it as text up to that length (the page's own estimate).
 */
export interface DerivedField extends FieldBase {
  readonly kind: 'derived'
  readonly maxLength?: number
}

/**
 * A value the page sends without the visitor typing it (where the visit came from: the page, the landing
 * URL's UTM parameters): never drawn in the form, optional, checked like text (trimmed, its length and
 * pattern), so a bad one is refused with its message.
 */
export interface TrackingField extends FieldBase {
  readonly kind: 'tracking'
  readonly maxLength: number
  readonly pattern: FieldPattern
}

export type FieldDeclaration =
  | TextField
  | ChoiceField
  | ConsentField
  | OptInField
  | DerivedField
  | TrackingField

export type FieldDeclarations = Readonly<Record<string, FieldDeclaration>>

/** The label of each declared field, by name. */
export function fieldLabels<Fields extends FieldDeclarations>(
  fields: Fields,
): { readonly [Name in keyof Fields]: string } {
  return Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.label])) as {
    [Name in keyof Fields]: string
  }
}

/**
 * The label a stored value of a choice is shown with (its option's label), or undefined: for any other value,
 * and for a numeric choice, whose label already names the unit ('Capacity (kW)': 5).
 */
export function valueLabel(field: FieldDeclaration | undefined, value: unknown): string | undefined {
  if (field?.kind !== 'choice' || field.numeric || typeof value !== 'string') return undefined
  return Object.hasOwn(field.options, value) ? field.options[value] : undefined
}

/** The names of the declared fields that hold personal data of the given sort. */
export function personalFieldNames(fields: FieldDeclarations, sort: PersonalData): string[] {
  return Object.entries(fields)
    .filter(([, field]) => field.personal === sort)
    .map(([name]) => name)
}

/** The stored field that fills each inbox summary field, if any. */
export function inboxSourceFields(
  fields: FieldDeclarations,
): Partial<Readonly<Record<InboxSummaryField, string>>> {
  const sources: Partial<Record<InboxSummaryField, string>> = {}
  for (const [name, field] of Object.entries(fields)) if (field.inbox) sources[field.inbox] ??= name
  return sources
}

/** The HTML `pattern` of a declared pattern: its regex without the anchors (the browser anchors it). */
export function htmlPattern(pattern: FieldPattern): string {
  return pattern.regex.source.replace(/^\^/, '').replace(/\$$/, '')
}

/** The limits of a form's text fields and of the text the page works out, by name (the form's maxLength and the API's). */
export type TextLimits<Fields extends FieldDeclarations> = {
  readonly [Name in keyof Fields as Fields[Name] extends TextField | { maxLength: number }
    ? Name
    : never]: number
}

export function textLimits<Fields extends FieldDeclarations>(fields: Fields): TextLimits<Fields> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([name, field]) =>
      field.kind === 'text' || (field.kind === 'derived' && field.maxLength !== undefined)
        ? [[name, field.maxLength] as const]
        : [],
    ),
  ) as TextLimits<Fields>
}

type Declared<Fields extends FieldDeclarations> = {
  [Name in keyof Fields as Fields[Name] extends DerivedField & { maxLength?: undefined }
    ? never
    : Name]: Fields[Name]
}

/** The value a declared field carries once the API has checked it. */
type CheckedValue<Field> = Field extends TextField | TrackingField
  ? string
  : Field extends ChoiceField & { numeric: true }
    ? number
    : Field extends ChoiceField
      ? Extract<keyof Field['options'], string>
      : Field extends ConsentField
        ? true
        : Field extends OptInField
          ? boolean
          : Field extends DerivedField
            ? string
            : never

/** Whether the checked value is always there: a required field, one with a default, a box (never a tracking value). */
type AlwaysThere<Field> = Field extends { required: true } | { default: string } | ConsentField | OptInField
  ? true
  : false

/**
 * A request's fields once checked (the schema's output), derived from the declarations: the required ones,
 * those with a default and the consent box are always there; the others may be missing.
 */
export type CheckedFields<Fields extends FieldDeclarations> = {
  -readonly [Name in keyof Declared<Fields> as AlwaysThere<Declared<Fields>[Name]> extends true
    ? Name
    : never]: CheckedValue<Declared<Fields>[Name]>
} & {
  -readonly [Name in keyof Declared<Fields> as AlwaysThere<Declared<Fields>[Name]> extends true
    ? never
    : Name]?: CheckedValue<Declared<Fields>[Name]>
}

/** The value a form sends for a declared field: text as typed, a choice's value ('' or null for none). */
type SentValue<Field> = Field extends TextField
  ? string
  : Field extends ChoiceField & { numeric: true }
    ? number | null
    : Field extends ChoiceField
      ? string
      : Field extends ConsentField | OptInField
        ? boolean
        : string

/**
 * What a form sends: every declared field the request carries (the API checks it into `CheckedFields`); the
 * tracking values only when the visit has them.
 */
export type SentFields<Fields extends FieldDeclarations> = {
  readonly [Name in keyof Declared<Fields> as Declared<Fields>[Name] extends TrackingField
    ? never
    : Name]: SentValue<Declared<Fields>[Name]>
} & {
  readonly [Name in keyof Declared<Fields> as Declared<Fields>[Name] extends TrackingField
    ? Name
    : never]?: string
}

/** The names of the declared fields a request carries (a value the server works out is not sent). */
export function sentFieldNames(fields: FieldDeclarations): string[] {
  return Object.entries(fields)
    .filter(([, field]) => field.kind !== 'derived' || field.maxLength !== undefined)
    .map(([name]) => name)
}

/** Exactly the declared fields a request carries, whatever else the object holds (a tracking value only when set). */
export function sentFields<Fields extends FieldDeclarations>(
  fields: Fields,
  values: SentFields<Fields>,
): SentFields<Fields> {
  const source = values as Readonly<Record<string, unknown>>
  return Object.fromEntries(
    sentFieldNames(fields)
      .filter((name) => fields[name]?.kind !== 'tracking' || source[name] !== undefined)
      .map((name) => [name, source[name]]),
  ) as SentFields<Fields>
}

/** The names of a form's tracking fields (the page, the UTM parameters): what the page adds to what the visitor filled in. */
export function trackingFieldNames(fields: FieldDeclarations): string[] {
  return Object.entries(fields)
    .filter(([, field]) => field.kind === 'tracking')
    .map(([name]) => name)
}

/** The purpose each of a form's opt-in boxes asks for, by field name, in declared order. */
export function optInPurposes(
  fields: FieldDeclarations,
): { readonly name: string; readonly purpose: OptInPurpose; readonly label: string }[] {
  return Object.entries(fields).flatMap(([name, field]) =>
    field.kind === 'opt-in' ? [{ name, purpose: field.purpose, label: field.label }] : [],
  )
}

/**
 * The stored attribute that keeps when an opt-in box was withdrawn (consent-effects.ts applyWithdrawal sets
 * it beside the box): the lead page and the exports show it with the box.
 */
export const withdrawnAtOf = (field: string): string => `${field}WithdrawnAt`
