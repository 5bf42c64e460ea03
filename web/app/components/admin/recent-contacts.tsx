import { adminPageSize } from '@core/admin'
import { fetchAdminContacts } from '~/lib/api/admin-contacts'
import { useAdminList } from '~/lib/use-admin-list'
import { AdminSection } from './admin-section'

export interface RecentContactsProps {
  readonly token: string | null
  readonly onSessionExpired: () => void
}

/** The 10 most recent contact messages, as name and email (spec: Admin, Submissions). */
export function RecentContacts({ token, onSessionExpired }: RecentContactsProps) {
  const contacts = useAdminList(fetchAdminContacts, token, onSessionExpired)
  const recent = contacts.items.slice(0, adminPageSize)
  return (
    <AdminSection title="Recent contacts">
      {contacts.status === 'loading' ? (
        <p className="text-sm text-muted" aria-live="polite">
          Loading contacts…
        </p>
      ) : recent.length === 0 ? (
        <p className="text-sm text-muted">No contacts yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {recent.map((contact) => (
            <li
              key={contact.id}
              className="flex flex-col gap-0.5 py-3 sm:flex-row sm:justify-between sm:gap-4"
            >
              <span className="font-medium text-ink">{contact.name}</span>
              <a
                className="break-all text-sm text-brand-800 hover:underline"
                href={`mailto:${contact.email}`}
              >
                {contact.email}
              </a>
            </li>
          ))}
        </ul>
      )}
    </AdminSection>
  )
}
