import { apiRoutes } from 'virtual:api-routes'
import type {
  AnalyticsTotals,
  ExportLinkReply,
  LoginReply,
  MfaConfirmReply,
  MfaEnrolmentReply,
  Page,
  StaffUser,
  UploadReply,
  UploadUrlReply,
} from '@core/api-types'
import type { AuditEntry } from '@core/audit'
import type { BreachReportReply } from '@core/breach-report'
import type { ContactInput } from '@core/contact-fields'
import type { JobInput, ResourceInput } from '@core/jobs-and-resources'
import type { LeadAttemptInput } from '@core/lead-attempt-schema'
import type { MessageTemplatesReply } from '@core/lead-attempts'
import type { LeadMergeInput } from '@core/lead-merge'
import type { ManualLeadRequest } from '@core/manual-lead-schema'
import type {
  InboxPage,
  LeadAttemptReply,
  LeadChangeInput,
  LeadDetail,
  LeadEvent,
  LeadNoteInput,
  LeadStats,
} from '@core/pipeline'
import type { QuoteInput } from '@core/quote-fields'
import type { StaffRole } from '@core/roles'
import type { OwnAwayReply, SalesSettingsReply } from '@core/sales-settings'
import type { SalesSettingsInput } from '@core/sales-settings-schema'
import type { VisitBookingInput, VisitChangeInput } from '@core/site-visit-schema'
import type { VisitPage, VisitReply } from '@core/site-visits'
import type { NewStaffUserInput, NewStaffUserReply } from '@core/staff-user-schema'
import type { HttpMethod, RouteId, routes } from '../../../../functions/routes'

/**
 * The web's typed API client: every path and method comes from the route table (functions/routes.ts), so
 * a route renamed there breaks the build here instead of a request at run time. Nothing in web/ writes an
 * API path itself.
 */

export type { HttpMethod, RouteId }

type TableRoute<Id extends RouteId> = Extract<(typeof routes)[number], { readonly id: Id }>

/** The `{name}` parameters of a path template. */
type PathParameters<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParameters<Rest>
  : never

/** The parameters a route's path needs, by name. */
export type ApiPathParams<Id extends RouteId> = Record<PathParameters<TableRoute<Id>['path']>, string>

/** The arguments after the id: the path's parameters when it has any, then an optional query. */
type PathArguments<Id extends RouteId> = [PathParameters<TableRoute<Id>['path']>] extends [never]
  ? [params?: undefined, query?: ApiQuery]
  : [params: ApiPathParams<Id>, query?: ApiQuery]

/** Query parameters; undefined values are left out. */
export type ApiQuery = Readonly<Record<string, string | undefined>>

function tableRoute(id: RouteId): (typeof apiRoutes)[number] {
  const route = apiRoutes.find((candidate) => candidate.id === id)
  if (!route) throw new Error(`Unknown API route: ${id}`)
  return route
}

/**
 * The URL of a route: its path from the table with each `{name}` filled in (URL-encoded), and the query.
 * `apiPath('admin-delete-job', { id })` gives the table's /api/admin/jobs/{id} with the id filled in.
 */
export function apiPath<Id extends RouteId>(id: Id, ...[params, query]: PathArguments<Id>): string {
  const values = (params ?? {}) as Record<string, string>
  const path = tableRoute(id).path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name]
    if (value === undefined) throw new Error(`API route ${id} needs the parameter ${name}`)
    return encodeURIComponent(value)
  })
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) search.set(key, value)
  const queryText = search.toString()
  return queryText === '' ? path : `${path}?${queryText}`
}

/** The HTTP method of a route, from the table. */
export function apiMethod<Id extends RouteId>(id: Id): TableRoute<Id>['method'] & HttpMethod {
  return tableRoute(id).method as TableRoute<Id>['method'] & HttpMethod
}

/**
 * What each route the web calls takes as its JSON body and answers when it succeeds (the shapes of
 * functions/core). Lists of the admin answer `Page<T>` of the stored item.
 */
export interface ApiShapes {
  'create-contact': { request: ContactInput; response: unknown }
  'create-quote': { request: QuoteInput; response: unknown }
  'subscribe-newsletter': { request: { email: string }; response: unknown }
  'admin-login': { request: { username: string; password: string; code?: string }; response: LoginReply }
  'admin-analytics': { request: never; response: AnalyticsTotals }
  'admin-create-job': { request: JobInput; response: unknown }
  'admin-create-resource': { request: ResourceInput; response: unknown }
  'admin-update-job': { request: JobInput; response: unknown }
  'admin-update-resource': { request: ResourceInput; response: unknown }
  'admin-upload': {
    request: { bucket: string; path: string; file_base64: string; contentType: string }
    response: UploadReply
  }
  'admin-upload-url': {
    request: { fileName: string; contentType: string; size: number }
    response: UploadUrlReply
  }
  'admin-activity': { request: never; response: Page<AuditEntry> }
  'admin-list-leads': { request: never; response: InboxPage }
  'admin-get-lead': { request: never; response: LeadDetail }
  'admin-lead-stats': { request: never; response: LeadStats }
  'admin-update-lead': { request: LeadChangeInput; response: LeadDetail['lead'] }
  'admin-add-lead-note': { request: LeadNoteInput; response: LeadEvent }
  'admin-add-lead-attempt': { request: LeadAttemptInput; response: LeadAttemptReply }
  'admin-create-lead': {
    request: ManualLeadRequest
    response: {
      readonly id: string
      readonly createdAt: string
      readonly reference?: string
      readonly assignee?: string
    }
  }
  'admin-merge-leads': { request: LeadMergeInput; response: LeadDetail['lead'] }
  'admin-list-users': { request: never; response: readonly StaffUser[] }
  'admin-mfa-enrol': { request: never; response: MfaEnrolmentReply }
  'admin-mfa-confirm': { request: { code: string }; response: MfaConfirmReply }
  'admin-unlock-user': { request: never; response: { cleared: number } }
  'admin-get-settings': { request: never; response: SalesSettingsReply }
  'admin-update-settings': { request: SalesSettingsInput; response: SalesSettingsReply }
  'admin-get-away': { request: never; response: OwnAwayReply }
  'admin-message-templates': { request: never; response: MessageTemplatesReply }
  'admin-create-user': { request: NewStaffUserInput; response: NewStaffUserReply }
  'admin-set-away': { request: { away: boolean }; response: OwnAwayReply }
  'admin-book-visit': { request: VisitBookingInput; response: VisitReply }
  'admin-change-visit': { request: VisitChangeInput; response: VisitReply }
  'admin-list-visits': { request: never; response: VisitPage }
  'admin-breach-report': {
    request: { from: string; to: string; awareAt?: string; user?: string }
    response: BreachReportReply
  }
  /**
   * The inbox's current view as leads.csv or leads.xlsx: the file itself, or a short-lived link to it when it
   * is too large for one reply (a JSON body). Takes the inbox's filters as its query.
   */
  'admin-export-leads': { request: never; response: Blob | ExportLinkReply }
}

/** Whether a signed-in `role` may call route `id`: the admin pages offer only what this allows. */
export function roleMayCall(role: StaffRole, id: RouteId): boolean {
  return tableRoute(id).roles?.includes(role) ?? true
}

/** The JSON body a route takes. */
export type ApiRequest<Id extends keyof ApiShapes> = ApiShapes[Id]['request']
/** The JSON a route answers on success. */
export type ApiResponse<Id extends keyof ApiShapes> = ApiShapes[Id]['response']
