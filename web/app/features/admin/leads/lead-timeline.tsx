import { attemptChannelLabels, attemptOutcomeLabels } from '@core/lead-attempts'
import type { LeadEvent } from '@core/lead-views'
import { leadStatusLabel, lostReasonLabels } from '@core/pipeline-rules'
import { leadCopy } from '~/features/admin/leads/content'
import { visitCopy } from '~/features/admin/leads/visits-content'
import { displayDate, displayDateTime } from '~/lib/format-date'

const valueOr = (value: string | null | undefined, none: string) => (value ? value : none)

/** What one entry of the timeline says. */
export function describeEvent(event: LeadEvent): string {
  switch (event.type) {
    case 'status': {
      const move = `${leadCopy.status}: ${event.from ? `${leadStatusLabel(event.from)} → ` : ''}${leadStatusLabel(event.to)}`
      const reason = event.lostReason
        ? ` (${lostReasonLabels[event.lostReason]}${event.text ? `: ${event.text}` : ''})`
        : ''
      return `${move}${reason}`
    }
    case 'assignee': {
      // The assignment rules say why ("territory 500", "round robin").
      const why = event.text ? ` (${event.text})` : ''
      return `${leadCopy.assignee}: ${valueOr(event.from, leadCopy.unassigned)} → ${valueOr(event.to, leadCopy.unassigned)}${why}`
    }
    case 'follow-up': {
      const to = event.followUpAt ? displayDateTime(event.followUpAt) : displayDate(event.to ?? undefined)
      return `${leadCopy.followUpOn}: ${valueOr(displayDate(event.from ?? undefined), leadCopy.none)} → ${valueOr(to, leadCopy.none)}`
    }
    case 'note':
      return event.text ?? ''
    case 'attempt': {
      const how = `${event.channel ? attemptChannelLabels[event.channel] : leadCopy.attempt}: ${event.outcome ? attemptOutcomeLabels[event.outcome] : ''}`
      return event.callbackAt ? `${how} ${displayDateTime(event.callbackAt)}` : how
    }
    case 'merge':
      return event.text ?? leadCopy.merged
    case 'visit': {
      const what = visitCopy.event[event.visitAction ?? 'booked']
      const slots = [event.from, event.to].filter(Boolean).join(' → ')
      return slots ? `${what}: ${slots}` : what
    }
  }
}

/**
 * The lead's history, newest first: each status move, assignment (with its reason), follow-up change, contact
 * attempt and note, who and when.
 */
export function LeadTimeline({ events }: { readonly events: readonly LeadEvent[] }) {
  if (events.length === 0) return <p className="text-sm text-muted">{leadCopy.noEvents}</p>
  const newestFirst = [...events].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
  return (
    <ol className="flex flex-col gap-3 border-l-2 border-brand-100 pl-4">
      {newestFirst.map((event) => (
        <li key={[event.at, event.by, event.type, event.to, event.text].join('\n')} className="text-sm">
          <p
            className={
              event.type === 'note' ? 'whitespace-pre-wrap break-words text-ink' : 'font-medium text-ink'
            }
          >
            {describeEvent(event)}
          </p>
          {/* An attempt's note, below what it was. */}
          {(event.type === 'attempt' || event.type === 'visit') && event.text ? (
            <p className="whitespace-pre-wrap break-words text-ink">{event.text}</p>
          ) : null}
          <p className="text-xs text-muted">
            {event.by} · <time dateTime={event.at}>{displayDateTime(event.at)}</time>
          </p>
        </li>
      ))}
    </ol>
  )
}
