import type { Page, StoredLead } from '@core/api-types'
import type { ContactMessage } from '@core/contact'
import { type AdminRequestOptions, getAdminList } from '~/features/admin/session/admin-client'

/** A contact message as the admin sees it: the five fields, its id and the server time it arrived. */
export type AdminContact = ContactMessage & StoredLead

/** GET /api/admin/contacts: the most recent contacts first. A failed load resolves to an empty list. */
export function fetchAdminContacts(options: AdminRequestOptions): Promise<Page<AdminContact>> {
  return getAdminList<AdminContact>('admin-list-contacts', options)
}
