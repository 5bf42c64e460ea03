import { isStaffRole, type StaffRole } from './roles'

/**
 * The audit trail's vocabulary, shared by the functions, the dashboard and the admin CLI: what can be
 * recorded, and what GET /api/admin/activity answers.
 */

/** Every action the audit trail records; the one definition. */
export const auditActions = [
  'login',
  'login-failed',
  'login-locked',
  'mfa-locked',
  'logout',
  'export',
  'upload',
  'content-create',
  'content-update',
  'content-delete',
  'user-change',
  'lead-update',
  'lead-note',
  'lead-attempt',
  'lead-create',
  'settings-change',
  // The admin CLI's data requests (find-person, erase-person), repairs and secret rotations.
  'person-lookup',
  'person-erasure',
  'maintenance',
  'secret-rotation',
  'lead-view',
  'access-refused',
  'bad-token',
  // The response clock's sweep: a late lead's assignee reminded, the owners alerted and the lead reassigned.
  'lead-reminder',
  'lead-escalation',
  // Two leads of one person made one: the survivor and the lead merged into it.
  'lead-merge',
  // The retention sweep: a lead past its retention period erased by itself; the person of an untouched open
  // lead asked whether they still want to hear from us, and their answer (the keep page); the optional notice
  // 48 hours before an erasure.
  'retention-erasure',
  'retention-ask',
  'retention-kept',
  'retention-notice',
  // The breach drill: an owner drafted the notices and the Board's report for an incident window.
  'breach-report',
  // The choices page and a message's one-click link: a consent withdrawn (its purposes and count, never the
  // person), and an attempt refused (a wrong code, a bad link, too many asks).
  'consent-withdrawal',
  'privacy-refused',
  // The rights desk (/privacy/request): a request stored as a case (or opened by staff), a request refused (a
  // bad or spent code, too many asks), a case opened, answered, and the person's data erased for it.
  'privacy-request',
  'privacy-case-view',
  'privacy-reply',
  'privacy-erasure',
] as const

export type AuditAction = (typeof auditActions)[number]

/** Whether `value` is one of the recorded actions. */
export function isAuditAction(value: unknown): value is AuditAction {
  return typeof value === 'string' && (auditActions as readonly string[]).includes(value)
}

/** What a person reads for each action (the dashboard and the CLI). */
export const auditActionLabels: Readonly<Record<AuditAction, string>> = {
  login: 'Signed in',
  'login-failed': 'Sign-in failed',
  'login-locked': 'Sign-in locked out',
  'mfa-locked': 'MFA locked (too many wrong codes)',
  logout: 'Signed out',
  export: 'Exported',
  upload: 'Uploaded',
  'content-create': 'Created',
  'content-update': 'Edited',
  'content-delete': 'Deleted',
  'user-change': 'Changed admin user',
  'lead-update': 'Updated lead',
  'lead-note': 'Noted on lead',
  'lead-attempt': 'Logged a contact attempt',
  'lead-create': 'Added a lead by hand',
  'settings-change': 'Changed the sales settings',
  'person-lookup': 'Looked up a person',
  'person-erasure': "Erased a person's data",
  maintenance: 'Repaired the data',
  'secret-rotation': 'Rotated a secret',
  'lead-view': 'Opened lead',
  'access-refused': 'Refused (role)',
  'bad-token': 'Refused token',
  'lead-reminder': 'Reminded the assignee of a waiting lead',
  'lead-escalation': 'Escalated a late lead to the owners',
  'lead-merge': 'Merged two leads',
  'retention-erasure': 'Erased a lead past its retention period',
  'retention-ask': 'Asked a person whether they still want to hear from us',
  'retention-kept': 'A person asked us to keep their enquiry',
  'retention-notice': 'Told a person of an erasure 48 hours ahead',
  'breach-report': 'Drafted a breach report',
  'consent-withdrawal': 'A visitor withdrew a consent',
  'privacy-refused': 'Refused a privacy request (a wrong code, a bad link, too many asks)',
  'privacy-request': 'Received a privacy request',
  'privacy-case-view': 'Opened a privacy case',
  'privacy-reply': 'Answered a privacy case',
  'privacy-erasure': "Erased a person's data for a privacy case",
}

/** One entry of the audit trail, as GET /api/admin/activity answers it. */
export interface AuditEntry {
  /** When, ISO 8601 (server time). */
  readonly at: string
  /** Who: an admin's username, the username tried at a failed sign-in, or `cli:<os user>` for the CLI. */
  readonly actor: string
  readonly action: AuditAction
  /** What it was done to: an export kind, a file, a job or resource, a username. */
  readonly target?: string
  /**
   * A word on how, where the action alone does not say: `created`, `password-reset` or `deleted` for a
   * user change; why a sign-in failed.
   */
  readonly detail?: string
  /** The client's network (its address; IPv6 cut to the /64 where known). Absent for the CLI. */
  readonly network?: string
  /** The actor's role when it acted (signed-in staff; absent for sign-in attempts and the CLI). */
  readonly role?: StaffRole
}

const textOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/**
 * An audit entry read from a stored item or a reply: `at`, `actor` and a known `action` are required, and
 * `target`, `detail` and `network` are kept when they are non-empty text. Anything else is no entry
 * (undefined), and other fields are dropped.
 */
export function auditEntryOf(value: unknown): AuditEntry | undefined {
  if (!value || typeof value !== 'object') return undefined
  const item = value as Record<string, unknown>
  const at = textOf(item.at)
  const actor = textOf(item.actor)
  if (!at || !actor || !isAuditAction(item.action)) return undefined
  const target = textOf(item.target)
  const detail = textOf(item.detail)
  const network = textOf(item.network)
  const role = isStaffRole(item.role) ? item.role : undefined
  return {
    at,
    actor,
    action: item.action,
    ...(target ? { target } : {}),
    ...(detail ? { detail } : {}),
    ...(network ? { network } : {}),
    ...(role ? { role } : {}),
  }
}

/** How long entries are kept before DynamoDB's TTL removes them. */
export const auditRetentionDays = 400

/** The longest actor, target or detail stored; longer text is cut. */
export const auditTextLimit = 200
