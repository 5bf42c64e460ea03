import * as z from 'zod/mini'
import { pushEndpointProblem } from './push-subscription'

/** The request bodies of the push-subscription routes (the rules themselves: push-subscription.ts). */

const endpointSchema = z.string({ error: 'Send the subscription endpoint' }).check(
  z.refine((endpoint) => pushEndpointProblem(endpoint) === undefined, {
    error: (issue) => pushEndpointProblem(String(issue.input)) ?? 'Not a push endpoint',
  }),
)

/**
 * POST /api/admin/push-subscriptions: a browser's PushSubscription as its `toJSON()` gives it. `p256dh` is
 * the device's P-256 public key (65 bytes, uncompressed: base64url starting with B), `auth` its 16-byte
 * secret; both base64url, padding allowed.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: endpointSchema,
  keys: z.object(
    {
      p256dh: z
        .string({ error: 'Send keys.p256dh' })
        .check(z.regex(/^B[A-Za-z0-9_-]{86}=?$/, 'keys.p256dh must be a P-256 public key (base64url)')),
      auth: z
        .string({ error: 'Send keys.auth' })
        .check(z.regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'keys.auth must be 16 bytes (base64url)')),
    },
    { error: 'Send the subscription keys (p256dh, auth)' },
  ),
})
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>

/** DELETE /api/admin/push-subscriptions: the endpoint of the device that opts out. */
export const pushUnsubscribeSchema = z.object({ endpoint: endpointSchema })
