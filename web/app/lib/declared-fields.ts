import {
  type ChoiceField,
  type ConsentField,
  type FieldDeclarations,
  htmlPattern,
  type OptInField,
  type TextField,
} from '@core/field-declarations'
import type { SelectOption, TextFieldSpec } from '~/components/form-field'
import { formText } from '~/lib/hooks/use-lead-submit'

/** The names of a form's declared fields the visitor fills in: its text fields and the choices it does not draw itself. */
export type FilledFieldName<Fields extends FieldDeclarations> = {
  [Name in keyof Fields]: Fields[Name] extends TextField
    ? Name
    : Fields[Name] extends ChoiceField & { ownControl: true }
      ? never
      : Fields[Name] extends ChoiceField
        ? Name
        : never
}[keyof Fields] &
  string

/**
 * The inputs of a form's declared text fields, in declared order: the label, the input's type and hints, and
 * the API's own constraints (required, the length, the pattern with what it wants, unless the form leaves
 * that check to the API).
 */
export function declaredTextFields<Fields extends FieldDeclarations>(
  fields: Fields,
): TextFieldSpec<FilledFieldName<Fields>>[] {
  return Object.entries(fields).flatMap(([name, field]): TextFieldSpec<FilledFieldName<Fields>>[] => {
    if (field.kind !== 'text') return []
    const { multiline, ...input } = field.input ?? {}
    const checked = field.pattern && field.pattern.inBrowser !== false ? field.pattern : undefined
    const common = {
      name: name as FilledFieldName<Fields>,
      label: field.label,
      required: field.required,
      // A date input has no length (HTML allows maxlength on text-like inputs only); its rule is the API's.
      ...(input.type === 'date' ? {} : { maxLength: field.maxLength }),
      ...input,
    }
    if (multiline) return [{ ...common, multiline: true }]
    return [{ ...common, ...(checked ? { pattern: htmlPattern(checked), title: checked.hint } : {}) }]
  })
}

/** A choice the form draws as a plain select, in declared order. */
export interface DeclaredChoice<Name extends string> {
  readonly name: Name
  readonly label: string
  readonly required: boolean
  readonly options: readonly SelectOption[]
}

/** The form's declared choices that it does not draw itself (a plain select each). */
export function declaredChoices<Fields extends FieldDeclarations>(
  fields: Fields,
): DeclaredChoice<FilledFieldName<Fields>>[] {
  return Object.entries(fields).flatMap(([name, field]) =>
    field.kind === 'choice' && !field.ownControl
      ? [
          {
            name: name as FilledFieldName<Fields>,
            label: field.label,
            required: field.required,
            options: Object.entries(field.options).map(([value, label]) => ({ value, label })),
          },
        ]
      : [],
  )
}

/** The values of the fields the visitor filled in, as the form data holds them (text as typed). */
export function filledValues<Fields extends FieldDeclarations>(
  fields: Fields,
  data: FormData,
): Record<FilledFieldName<Fields>, string> {
  const names = [...declaredTextFields(fields), ...declaredChoices(fields)].map((field) => field.name)
  return Object.fromEntries(names.map((name) => [name, formText(data, name)])) as Record<
    FilledFieldName<Fields>,
    string
  >
}

/** A box a form draws from its declaration: a required one (the age) or a consent to one purpose. */
export interface DeclaredBox {
  readonly name: string
  readonly label: string
  readonly required: boolean
}

/** The form's declared boxes in declared order, but those it draws itself (`except`: the quote's terms box). */
export function declaredBoxes(fields: FieldDeclarations, except: readonly string[] = []): DeclaredBox[] {
  return Object.entries(fields).flatMap(([name, field]) =>
    (field.kind === 'consent' || field.kind === 'opt-in') && !except.includes(name)
      ? [{ name, label: field.label, required: field.kind === 'consent' }]
      : [],
  )
}

/** The names of a form's declared boxes. */
type BoxName<Fields extends FieldDeclarations> = {
  [Name in keyof Fields]: Fields[Name] extends ConsentField | OptInField ? Name : never
}[keyof Fields] &
  string

/** Whether each declared box is ticked, as the form data holds them: an unticked box is false, never left out. */
export function checkedValues<Fields extends FieldDeclarations>(
  fields: Fields,
  data: FormData,
): Record<BoxName<Fields>, boolean> {
  return Object.fromEntries(
    declaredBoxes(fields).map((box) => [box.name, data.get(box.name) === 'on']),
  ) as Record<BoxName<Fields>, boolean>
}
