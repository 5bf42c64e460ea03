/**
 * THE table of scheduled functions: work that runs on a clock rather than on a request. The CDK stack creates
 * one Lambda per entry with an EventBridge rule that invokes it every `everyMinutes`, and grants it exactly its
 * `access` (the same words and the same partition-scoped IAM as a route's, functions/routes.ts); the bundler
 * builds its handler beside the routes'; the local stand-in runs the same bundle on an interval
 * (SCHEDULE_SECONDS). Nothing else lists them.
 */
import { inboxIndexPartitions, onPartitions } from './lib/db/partition-access'
import type { ApiRoute } from './routes'

export interface ScheduledFunction {
  /** Stable kebab-case id: the bundle folder (dist/functions/<id>) and the Lambda's construct id. */
  readonly id: string
  /** Handler module, relative to functions/ and without extension; it exports `handler`. */
  readonly handler: string
  /** What it does, for the function's description. */
  readonly description: string
  /** Minutes between two runs in the cloud (an EventBridge rate); the stand-in's interval is SCHEDULE_SECONDS. */
  readonly everyMinutes: number
  /** What it may touch, in the words of a route's access (no secrets, uploads or exports). */
  readonly access: Pick<ApiRoute['access'], 'leads' | 'content' | 'notify' | 'pushKeys' | 'visitorMail'>
  /** Links the site's pages in its messages: the function gets SITE_URL. */
  readonly siteUrl?: boolean
  /** Lambda memory in MB (512 otherwise). */
  readonly memoryMb?: number
  /** Lambda timeout in seconds: less than `everyMinutes`, so two runs never overlap for long. */
  readonly timeoutSeconds: number
}

export const schedules = [
  {
    id: 'response-sweep',
    handler: 'sweep/response-sweep',
    description: 'Response clock: reminds, escalates and reassigns the leads waiting for a first contact',
    everyMinutes: 1,
    timeoutSeconds: 50,
    siteUrl: true,
    access: {
      leads: {
        // The waiting leads, read by clock start; marked as steps are done, deleted once answered.
        'INBOX#WAITING': ['Query', 'UpdateItem', 'DeleteItem'],
        // The lead itself: read, then each step under a condition (lib/response-sweep.ts).
        QUOTE: ['GetItem', 'UpdateItem'],
        CONTACT: ['GetItem', 'UpdateItem'],
        // A reassigned lead's inbox entries are rewritten; the old assignee's is deleted.
        ...onPartitions('leads', ['INBOX#ID', ...inboxIndexPartitions], ['PutItem']),
        'INBOX#ASSIGNEE': ['PutItem', 'DeleteItem'],
        // A reassignment is a change: the lead's retention entry moves with its last change.
        'INBOX#RETAIN': ['PutItem', 'DeleteItem'],
        // The call-backs and timed follow-ups whose time has come (today's range, one Query), and a
        // reassigned lead's entry.
        'INBOX#FOLLOWUP': ['PutItem', 'Query'],
        // A reassigned lead's response-time figure moves to its new assignee (response-figures.ts).
        FIGURES: ['UpdateItem'],
      },
      content: {
        // The rules, the roster and the round robin's pointers, as the lead forms read and move them.
        SETTINGS: ['BatchGetItem'],
        ROTATION: ['BatchGetItem', 'UpdateItem'],
        AUDIT: ['PutItem'],
      },
      // Its alerts reach the staff's devices through the topic's push relay (functions/relays.ts).
      notify: true,
    },
  },
  {
    id: 'retention-sweep',
    handler: 'sweep/retention-sweep',
    description:
      'Retention: asks or tells the people of leads falling due, erases those past their period (the retention index)',
    everyMinutes: 24 * 60,
    // The keep link of its ask and the choices link of every message point at the site.
    siteUrl: true,
    // A day's erasures and, after them, the rebuild of the lead figures (erase-person's).
    timeoutSeconds: 900,
    access: {
      leads: {
        // The lead itself: read, then deleted under a condition on its last change; counted and re-read by
        // the rebuild. A contact (the one form with an address) is also stamped with the sweep's ask or notice.
        QUOTE: ['GetItem', 'DeleteItem', 'Query'],
        CONTACT: ['GetItem', 'DeleteItem', 'Query', 'UpdateItem'],
        NEWSLETTER: ['Query'],
        // Its waiting entry and notes (db/erasure.ts eraseLeadTraces).
        'INBOX#WAITING': ['DeleteItem'],
        TIMELINE: ['Query', 'DeleteItem'],
        // The leads due (INBOX#RETAIN, by reason and last change: db/retention-index.ts) and stale entries,
        // its index entries; then the rebuild (db/reindex.ts) rewrites the others' and drops what is stale.
        ...onPartitions(
          'leads',
          ['INBOX#ID', ...inboxIndexPartitions, 'FIGURES', 'INBOX#VISIT'],
          ['Query', 'PutItem', 'DeleteItem'],
        ),
        COUNTER: ['Query', 'PutItem'],
      },
      content: {
        // The periods, with the other sales settings (one read, as the response sweep's).
        SETTINGS: ['BatchGetItem'],
        ROTATION: ['BatchGetItem'],
        AUDIT: ['PutItem'],
      },
      // The ask to an untouched open lead and the 48-hour notice (functions/lib/retention-sweep.ts).
      visitorMail: true,
    },
  },
] as const satisfies readonly ScheduledFunction[]

export type ScheduleId = (typeof schedules)[number]['id']
