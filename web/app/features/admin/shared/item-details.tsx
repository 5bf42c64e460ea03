import { Modal } from '~/components/ui/modal'
import { adminLists } from '~/features/admin/shared/admin-content'
import { displayDateTime } from '~/lib/format-date'

/** A stored time (ISO 8601 with a zone), shown as a date and time in India's words. */
const storedTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

/** A value as staff read it: Yes/No for a flag, a date and time for a stored time, JSON for the rest. */
export function display(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'string') return storedTime.test(value) ? displayDateTime(value) : value
  if (typeof value === 'number') return String(value)
  return JSON.stringify(value, null, 2)
}

/** Turns `billRange`, `bill_range` or `createdAt` into 'Bill range' and 'Created at'. */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Names of fields that have one (a quote's, as its form calls them), by key. */
export type FieldLabels = Readonly<Record<string, string>>

/** The fields to show: nested objects (a consent, an estimate) as their own lines, 'Consent given at'. */
export function detailEntries(
  item: Readonly<Record<string, unknown>>,
  labels: FieldLabels = {},
): [string, string][] {
  const labelOf = (key: string) => (Object.hasOwn(labels, key) ? (labels[key] as string) : fieldLabel(key))
  return Object.entries(item).flatMap(([key, value]): [string, string][] =>
    isPlainObject(value)
      ? Object.entries(value).map(([child, inner]): [string, string] => [
          `${labelOf(key)} ${fieldLabel(child).toLowerCase()}`,
          display(inner),
        ])
      : [[labelOf(key), display(value)]],
  )
}

export interface ItemDetailsProps {
  /** What is shown, e.g. 'Quote'; the dialog is named '<kind> details'. */
  readonly kind: string
  /** The item to show, or null when the dialog is closed. */
  readonly item: Readonly<Record<string, unknown>> | null
  readonly onClose: () => void
  /** Names of fields that have one; the others are named after their key. */
  readonly labels?: FieldLabels
}

/** Every field a submission was stored with, as a list of terms and values, in a modal dialog. */
export function ItemDetails({ kind, item, onClose, labels }: ItemDetailsProps) {
  return (
    <Modal open={item !== null} onClose={onClose} title={adminLists.detailsOf(kind)} className="max-w-xl">
      {item ? (
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
          {detailEntries(item, labels).map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="pt-2 font-medium text-muted sm:pt-1">{label}</dt>
              <dd className="whitespace-pre-wrap break-words text-ink sm:pt-1">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </Modal>
  )
}
