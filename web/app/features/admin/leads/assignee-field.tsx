import type { StaffUser } from '@core/api-types'
import { SelectField, TextField } from '~/components/form-field'
import { inboxCopy } from '~/features/admin/leads/content'

export interface AssigneeFieldProps {
  readonly name: string
  readonly label: string
  /** The colleagues to choose from; null: the username is typed (the role may not read the staff list). */
  readonly users: readonly StaffUser[] | null
  readonly defaultValue: string
  /** The first option's label (the select's "nothing chosen"). */
  readonly placeholder: string
  /** Choices listed before the colleagues (the inbox's filter: me, nobody); a typed field takes them as words. */
  readonly leading?: readonly { readonly value: string; readonly label: string }[]
  readonly error?: string | undefined
}

/** A lead's assignee: one of the colleagues when the list can be read, else a username typed in. */
export function AssigneeField({
  name,
  label,
  users,
  defaultValue,
  placeholder,
  leading = [],
  error,
}: AssigneeFieldProps) {
  if (users === null) {
    return (
      <TextField
        label={label}
        name={name}
        defaultValue={defaultValue}
        hint={inboxCopy.assigneeHint}
        autoComplete="off"
        error={error}
      />
    )
  }
  // A disabled colleague is given no leads: not offered (a lead still held by one shows them, below).
  const usernames = users.filter((user) => !user.disabled).map((user) => user.username)
  const words = leading.map((option) => option.value)
  // A value that is not (or no longer) among the colleagues stays selectable, so it is not lost silently.
  if (defaultValue !== '' && !usernames.includes(defaultValue) && !words.includes(defaultValue)) {
    usernames.push(defaultValue)
  }
  return (
    <SelectField
      label={label}
      name={name}
      defaultValue={defaultValue}
      placeholder={placeholder}
      options={[...leading, ...usernames.map((username) => ({ value: username, label: username }))]}
      error={error}
    />
  )
}
