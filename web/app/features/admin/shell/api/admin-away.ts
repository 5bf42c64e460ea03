import type { OwnAwayReply } from '@core/sales-settings'
import { adminCall, adminJson } from '~/features/admin/session/admin-client'
import { apiMethod, apiPath } from '~/lib/api/client'

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
  const route = 'admin-get-away'
  const response = await adminCall(apiPath(route), apiMethod(route), {
    signal,
    failure: awayMessages.readFailed,
  })
  return adminJson<OwnAwayReply>(response, awayMessages.readFailed)
}

/** PUT /api/admin/away: marks the signed-in staff member away now (true) or back (false). */
export async function saveOwnAway(away: boolean): Promise<OwnAwayReply> {
  const route = 'admin-set-away'
  const response = await adminCall(apiPath(route), apiMethod(route), {
    body: { away },
    failure: awayMessages.saveFailed,
  })
  return adminJson<OwnAwayReply>(response, awayMessages.saveFailed)
}
