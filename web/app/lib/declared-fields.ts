import {
  type ChoiceField,
  type FieldDeclarations,
  htmlPattern,
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
