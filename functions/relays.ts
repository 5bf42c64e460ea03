/**
 * THE table of the functions the staff topic delivers to: work that runs on a message the functions publish
 * (functions/lib/notify.ts) rather than on a request or a clock. The CDK stack creates one Lambda per entry,
 * subscribed to the staff topic with a filter policy that takes only the messages carrying
 * `requiredAttribute`, and grants it exactly its `access` (the same words and partition-scoped IAM as a
 * route's, functions/routes.ts); the bundler builds its handler beside the routes'; the local stand-in calls
 * the same bundle for each message it keeps in its outbox (infra/local/server.ts). Nothing else lists them.
 */
import { pushSending } from './lib/db/partition-access'
import { pushAttributes } from './lib/notify'
import type { ApiRoute } from './routes'

export interface TopicFunction {
  /** Stable kebab-case id: the bundle folder (dist/functions/<id>) and the Lambda's construct id. */
  readonly id: string
  /** Handler module, relative to functions/ and without extension; it exports `handler`. */
  readonly handler: string
  /** What it does, for the function's description. */
  readonly description: string
  /** The message attribute a message must carry to be delivered to it (the subscription's filter policy). */
  readonly requiredAttribute: string
  /** What it may touch, in the words of a route's access. */
  readonly access: Pick<ApiRoute['access'], 'leads' | 'content' | 'pushKeys'>
  /** Lambda memory in MB (512 otherwise). */
  readonly memoryMb?: number
  /** Lambda timeout in seconds. */
  readonly timeoutSeconds: number
}

export const relays = [
  {
    id: 'push-relay',
    handler: 'alerts/push-relay',
    description: "Web Push: sends each staff alert about a lead to its recipient's (or the owners') devices",
    requiredAttribute: pushAttributes.leadId,
    // A push service may take its 5 s per device (web-push.ts); a few people's devices, one after another.
    timeoutSeconds: 30,
    access: {
      content: {
        // Who the owners are (the roster of the sales settings), for a message to the owners.
        SETTINGS: ['GetItem'],
        // The recipients' devices; a device gone from its push service leaves.
        ...pushSending,
      },
      pushKeys: true,
    },
  },
] as const satisfies readonly TopicFunction[]

export type RelayId = (typeof relays)[number]['id']
