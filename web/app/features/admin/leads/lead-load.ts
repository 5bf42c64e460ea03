import { leadIdPattern } from '@core/inbox-search'
import type { LeadAttemptInput } from '@core/lead-attempt-schema'
import type { LeadDetail } from '@core/lead-views'
import type { LeadChangeInput } from '@core/pipeline'
import type { VisitBookingInput, VisitChangeInput } from '@core/site-visit-schema'
import { visitMessages } from '~/features/admin/leads/visits-content'
import { AdminRequestError } from '~/features/admin/session/admin-client'
import { type ActionRefusal, actionRefusal } from '~/features/admin/shared/action-refusal'
import {
  addLeadAttempt,
  addLeadNote,
  fetchLead,
  leadMessages,
  mergeLead,
  updateLead,
} from '~/features/admin/shared/api/admin-leads'

/** The visits API loads with the visits card (lead-page.tsx), not with the page: only its actions need it. */
const visitsApi = () => import('~/features/admin/leads/api/admin-visits')

/** A lead's page as its route's loader read it. */
export type LeadLoad =
  | { readonly status: 'ready'; readonly detail: LeadDetail }
  | { readonly status: 'not-found' }
  | { readonly status: 'failed' }

/**
 * The lead with its timeline, for the route's clientLoader (read again after every change, through the
 * action). An id that cannot be one, or one the API does not know, is not found; a 401 ends the session.
 */
export async function loadLead(id: string, signal: AbortSignal): Promise<LeadLoad> {
  if (!leadIdPattern.test(id)) return { status: 'not-found' }
  try {
    return { status: 'ready', detail: await fetchLead(id, { signal }) }
  } catch (error) {
    if (!(error instanceof AdminRequestError)) throw error
    return error.status === 404 || error.status === 400 ? { status: 'not-found' } : { status: 'failed' }
  }
}

/** What the lead page's forms send. */
export type LeadIntent =
  | { readonly intent: 'change'; readonly change: LeadChangeInput }
  | { readonly intent: 'note'; readonly text: string }
  | { readonly intent: 'attempt'; readonly attempt: LeadAttemptInput }
  | { readonly intent: 'merge'; readonly from: string }
  | { readonly intent: 'visit-book'; readonly booking: VisitBookingInput }
  | { readonly intent: 'visit-change'; readonly visitId: string; readonly change: VisitChangeInput }

/** The outcome of one action: done, or refused with the server's message and per-field messages. */
export type LeadActionResult = { readonly ok: true } | ActionRefusal

/**
 * One action of the lead page: a change (status, assignee, follow-up) PATCHes the lead with the version the
 * page read; a note and a contact attempt (with its next step) are POSTed to its timeline. A refusal is answered, not thrown, so the form can show it.
 */
export async function runLeadAction(id: string, intent: LeadIntent): Promise<LeadActionResult> {
  try {
    if (intent.intent === 'note') await addLeadNote(id, intent.text)
    else if (intent.intent === 'attempt') await addLeadAttempt(id, intent.attempt)
    else if (intent.intent === 'merge') await mergeLead(id, intent.from)
    else if (intent.intent === 'visit-book') await (await visitsApi()).bookVisit(id, intent.booking)
    else if (intent.intent === 'visit-change')
      await (await visitsApi()).changeVisit(id, intent.visitId, intent.change)
    else await updateLead(id, intent.change)
    return { ok: true }
  } catch (error) {
    const failure =
      intent.intent === 'note'
        ? leadMessages.noteFailed
        : intent.intent === 'attempt'
          ? leadMessages.attemptFailed
          : intent.intent === 'merge'
            ? leadMessages.mergeFailed
            : intent.intent === 'visit-book'
              ? visitMessages.bookFailed
              : intent.intent === 'visit-change'
                ? visitMessages.changeFailed
                : leadMessages.updateFailed
    return actionRefusal(error, failure)
  }
}

/**
 * Whether the lead is read again after an action: when it changed, or when someone else had changed it (a
 * 409); not after a refusal, which leaves the page as it was read, with the form's messages beside it.
 */
export function leadChanged(result: LeadActionResult): boolean {
  return result.ok || (!('expired' in result) && result.status === 409)
}
