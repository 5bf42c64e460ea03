import { dayMs } from './date-labels'
import type { FieldDeclarations } from './field-declarations'
import type { InboxKind } from './inbox-search'
import { emailField } from './newsletter-fields'
import type { LeadStatus } from './pipeline-rules'
import type { ConsentPurpose } from './privacy-notice'

/**
 * The rights desk (issue: DPDP-ready): what a person may ask about their data on /privacy/request, the case
 * each request becomes in the workspace, and its clock. The Digital Personal Data Protection Rules give the
 * company 90 days to answer a data principal's request; the company's own goal is a week. Pure data and
 * arithmetic: the page, the workspace and the functions read the same words.
 */

/** What a person may ask: a summary of their data, a correction, erasure, or to nominate someone. */
export const privacyRequestKinds = ['summary', 'correction', 'erasure', 'nominate'] as const
export type PrivacyRequestKind = (typeof privacyRequestKinds)[number]

/** What a person chooses on the page, and the workspace's name for each case. */
export const privacyRequestKindLabels: Readonly<Record<PrivacyRequestKind, string>> = {
  summary: 'A summary of my data',
  correction: 'Correct my data',
  erasure: 'Erase my data',
  nominate: 'Nominate someone to act for me',
}

/** The days the company has to answer a request (the Rules' outer limit). */
export const privacyRequestDays = 90
/** The company's own goal: answered within a week. */
export const privacyRequestGoalDays = 7

/**
 * The request form's fields, declared once: the API's schema (privacy-request-schema.ts) and the page's
 * inputs derive from them. The e-mail is the contact the one-time code proves.
 */
export const privacyRequestFields = {
  email: { ...emailField, lowerCase: true },
  kind: {
    kind: 'choice',
    label: 'What you ask',
    required: true,
    options: privacyRequestKindLabels,
  },
  code: {
    kind: 'text',
    label: 'Code',
    required: true,
    maxLength: 12,
    pattern: {
      regex: /^\s*\d{3}\s*\d{3}\s*$/,
      message: 'Enter the six digits of the code we sent',
      hint: 'The six digits of the code we sent',
    },
    input: { inputMode: 'numeric', autoComplete: 'one-time-code' },
  },
  details: {
    kind: 'text',
    label: 'Details',
    required: false,
    maxLength: 2000,
    personal: 'message',
    input: { multiline: true },
  },
  nominee: {
    kind: 'text',
    label: 'Who you nominate (name, and how to reach them)',
    required: false,
    maxLength: 200,
    personal: 'name',
  },
} as const satisfies FieldDeclarations

/** What the owner decides on a case. */
export const privacyDecisions = ['granted', 'partly', 'refused'] as const
export type PrivacyDecision = (typeof privacyDecisions)[number]
export const privacyDecisionLabels: Readonly<Record<PrivacyDecision, string>> = {
  granted: 'Granted',
  partly: 'Partly granted',
  refused: 'Refused',
}

/** How the person's identity was checked: the one-time code by e-mail, or staff calling the person back. */
export type PrivacyIdentity = 'one-time-code' | 'call-back'
export const privacyIdentityLabels: Readonly<Record<PrivacyIdentity, string>> = {
  'one-time-code': 'Verified by a one-time code sent by e-mail',
  'call-back': 'Verified by call-back',
}

/** Limits of the owner's words on a case. */
export const privacyCaseLimits = { reason: 500, reply: 5000 } as const

/**
 * A case's reference (the person is told it, the workspace opens it by it): `PR-` and the time it was received
 * (UTC, `yymmdd-hhmmss`), then four letters or digits. It is the case's sort key too, so the cases list by
 * time, and so by due date, without an index.
 */
export const privacyCasePattern = /^PR-\d{6}-\d{6}-[A-Z0-9]{4}$/

/** One case, as the workspace reads it; the person's contact and words are gone once erasure closed it. */
export interface PrivacyCase {
  readonly id: string
  readonly kind: PrivacyRequestKind
  readonly receivedAt: string
  readonly identity: PrivacyIdentity
  readonly status: 'open' | 'closed'
  readonly email?: string
  readonly phone?: string
  readonly name?: string
  readonly details?: string
  readonly nominee?: string
  /** The staff member who opened it by hand (a phone request); absent for a request from the page. */
  readonly openedBy?: string
  readonly decision?: PrivacyDecision
  readonly reason?: string
  readonly reply?: string
  /** How the reply went: by e-mail (sent, or kept in the stand-in's outbox), not possible here, or by phone. */
  readonly replyVia?: 'sent' | 'kept' | 'not-configured' | 'phone'
  readonly closedAt?: string
  readonly closedBy?: string
  /** The person's leads erased for this case: when, by whom, how many (ids only). */
  readonly erasure?: { readonly at: string; readonly by: string; readonly records: number }
  readonly version: number
}

/** What the product holds about the person of a case: the summary the owner answers from. */
export interface PrivacySummary {
  readonly leads: readonly {
    readonly id: string
    readonly kind: InboxKind
    readonly createdAt: string
    readonly status: LeadStatus
    /** The labels of the personal data its form takes (the declarations' personal-data flags). */
    readonly fields: readonly string[]
  }[]
  /** The newsletter signup of the case's address, if any. */
  readonly newsletter?: {
    readonly createdAt: string
    readonly confirmed: boolean
    readonly withdrawn: boolean
  }
  readonly consents: readonly {
    readonly purpose: ConsentPurpose
    readonly given: boolean
    readonly at?: string
  }[]
  /** How many entries the consent ledger holds for the person (consents and withdrawals). */
  readonly ledgerEntries: number
}

/** GET /api/admin/privacy/cases/{id}. */
export interface PrivacyCaseDetail {
  readonly case: PrivacyCase
  /** Absent once an erasure closed the case (nothing of the person is left to find). */
  readonly summary?: PrivacySummary
}

/** The 90-day clock of a case at `now`. */
export interface PrivacyClock {
  /** When the answer is due: 90 days after the request arrived (ISO). */
  readonly dueAt: string
  /** Whole days left until then (0 on the day it is due, negative once overdue); for an open case. */
  readonly daysLeft: number
  /** Open past its due time. */
  readonly overdue: boolean
  /** Open, or closed, within the goal of a week. */
  readonly withinGoal: boolean
}

/** The clock of a case received at `receivedAt`, closed at `closedAt` if it was, seen at `now`. */
export function privacyClock(receivedAt: string, now: Date, closedAt?: string): PrivacyClock {
  const received = Date.parse(receivedAt)
  const due = received + privacyRequestDays * dayMs
  const end = closedAt ? Date.parse(closedAt) : now.getTime()
  return {
    dueAt: new Date(due).toISOString(),
    daysLeft: Math.floor((due - end) / dayMs),
    overdue: !closedAt && end > due,
    withinGoal: end - received <= privacyRequestGoalDays * dayMs,
  }
}

/** Open cases first, the oldest (the soonest due) first; then the closed ones, the newest first. */
export function byPrivacyDue(a: PrivacyCase, b: PrivacyCase): number {
  if (a.status !== b.status) return a.status === 'open' ? -1 : 1
  return a.status === 'open' ? a.id.localeCompare(b.id) : b.id.localeCompare(a.id)
}

/** What the person reads once their request is stored. */
export function privacyReceipt(reference: string): string {
  return `Your request is with us: reference ${reference}. We answer within ${privacyRequestDays} days, usually within ${privacyRequestGoalDays}.`
}
