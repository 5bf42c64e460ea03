import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react'
import { cn } from '~/lib/class-names'
import type { FieldErrors } from '~/lib/field-errors'

const controlClasses =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-ink shadow-sm ' +
  'placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 ' +
  'focus:outline-brand-600/40 aria-[invalid=true]:border-danger disabled:bg-slate-100'

interface FieldOwnProps {
  readonly label: string
  /** A message about the value; marks the control invalid and is announced with it. */
  readonly error?: string | undefined
  /** A short help text under the label. */
  readonly hint?: ReactNode
}

export interface FieldShellProps extends FieldOwnProps {
  /** The control's id: the label points at it, and the hint's and error's ids derive from it. */
  readonly id: string
  readonly className?: string | undefined
  readonly children: ReactNode
}

/**
 * A label, an optional hint, the control (children) and the message about its value, for a control the
 * text, textarea and select fields do not cover; the control itself points at `${id}-hint` and `${id}-error`.
 */
export function FieldShell({ id, label, error, hint, className, children }: FieldShellProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  )
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean)
  return ids.length > 0 ? ids.join(' ') : undefined
}

export type TextFieldProps = FieldOwnProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'children'>

/** A labelled single-line input. */
export function TextField({ label, error, hint, id, className, ...inputProps }: TextFieldProps) {
  const generatedId = useId()
  const fieldId = id ?? generatedId
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} className={className}>
      <input
        id={fieldId}
        type="text"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        className={cn(controlClasses, 'h-11')}
        {...inputProps}
      />
    </FieldShell>
  )
}

export type TextAreaFieldProps = FieldOwnProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'children'>

/** A labelled multi-line input. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  className,
  rows = 5,
  ...textareaProps
}: TextAreaFieldProps) {
  const generatedId = useId()
  const fieldId = id ?? generatedId
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} className={className}>
      <textarea
        id={fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        className={cn(controlClasses, 'min-h-32 py-2.5')}
        {...textareaProps}
      />
    </FieldShell>
  )
}

/** One text field of a form written as data: a single-line input, or a textarea when `multiline`. */
export type TextFieldSpec<Name extends string = string> =
  | (Omit<TextFieldProps, 'name' | 'error'> & { readonly name: Name; readonly multiline?: false })
  | (Omit<TextAreaFieldProps, 'name' | 'error'> & { readonly name: Name; readonly multiline: true })

export interface TextFieldsProps<Name extends string> {
  readonly fields: readonly TextFieldSpec<Name>[]
  /** The server's message about each field's value, by field name. */
  readonly errors: FieldErrors
}

/**
 * A form's text fields in order, each showing the message about its value. A field whose default value
 * changes (a prefill read after the first render) is drawn again with it.
 */
export function TextFields<Name extends string>({ fields, errors }: TextFieldsProps<Name>) {
  return fields.map((field) => {
    const key = `${field.name}-${String(field.defaultValue ?? '')}`
    if (field.multiline) {
      const { multiline: _multiline, ...textareaProps } = field
      return <TextAreaField key={key} {...textareaProps} error={errors[field.name]} />
    }
    const { multiline: _multiline, ...inputProps } = field
    return <TextField key={key} {...inputProps} error={errors[field.name]} />
  })
}

export interface SelectOption {
  readonly value: string
  readonly label: string
}

/** A select's options from its values, each with its label (from a table of labels, or a function of it). */
export function labelledOptions<Value extends string>(
  values: readonly Value[],
  labels: Readonly<Record<Value, string>> | ((value: Value) => string),
): SelectOption[] {
  const labelOf = typeof labels === 'function' ? labels : (value: Value) => labels[value]
  return values.map((value) => ({ value, label: labelOf(value) }))
}

export type SelectFieldProps = FieldOwnProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
    readonly options: readonly SelectOption[]
    /** A first option with the value '' (nothing chosen). */
    readonly placeholder?: string
  }

/** A labelled drop-down list. */
export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  options,
  placeholder,
  ...selectProps
}: SelectFieldProps) {
  const generatedId = useId()
  const fieldId = id ?? generatedId
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} className={className}>
      <select
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, hint, error)}
        className={cn(controlClasses, 'h-11')}
        {...selectProps}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  )
}
