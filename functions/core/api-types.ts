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
}

export interface LoginReply {
  readonly token: string
  /** Expiry of the token, ISO 8601. */
  readonly expiresAt: string
  /** Who signed in, as stored (the pages show it), and what the user may do. */
  readonly username: string
  readonly role: StaffRole
}

/** GET /api/admin/users: the staff, without secrets (the Users page; the assignee choices of a lead). */
export interface StaffUser {
  readonly username: string
  /** Absent when the stored role is none of the four: the user has no access until an owner sets one. */
  readonly role?: StaffRole
  readonly createdAt: string
  readonly mfa: boolean
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
