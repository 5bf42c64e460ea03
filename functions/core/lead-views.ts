import type { InboxKind, LeadSegment } from './inbox-search'
import type { AttemptChannel, AttemptOutcome } from './lead-attempts'
import type { LeadSource } from './lead-source'
import type { LeadStatus, LostReason } from './pipeline-rules'

/**
 * What the lead routes answer, as the workspace reads it: a lead's timeline and pipeline state, a row of the
 * inbox and its pages, a lead's detail, and the dashboard's charts.
 */

/** One entry of a lead's timeline. */
export interface LeadEvent {
  readonly at: string
  readonly by: string
  readonly type: 'status' | 'assignee' | 'follow-up' | 'note' | 'attempt' | 'merge' | 'visit'
  readonly from?: string | null
  readonly to?: string | null
  readonly text?: string
  readonly lostReason?: LostReason
  /** An attempt: how staff reached out and how it went (with its note in `text`). */
  readonly channel?: AttemptChannel
  readonly outcome?: AttemptOutcome
  /** An attempt's promised call-back (ISO). */
  readonly callbackAt?: string
  /** A WhatsApp attempt's message: the owners' template it was written from. */
  readonly template?: string
  /** A follow-up set with its time of day (ISO); `to` is its date. */
  readonly followUpAt?: string
  /** An event of another lead merged into this one: that lead's id (`merge` events name it in `from`). */
  readonly fromLead?: string
  /**
   * A site visit booked, rescheduled or cancelled (site-visits.ts): which one, and `from` / `to` its slot
   * before and after (`2026-11-28 09-11 sunil`); a cancellation's reason or the visit's notes in `text`.
   */
  readonly visitId?: string
  readonly visitAction?: 'booked' | 'rescheduled' | 'cancelled'
}

/** The pipeline state every lead has (defaults for a lead stored before the pipeline existed). */
export interface LeadPipelineState {
  readonly status: LeadStatus
  /** Raised by every change; a change must name the version it was made on. */
  readonly version: number
  readonly assignee?: string
  readonly followUpOn?: string
  /** The follow-up's time of day, when it was set with one (ISO); `followUpOn` is its date in India. */
  readonly followUpAt?: string
  /** When the lead's first contact attempt was logged (ISO): the lead is answered from then on. */
  readonly firstContactAt?: string
  readonly lostReason?: LostReason
  readonly lostNote?: string
  readonly latestNote?: string
  readonly updatedAt?: string
  /** The lead this one was merged into: it is closed, out of every view, and its page links there. */
  readonly mergedInto?: string
}

/** A row of the inbox: what the list shows of a lead. */
export interface LeadSummary extends LeadPipelineState {
  readonly id: string
  readonly kind: InboxKind
  readonly createdAt: string
  readonly name?: string
  readonly email?: string
  readonly phone?: string
  readonly pincode?: string
  readonly segment?: LeadSegment
  /** The server's estimate of a quote, in rupees. */
  readonly estimateInr?: number
  /** The capacity a quote asked for, in kW (the first WhatsApp message names it). */
  readonly capacityKw?: number
  /** Where the lead came from: its form and page, or the channel staff added it by. */
  readonly source?: LeadSource
  /** The landing URL's UTM source and campaign, when the visit had them. */
  readonly utmSource?: string
  readonly utmCampaign?: string
  /** The short reference the visitor was given (lead-reference.ts). */
  readonly reference?: string
  /**
   * When the retention sweep asked the person whether they still want to hear from us (an open lead nobody
   * touched for its period; core/retention.ts): erased when unanswered, unless someone works it first.
   */
  readonly retentionAskedAt?: string
  /** The follow-up date is today or past. */
  readonly followUpDue: boolean
}

/** GET /api/admin/leads: a page of the inbox; `total` when the store knows it without counting. */
export interface InboxPage {
  readonly items: readonly LeadSummary[]
  readonly nextCursor?: string
  readonly total?: number
}

/** GET /api/admin/leads/{id}: every stored field of the lead, its pipeline state and its timeline. */
export interface LeadDetail {
  readonly lead: LeadSummary & { readonly fields: Readonly<Record<string, unknown>> }
  readonly events: readonly LeadEvent[]
  /** The same person's other leads (same phone number or e-mail), newest first. */
  readonly person: readonly PersonLead[]
}

/** Another lead of the same person, as the lead page lists it. */
export interface PersonLead {
  readonly id: string
  readonly kind: InboxKind
  readonly createdAt: string
  readonly status: LeadStatus
  readonly assignee?: string
}

/** POST /api/admin/leads/{id}/attempts: the attempt as the timeline keeps it, and the lead after it. */
export interface LeadAttemptReply {
  readonly attempt: LeadEvent
  /** The lead's first attempt's time: this one's for the first, else the earlier one's, unchanged. */
  readonly firstContactAt: string
  readonly lead: LeadDetail['lead']
}

/** GET /api/admin/lead-stats: the dashboard's charts, from maintained counters (never by counting leads). */
export interface LeadStats {
  /** The last `leadStatsWeeks` weeks, oldest first, each from its Monday (company time zone). */
  readonly weeks: readonly { readonly start: string; readonly quote: number; readonly contact: number }[]
  /** Every status in pipeline order: how many leads are in it now and their estimates' sum in rupees. */
  readonly pipeline: readonly {
    readonly status: LeadStatus
    readonly count: number
    readonly valueInr: number
  }[]
  /** This month's closed leads: won ÷ (won + lost), null when none closed yet. */
  readonly month: {
    readonly month: string
    readonly won: number
    readonly lost: number
    readonly winRate: number | null
  }
  /** Quotes received per segment. */
  readonly segments: readonly { readonly segment: LeadSegment; readonly count: number }[]
  /** Open leads whose follow-up is today or past. */
  readonly followUpsDue: number
  /**
   * Leads the retention sweep erases (retention.ts): due within the next 30 days, and past their date (the
   * daily sweep has not run yet, or could not erase them).
   */
  readonly retention: { readonly due: number; readonly overdue: number }
}

/** How many weeks the dashboard's leads-per-week chart shows. */
export const leadStatsWeeks = 12
