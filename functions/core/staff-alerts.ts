import { businessTimeLabel } from './date-labels'
import type { InboxKind } from './inbox-search'
import { stateOfPincode } from './pincode-state'
import { formatInr, type QuoteCategory, quoteCategoryLabels } from './quote'

/**
 * The messages that tell staff to act on a lead, written once: each opens the lead (`<site URL>/admin/leads/
 * <id>`) and names only what the staff need to act on it (name, category, capacity, estimate, PIN code; no
 * phone or e-mail, which the lead's page shows to whoever may read it), with times in India's time zone.
 * Pure: the functions send them (functions/lib/notify.ts).
 */

/** A message for the staff: a one-line subject (at most 100 characters once sent) and a plain-text body. */
export interface AlertMessage {
  readonly subject: string
  readonly body: string
}

/** What an alert says of a lead. */
export interface LeadAlertFacts {
  readonly id: string
  readonly kind: InboxKind
  readonly createdAt: string
  readonly name?: string | undefined
  readonly category?: QuoteCategory | undefined
  readonly capacityKw?: number | undefined
  readonly estimateInr?: number | undefined
  readonly pincode?: string | undefined
}

/** The workspace's page of a lead: on the site's origin when known, else the path alone. */
export function leadLink(siteUrl: string | undefined, id: string): string {
  return `${(siteUrl ?? '').replace(/\/+$/, '')}/admin/leads/${encodeURIComponent(id)}`
}

/** The lines that describe the lead, each only when known. */
function leadLines(lead: LeadAlertFacts): string[] {
  const lines: [string, string | undefined][] = [
    ['Name', lead.name],
    [
      'Category',
      lead.category
        ? quoteCategoryLabels[lead.category]
        : lead.kind === 'contact'
          ? 'Contact message'
          : undefined,
    ],
    ['Capacity', lead.capacityKw !== undefined ? `${lead.capacityKw} kW` : undefined],
    ['Estimate', lead.estimateInr !== undefined ? formatInr(lead.estimateInr) : undefined],
    ['PIN code', lead.pincode],
    ['Area', lead.pincode ? stateOfPincode(lead.pincode) : undefined],
    ['Arrived', businessTimeLabel(lead.createdAt)],
  ]
  return lines
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([label, value]) => `${label}: ${value}`)
}

/** What the message about a new lead says first, before the lead's declared fields. */
export interface NewLeadFacts {
  readonly id: string
  readonly createdAt: string
  /** Whom the rules assigned it to, and why ("territory 500"); nobody: the owners decide. */
  readonly assignee?: string | undefined
  readonly reason?: string | undefined
  readonly pincode?: string | undefined
}

/**
 * The first lines of the message about a new lead: whom it is for and why, the link that opens it, its
 * arrival in India's time and its area (the PIN code's state). The form's fields follow
 * (functions/lib/notify.ts leadNotificationBody).
 */
export function newLeadHeader(lead: NewLeadFacts, siteUrl: string | undefined): string[] {
  const area = lead.pincode ? stateOfPincode(lead.pincode) : undefined
  return [
    lead.assignee
      ? `For ${lead.assignee}${lead.reason ? ` (${lead.reason})` : ''}.`
      : 'Nobody is assigned: the owners decide who calls.',
    `Open it: ${leadLink(siteUrl, lead.id)}`,
    `Arrived: ${businessTimeLabel(lead.createdAt)}`,
    ...(area ? [`Area: ${area}`] : []),
    '',
  ]
}

const who = (lead: LeadAlertFacts) =>
  lead.name ?? (lead.kind === 'quote' ? 'a quote request' : 'a contact message')

/** The assignee's reminder: a lead of theirs has waited `minutes` business minutes for a first contact. */
export function reminderAlert(
  lead: LeadAlertFacts,
  assignee: string | undefined,
  minutes: number,
  siteUrl: string | undefined,
  now: Date,
): AlertMessage {
  return {
    subject: `Reminder: ${who(lead)} is waiting for a first contact`,
    body: [
      `${assignee ? `${assignee}, a lead of yours` : 'A lead nobody is assigned'} has waited ${minutes} business minutes without a first contact (${businessTimeLabel(now)}).`,
      `Open it: ${leadLink(siteUrl, lead.id)}`,
      '',
      ...leadLines(lead),
    ].join('\n'),
  }
}

