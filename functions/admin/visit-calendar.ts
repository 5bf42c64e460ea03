import { visitCalendarFile, visitCalendarFileName } from '@core/site-visits'
import { adminHandler } from '../lib/admin-http'
import { auditAdminAction } from '../lib/audit-http'
import { siteUrl } from '../lib/config'
import { visitOfLead } from '../lib/db/site-visits'
import { apiResponseHeaders } from '../lib/http'
import { visitIdOf } from './change-visit'
import { leadIdOf } from './get-lead'

/**
 * GET /api/admin/leads/{id}/visits/{visitId}/calendar.ics: the visit's calendar file (RFC 5545, text/calendar,
 * as an attachment), a cancelled visit's cancelling the event; 404 for no such lead or visit. It names the
 * lead and the address, so each download is recorded like an opening of the lead (`lead-view`).
 */
export const handler = adminHandler('admin-visit-calendar', async (request) => {
  const id = leadIdOf(request.pathParameters)
  const visitId = visitIdOf(request.pathParameters)
  const { visit, lead } = await visitOfLead(id, visitId)
  const file = visitCalendarFile(visit, lead, siteUrl(), new Date())
  await auditAdminAction(request, 'lead-view', id, `visit calendar ${visitId}`)
  return {
    statusCode: 200,
    headers: {
      ...apiResponseHeaders,
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': `attachment; filename="${visitCalendarFileName(visit)}"`,
    },
    body: file,
  }
})
