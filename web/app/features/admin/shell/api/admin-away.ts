import type { OwnAwayReply } from '@core/sales-settings'
import { adminRouteJson } from '~/features/admin/session/admin-client'

export const awayMessages = {
  readFailed: 'Whether you are away could not be read.',
  saveFailed: 'Your away was not changed.',
} as const

/** GET /api/admin/away (staff who may work leads): whether the signed-in staff member is away today. */
export async function fetchOwnAway({
  signal,
}: {
  readonly signal?: AbortSignal | undefined
} = {}): Promise<OwnAwayReply> {
  return adminRouteJson('admin-get-away', { signal, failure: awayMessages.readFailed })
}

/** PUT /api/admin/away: marks the signed-in staff member away now (true) or back (false). */
export async function saveOwnAway(away: boolean): Promise<OwnAwayReply> {
  return adminRouteJson('admin-set-away', { body: { away }, failure: awayMessages.saveFailed })
}