/** The assignee's reminder of a call-back (or follow-up) they promised for `at`, sent when its time has come. */
export function callbackAlert(
  lead: LeadAlertFacts,
  assignee: string | undefined,
  at: string,
  siteUrl: string | undefined,
): AlertMessage {
  return {
    subject: `Call back now: ${who(lead)} (${businessTimeLabel(at)})`,
    body: [
      `${assignee ? `${assignee}, a` : 'A'} call-back is due now: ${businessTimeLabel(at)}.`,
      `Open it: ${leadLink(siteUrl, lead.id)}`,
      '',
      ...leadLines(lead),
    ].join('\n'),
  }
}

/** The owners' alert: a lead unanswered after `minutes` business minutes, and who has it now. */
export function escalationAlert(
  lead: LeadAlertFacts,
  from: string | undefined,
  to: string | undefined,
  minutes: number,
  siteUrl: string | undefined,
  now: Date,
): AlertMessage {
  const moved =
    to !== undefined && to !== from
      ? `It is reassigned from ${from ?? 'nobody'} to ${to}.`
      : `Nobody else is available: it stays with ${from ?? 'nobody'}.`
  return {
    subject: `Late: ${who(lead)} has no first contact after ${minutes} minutes`,
    body: [
      `A lead has waited ${minutes} business minutes without a first contact (${businessTimeLabel(now)}). ${moved}`,
      `Open it: ${leadLink(siteUrl, lead.id)}`,
      '',
      ...leadLines(lead),
    ].join('\n'),
  }
}

/** The new assignee's message when a late lead is moved to them: theirs now, already late. */
export function reassignedAlert(
  lead: LeadAlertFacts,
  from: string | undefined,
  minutes: number,
  siteUrl: string | undefined,
  now: Date,
): AlertMessage {
  return {
    subject: `Yours now: ${who(lead)} has waited ${minutes} minutes for a first contact`,
    body: [
      `A lead has waited ${minutes} business minutes without a first contact (${businessTimeLabel(now)}): it is moved from ${from ?? 'nobody'} to you. Please call first.`,
      `Open it: ${leadLink(siteUrl, lead.id)}`,
      '',
      ...leadLines(lead),
    ].join('\n'),
  }
}

/** What a push to a staff device says of a lead: no name, phone or e-mail (push-subscription.ts). */
export interface LeadPush {
  readonly title: string
  readonly body: string
  readonly url: string
  /** The lead it opens (the push relay sends it by this id, functions/alerts/push-relay.ts). */
  readonly leadId: string
}

const pushTitles = {
  new: 'New lead for you',
  unassigned: 'New lead: nobody is assigned',
  reminder: 'Reminder: a lead is waiting for a first contact',
  escalated: 'Late: a lead has no first contact',
  reassigned: 'Yours now: a late lead has no first contact',
  callback: 'Call-back due now',
} as const

/** What a push can be about. */
export type LeadPushKind = keyof typeof pushTitles

/**
 * The push of an alert to one person's devices: what it is, the lead's category, capacity, PIN code and area,
 * and the workspace path a tap opens.
 */
export function leadPush(kind: LeadPushKind, lead: LeadAlertFacts): LeadPush {
  const area = lead.pincode ? stateOfPincode(lead.pincode) : undefined
  const parts = [
    lead.category
      ? quoteCategoryLabels[lead.category]
      : lead.kind === 'contact'
        ? 'Contact message'
        : undefined,
    lead.capacityKw !== undefined ? `${lead.capacityKw} kW` : undefined,
    lead.pincode ? `PIN ${lead.pincode}${area ? ` (${area})` : ''}` : undefined,
  ].filter((part): part is string => part !== undefined)
  return {
    title: pushTitles[kind],
    body: parts.join(', '),
    url: leadLink(undefined, lead.id),
    leadId: lead.id,
  }
}

/** The owners' one message for the alerts a busy sweep held back (beyond its limit per run). */
export function heldAlertsDigest(count: number, siteUrl: string | undefined, now: Date): AlertMessage {
  return {
    subject: `${count} more leads are waiting for a first contact`,
    body: [
      `The response clock reminded or escalated ${count} more leads at ${businessTimeLabel(now)} than it sends one by one.`,
      'Each is in its timeline and the activity log; the inbox lists them:',
      `${(siteUrl ?? '').replace(/\/+$/, '')}/admin/leads`,
    ].join('\n'),
  }
}
