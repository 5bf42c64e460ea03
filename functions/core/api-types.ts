/** Shapes of API replies shared by the functions and the web client. */
import type { StaffRole } from './roles'

/** Every error reply: a message for a person, and per-field messages for bad input. */
export interface ApiError {
  readonly error: string
  readonly fields?: Record<string, string>
}

/** Admin lists: newest first, `nextCursor` present when more items exist. */
export interface Page<T> {
  readonly items: readonly T[]
  readonly nextCursor?: string
}

/** A lead as stored and as the admin sees it. */
export interface StoredLead {
  readonly id: string
  /** Server time of receipt, ISO 8601. */
  readonly createdAt: string
  /**
   * When its response clock started (the arrival, or the next opening), ISO 8601: a quote or contact assigned
   * on arrival, not a job application. Its waiting entry's key (functions/lib/db/waiting.ts).
   */
  readonly clockStartedAt?: string
  /** The short reference the visitor was given (`SE-7K3P9`, lead-reference.ts): a quote or contact from its form. */
  readonly reference?: string
}

/**
 * What POST /api/quotes and /api/contacts answer (201, or 200 for a retry of a stored request): the lead's
 * id, time and reference, and when its response clock starts (the arrival, or the next opening: what the
 * confirmation tells the visitor about the call back).
 */
export type LeadReceipt = Pick<StoredLead, 'id' | 'createdAt' | 'reference' | 'clockStartedAt'>

/** A lead receipt of the lead `lead`: only what the visitor may see of it. */
export function leadReceipt(lead: StoredLead): LeadReceipt {
  return {
    id: lead.id,
    createdAt: lead.createdAt,
    ...(lead.reference ? { reference: lead.reference } : {}),
    ...(lead.clockStartedAt ? { clockStartedAt: lead.clockStartedAt } : {}),
  }
}

export interface LoginReply {
  readonly token: string
  /** Expiry of the token, ISO 8601. */
  readonly expiresAt: string
  /** Who signed in, as stored (the pages show it), and what the user may do. */
  readonly username: string
  readonly role: StaffRole
  /**
   * The user's role must use MFA and it has not enrolled: `token` is an enrolment-only token, accepted by
   * POST /api/admin/mfa/enrol and /confirm alone, and the workspace shows the enrolment screen only.
   */
  readonly mfaEnrolmentRequired?: true
  /**
   * The password is a one-time password (an owner added the user): `token` is a password-change-only
   * token, accepted by POST /api/admin/password alone, and the workspace asks for the user's own password.
   */
  readonly passwordChangeRequired?: true
}

/** POST /api/admin/mfa/enrol: a new secret to scan, confirmable for a few minutes. */
export interface MfaEnrolmentReply {
  /** The `otpauth://totp/…` URI, for an app that takes it as text. */
  readonly uri: string
  /** The same URI as a QR code, an SVG image (a data: URL). */
  readonly qrCode: string
  /** The secret alone (base32), for typing into an app by hand. */
  readonly secret: string
  /** When the enrolment must be confirmed by, ISO 8601. */
  readonly expiresAt: string
}

/**
 * POST /api/admin/mfa/confirm: the enrolment is done. The recovery codes are shown this once (only their
 * hashes are stored); `token` is a full token at the new session version (every other session has ended).
 */
export interface MfaConfirmReply extends LoginReply {
  readonly recoveryCodes: readonly string[]
}

/** GET /api/admin/users: the staff, without secrets (the Users page; the assignee choices of a lead). */
export interface StaffUser {
  readonly username: string
  /** Absent when the stored role is none of the four: the user has no access until an owner sets one. */
  readonly role?: StaffRole
  readonly createdAt: string
  readonly mfa: boolean
  /** Disabled by an owner: cannot sign in, is given no leads and is not offered as an assignee. */
  readonly disabled?: true
}

/** GET /api/admin/analytics: the totals tiles, from counters. */
export interface AnalyticsTotals {
  readonly quotes: number
  readonly contacts: number
  readonly newsletter: number
  readonly jobs: number
  readonly resources: number
}

/** POST /api/admin/upload: where the stored file is served. */
export interface UploadReply {
  /** A site path, `/files/resources/<timestamp>-<name>`. */
  readonly url: string
}

/**
 * POST /api/admin/upload-url (files above 4 MiB): a presigned PUT. The browser sends the file to `uploadUrl`
 * with exactly `headers` (the signed Content-Type); the file is then served at `url`.
 */
export interface UploadUrlReply extends UploadReply {
  readonly uploadUrl: string
  readonly headers: Readonly<Record<string, string>>
  /** When the upload URL stops working, ISO 8601. */
  readonly expiresAt: string
}

/** An export too large for one API reply: a short-lived link to the file in storage. */
export interface ExportLinkReply {
  readonly url: string
  readonly fileName: string
  readonly expiresAt: string
}
