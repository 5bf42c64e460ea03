import { maximumPasswordLength, minimumPasswordLength, recoveryCodeInputPattern } from '@core/admin'
import { contactLimits } from '@core/contact-fields'
import { leadIdPattern } from '@core/inbox-search'
import { contentLimits } from '@core/jobs-and-resources'
import { sourcePageMaxLength, utmMaxLength } from '@core/landing-utm'
import {
  attemptChannels,
  attemptNoteLimit,
  attemptOutcomes,
  messageTemplateLimits,
} from '@core/lead-attempts'
import { manualChannels, manualLeadNoteLimit } from '@core/lead-source'
import { leadStatuses, pipelineLimits } from '@core/pipeline'
import { privacyCaseLimits, privacyRequestFields } from '@core/privacy-requests'
import { maxPushEndpointLength } from '@core/push-subscription'
import { quoteLimits } from '@core/quote-fields'
import { visitAddressLimit, visitNoteLimit, visitSlots } from '@core/site-visits'
import { maxPresignedUploadBytes } from '@core/uploads'
import fc from 'fast-check'
import { signPrivacyLink } from '../../functions/lib/privacy/links'
import { functionEnv } from '../../functions/lib/store-definitions'
import type { routes } from '../../functions/routes'
import { validPushSubscription } from './fake-push-service'
import {
  type BodySpec,
  badEmail,
  brokenBase64,
  disallowedType,
  oddString,
  validUpload,
  validUploadUrlRequest,
} from './fuzz'
import { validContact, validManualLead, validQuote } from './leads'
import {
  otherLeadId,
  storedLeadId,
  storedPrivacyCaseItem,
  storedVisitId,
  validLeadAttempt,
  validLeadChange,
  validLeadNote,
  validVisitBooking,
  validVisitChange,
} from './workspace'

/**
 * One fixture per route of functions/routes.ts: how to call it as it should be called, and what the fuzz
 * breaks. The fuzz, fault, role, bad-token, no-Scan and partition-access suites all read this table; its type
 * names every route id, so a route added to the table does not compile until it has a fixture here (with a
 * value for each `{parameter}` of its path, and the faults of its body when it reads one).
 */
interface FixtureBase {
  /** The largest body the route accepts, where it is not the 64 KiB of every route (functions/lib/http.ts). */
  readonly maxBodyBytes?: number
  /** An admin list: the partition its `?limit=` pages and its `?cursor=` belongs to. */
  readonly listPartition?: string
  /** The route takes the inbox's filters as its query (functions/core/pipeline.ts inboxQuerySchema). */
  readonly inboxFilters?: true
}

/** A body the route accepts (as the tests' stores answer), and what breaks it; none for a route that reads none. */
type BodyFixture =
  | { readonly body: Readonly<Record<string, unknown>>; readonly bodyFaults: BodySpec }
  | { readonly body?: undefined; readonly bodyFaults?: undefined }

type Route = (typeof routes)[number]
/** The names of a path template's parameters: `/api/admin/leads/{id}/notes` → `'id'`. */
type PathParameterName<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParameterName<Rest>
  : never
/** Values naming what the tests' stores hold (the stored lead, the user asha, an export kind or format). */
type PathFixture<R extends Route> = [PathParameterName<R['path']>] extends [never]
  ? { readonly pathParameters?: undefined }
  : { readonly pathParameters: Readonly<Record<PathParameterName<R['path']>, string>> }

export type RouteFixture = FixtureBase &
  BodyFixture & { readonly pathParameters?: Readonly<Record<string, string>> | undefined }
type RouteFixtures = { readonly [R in Route as R['id']]: FixtureBase & BodyFixture & PathFixture<R> }

const storedLead = { id: storedLeadId }
const storedPrivacyCase = { id: storedPrivacyCaseItem.id }

/** Endpoints a push subscription may not have: not https, an address or local name, credentials. */
const badPushEndpoint = fc.constantFrom(
  'http://push.example.com/send/1',
  'ftp://push.example.com/send/1',
  'https://127.0.0.1/send/1',
  'https://169.254.169.254/latest',
  'https://[::1]/send/1',
  'https://localhost/send/1',
  'https://push.localhost/send/1',
  'https://metadata.internal/send/1',
  'https://user:secret@push.example.com/send/1',
  'push.example.com/send/1',
)

const job = {
  body: { title: 'Site engineer', location: 'Pune' },
  bodyFaults: {
    required: ['title'],
    text: {
      title: contentLimits.title,
      location: contentLimits.location,
      employment_type: contentLimits.employment_type,
      department: contentLimits.department,
      description: contentLimits.description,
      requirements: contentLimits.requirements,
    },
  },
} as const satisfies BodyFixture

const resource = {
  body: { title: 'Guide' },
  bodyFaults: {
    required: ['title'],
    text: {
      title: contentLimits.title,
      resource_type: contentLimits.resource_type,
      file_url: contentLimits.file_url,
      description: contentLimits.description,
    },
    invalid: {
      file_url: fc.constantFrom(
        'javascript:alert(1)',
        'JAVASCRIPT:alert(1)',
        'data:text/html,<script>alert(1)</script>',
        'vbscript:x',
        'ftp://example.com/a',
        '//evil.example/x',
        '/files/',
        '/etc/passwd',
        'files/x.pdf',
        'https://',
        'https:// evil',
        '\u0000/files/x',
        // `/files/` URLs that are no upload of ours, or name no stored file: refused before anything is stored.
        '/files/exports/1767225600000-0b5c/quotes.csv',
        '/files/resources/nested/a.pdf',
        '/files/resources/1-never-uploaded.pdf',
      ),
    },
  },
} as const satisfies BodyFixture

/** The page and UTM values the public forms send (functions/core/lead-source.ts), and values they refuse. */
const trackingLimits = {
  page: sourcePageMaxLength,
  utmSource: utmMaxLength,
  utmMedium: utmMaxLength,
  utmCampaign: utmMaxLength,
  utmTerm: utmMaxLength,
  utmContent: utmMaxLength,
}
const trackingFaults = {
  page: fc.constantFrom('get-quote', 'https://evil.example/', '/a?b=c', '/<script>', 5),
  utmSource: fc.constantFrom('<script>', 'a"b', 'x;y', 'new\nline', 7, ['google']),
  utmCampaign: fc.constantFrom('{}', 'a=b&c', '`x`'),
}

/** The age box must be ticked: true only. */
const boxFaults = { adult: fc.constantFrom(false, 'true', 1, 'yes', null, [true]) }
/** A consent to one purpose is true or false (not sent is false): anything else is refused. */
const notABox = fc.constantFrom('true', 'on', 1, 0, [true], { value: true })

/** The lead forms read at most 16 KiB (functions/lib/lead-http.ts). */
const leadFormMaxBodyBytes = 16 * 1024

/**
 * A newsletter confirmation link's token for the subscriber of the fixtures, signed when this module loads
 * with the consent key set then (the unit project's, test/support/env.ts; it works for a week). Where none is
 * set yet (the integration project sets its key when its engines start, after this loads), a text that is no
 * token: those suites send only the fixture's faults to this route.
 */
export const validNewsletterToken = process.env[functionEnv.consentKey]
  ? await signPrivacyLink('newsletter-confirm', 'email:asha@example.com')
  : 'signed-when-a-consent-key-is-set'
/** The choices routes read at most 8 KiB (functions/lib/privacy/choices-http.ts). */
const privacyMaxBodyBytes = 8 * 1024
/**
 * A choices link's token as the bodies carry it: not one we signed, so the valid call is refused (400); the
 * fault, access and integration tests sign a real one (functions/lib/privacy/links.ts) where they need it.
 */
export const unsignedChoicesToken = 'not-a-signed-choices-link'
/** Consents that are none of the two purposes, or not a list of them. */
const badPurposes = fc.constantFrom([], ['reply'], ['newsletter', 'newsletter'], 'newsletter', [1], [null])

export const routeFixtures: RouteFixtures = {
  'privacy-codes': {
    body: { email: 'asha@example.com' },
    maxBodyBytes: privacyMaxBodyBytes,
    bodyFaults: { required: ['email'], text: { email: contactLimits.email }, invalid: { email: badEmail } },
  },
  'privacy-open-choices': {
    body: { email: 'asha@example.com', code: '123456' },
    maxBodyBytes: privacyMaxBodyBytes,
    bodyFaults: {
      required: ['email', 'code'],
      text: { email: contactLimits.email, code: undefined },
      invalid: { email: badEmail, code: fc.constantFrom('12345', '1234567', 'abcdef', '12 34 5') },
    },
  },
  'privacy-choices': {
    body: { t: unsignedChoicesToken },
    maxBodyBytes: privacyMaxBodyBytes,
    bodyFaults: { required: ['t'], text: { t: 2048 } },
  },
  'privacy-withdraw': {
    body: { t: unsignedChoicesToken, purposes: ['newsletter'] },
    maxBodyBytes: privacyMaxBodyBytes,
    bodyFaults: { required: ['t', 'purposes'], text: { t: 2048 }, invalid: { purposes: badPurposes } },
  },
  // A form body (RFC 8058), not JSON: the fuzz's JSON bodies are all refused (415); the token is in the query.
  'privacy-one-click': { maxBodyBytes: privacyMaxBodyBytes },
  // The keep page's button: a keep request's token (the unsigned one is refused, 400).
  'privacy-keep': {
    body: { t: unsignedChoicesToken },
    maxBodyBytes: privacyMaxBodyBytes,
    bodyFaults: { required: ['t'], text: { t: 2048 } },
  },
  'create-contact': {
    body: validContact,
    maxBodyBytes: leadFormMaxBodyBytes,
    bodyFaults: {
      // A phone or an e-mail is needed, not both (a body without either is refused: test/unit/core/contact.test.ts);
      // the message is optional.
      required: ['name', 'subject', 'adult'],
      text: { ...contactLimits, ...trackingLimits },
      invalid: {
        ...trackingFaults,
        ...boxFaults,
        whatsappUpdates: notABox,
        newsletterOffers: notABox,
        // A blank e-mail beside a phone is an e-mail not given (the form sends empty fields), not a bad one.
        email: badEmail.filter((value) => value.trim() !== ''),
        phone: fc.constantFrom('abc', '12', '+', '98765 4321x', '((((', '+ ', '1234'),
      },
    },
  },
  'create-quote': {
    body: validQuote,
    maxBodyBytes: leadFormMaxBodyBytes,
    bodyFaults: {
      required: ['category', 'name', 'whatsapp', 'pincode', 'bill', 'agree', 'adult'],
      text: {
        name: quoteLimits.name,
        whatsapp: 20,
        pincode: 10,
        bill: quoteLimits.bill,
        estimatedCost: 40,
        ...trackingLimits,
      },
      invalid: {
        ...trackingFaults,
        category: oddString.filter((text) => !['residential', 'housing', 'commercial'].includes(text)),
        agree: fc.oneof(fc.constantFrom(false, 'true', 1, 'yes', null, [true], { value: true })),
        ...boxFaults,
        whatsappUpdates: notABox,
        pincode: fc.constantFrom('012345', '12345', '1234567', 'abcdef', '50008١'),
        whatsapp: fc.constantFrom(
          '12345',
          '5876543210',
          '+1 98765 43210',
          '98765432100',
          '９８７６５４３２１０',
        ),
        bill: fc.constantFrom('-1', 'abc', ',100', '0x10', '1e3', '١٢٣'),
        gstMode: fc.constantFrom('next', '', 'CURRENT', 0, null),
        capacityKw: fc.constantFrom(-1, 0, 4.5, 1e9, 'five', '5kW', [5], { kw: 5 }, true),
        billRange: fc.constantFrom('0-1', 'any', '3500-4500x', 7, true),
        report: fc.constantFrom(
          'report',
          5,
          [1],
          {},
          { bill: '2500', pincode: '50008' },
          { bill: -1, pincode: '500081' },
          { pincode: '500081' },
          { capacityKw: 9, pincode: '500081' },
          { bill: 2500, pincode: '500081', roofSqft: -10 },
          { category: 'industrial', bill: 2500, pincode: '500081' },
        ),
      },
    },
  },
  'subscribe-newsletter': {
    body: { email: 'asha@example.com', adult: true },
    maxBodyBytes: leadFormMaxBodyBytes,
    bodyFaults: {
      required: ['email', 'adult'],
      text: { email: contactLimits.email },
      invalid: { email: badEmail, ...boxFaults },
    },
  },
  'confirm-newsletter': {
    body: { t: validNewsletterToken },
    maxBodyBytes: leadFormMaxBodyBytes,
    bodyFaults: {
      required: ['t'],
      text: { t: 2048 },
      // Not a token we signed, or one for another use: refused like a missing one.
      invalid: { t: fc.constantFrom('x', 'a.b.c.d.e', 1, null, [validNewsletterToken]) },
    },
  },
  'admin-login': {
    body: { username: 'asha', password: 'a long test password' },
    bodyFaults: {
      required: ['username', 'password'],
      text: { username: 64, password: 256 },
      // The code, when sent, is a TOTP code (6 digits) or a recovery code (`k7m2p-x9q4r`): anything else is
      // refused before the password is checked.
      invalid: {
        code: fc.oneof(
          fc.constantFrom('', '12345', '1234567', 'abcdef', '12 345', ' 123456', '١٢٣٤٥٦', 123456, null, [
            '123456',
          ]),
          oddString.filter((text) => !/^\d{6}$/.test(text) && !recoveryCodeInputPattern.test(text)),
        ),
      },
    },
  },
  'admin-logout': {},
  'admin-list-contacts': { listPartition: 'CONTACT' },
  'admin-list-quotes': { listPartition: 'QUOTE' },
  'admin-list-newsletter': { listPartition: 'NEWSLETTER' },
  'admin-analytics': {},
  'admin-list-jobs': { listPartition: 'JOB' },
  'admin-create-job': job,
  // An edit takes the whole item, as the create does.
  'admin-update-job': { ...job, pathParameters: storedLead },
  'admin-delete-job': { pathParameters: storedLead },
  'admin-list-resources': { listPartition: 'RESOURCE' },
  'admin-create-resource': resource,
  'admin-update-resource': { ...resource, pathParameters: storedLead },
  'admin-delete-resource': { pathParameters: storedLead },
  'list-jobs': {},
  'list-resources': {},
  'admin-export-kind': { pathParameters: { kind: 'quotes' } },
  'admin-export-all': {},
  'admin-export-leads': { pathParameters: { format: 'csv' }, inboxFilters: true },
  'admin-upload': {
    body: validUpload,
    maxBodyBytes: 6 * 1024 * 1024,
    bodyFaults: {
      required: ['path', 'file_base64', 'contentType'],
      text: { bucket: undefined, path: 1024, file_base64: undefined, contentType: 255 },
      invalid: {
        bucket: oddString.filter((text) => text !== 'resources'),
        file_base64: brokenBase64,
        contentType: disallowedType,
      },
    },
  },
  'admin-upload-url': {
    body: validUploadUrlRequest,
    bodyFaults: {
      required: ['fileName', 'contentType', 'size'],
      text: { fileName: 1024, contentType: 255 },
      invalid: {
        contentType: disallowedType,
        size: fc.constantFrom(0, -1, 1.5, '6000000', null, [6_000_000], maxPresignedUploadBytes + 1),
      },
    },
  },
  'admin-activity': { listPartition: 'AUDIT' },
  // The breach drill: a day's window long past (no test clock reaches it), every account.
  'admin-breach-report': {
    body: { from: '2025-06-01T09:00:00+05:30', to: '2025-06-02T09:00:00+05:30' },
    bodyFaults: {
      required: ['from', 'to'],
      text: { from: undefined, to: undefined, awareAt: undefined, user: 64 },
      invalid: {
        from: fc.constantFrom(
          '2025-02-30T00:00Z',
          '2025-06-01',
          '2025-06-01T09:00',
          'yesterday',
          '2025-06-03T00:00Z',
        ),
        to: fc.constantFrom('2025-01-01T00:00Z', '2099-01-01T00:00Z', '2025-06-01T09:00+05:30'),
        awareAt: fc.constantFrom('2025-05-01T00:00Z', '2099-01-01T00:00Z', 'now'),
        user: fc.constantFrom('a b', 'x', 'none'),
        accesses: fc.constantFrom('viewed', ['stolen'], [], 5, [1], ['viewed', null]),
      },
    },
  },
  // With no filter, the inbox reads its INBOX partition.
  'admin-list-leads': { listPartition: 'INBOX', inboxFilters: true },
  'admin-create-lead': {
    body: validManualLead,
    bodyFaults: {
      required: ['kind', 'channel', 'name', 'whatsapp'],
      text: {
        kind: undefined,
        channel: undefined,
        name: quoteLimits.name,
        whatsapp: 20,
        pincode: 6,
        siteAddress: quoteLimits.siteAddress,
        note: manualLeadNoteLimit,
      },
      invalid: {
        kind: oddString.filter((text) => !['quote', 'contact'].includes(text)),
        channel: oddString.filter((text) => !(manualChannels as readonly string[]).includes(text)),
        contacted: fc.constantFrom('yes', 1, null, [true]),
        whatsapp: fc.constantFrom('12345', '+1 98765 43210', 'call me'),
        pincode: fc.constantFrom('012345', '12345', 'abcdef'),
        capacityKw: fc.constantFrom(-1, 4.5, 'five'),
      },
    },
  },
  'admin-lead-stats': {},
  'admin-response-figures': {},
  'admin-get-lead': { pathParameters: storedLead },
  'admin-update-lead': {
    body: validLeadChange,
    pathParameters: storedLead,
    bodyFaults: {
      required: ['version'],
      text: {
        status: undefined,
        lostReason: undefined,
        lostNote: pipelineLimits.lostNote,
        assignee: 64,
        followUpOn: 10,
      },
      invalid: {
        version: fc.constantFrom(-1, 1.5, '0', null, [0], Number.MAX_VALUE * 2),
        status: oddString.filter((text) => !(leadStatuses as readonly string[]).includes(text)),
        lostReason: fc.constantFrom('price', 'nope', ''),
        followUpOn: fc.constantFrom(
          '2026-02-30',
          '2026-13-01',
          '26-01-01',
          'tomorrow',
          '2026-1-1',
          '',
          20260101,
        ),
        assignee: fc.constantFrom('', 'a', 'bad name', '../admin', 'x'.repeat(65)),
      },
    },
  },
  'admin-add-lead-note': {
    body: validLeadNote,
    pathParameters: storedLead,
    bodyFaults: {
      required: ['text'],
      text: { text: pipelineLimits.note },
      invalid: { text: fc.constantFrom('', '   ', '\n\t') },
    },
  },
  'admin-add-lead-attempt': {
    // Named after a template: the route reads the owners' templates to refuse an offer without consent.
    body: { ...validLeadAttempt, template: 'Quote' },
    pathParameters: storedLead,
    bodyFaults: {
      required: ['channel', 'outcome'],
      text: {
        channel: undefined,
        outcome: undefined,
        note: attemptNoteLimit,
        callbackAt: 40,
        status: undefined,
        followUpAt: 40,
        template: messageTemplateLimits.name,
      },
      invalid: {
        channel: oddString.filter((text) => !(attemptChannels as readonly string[]).includes(text)),
        outcome: oddString.filter((text) => !(attemptOutcomes as readonly string[]).includes(text)),
        // A call-back time without the outcome "Call back".
        callbackAt: fc.constant('2099-01-01T10:00:00+05:30'),
        status: oddString.filter((text) => !(leadStatuses as readonly string[]).includes(text)),
        followUpAt: fc.constantFrom(
          '2020-01-01T10:00:00Z',
          '2026-02-30T10:00+05:30',
          '2026-12-01',
          '2026-12-01T25:00Z',
          '2026-12-01T10:00',
          'tomorrow',
          '',
          20261201,
        ),
      },
    },
  },
  'admin-merge-leads': {
    body: { from: otherLeadId },
    pathParameters: storedLead,
    bodyFaults: {
      required: ['from'],
      text: { from: 36, confirm: undefined },
      invalid: {
        from: oddString.filter((text) => !leadIdPattern.test(text.trim())),
        confirm: fc.constantFrom(false, 'yes', 'true', 1, null),
      },
    },
  },
  'admin-book-visit': {
    body: validVisitBooking,
    pathParameters: storedLead,
    bodyFaults: {
      required: ['date', 'slot', 'engineer'],
      text: {
        date: undefined,
        slot: undefined,
        engineer: 64,
        address: visitAddressLimit,
        notes: visitNoteLimit,
      },
      invalid: {
        date: fc.constantFrom('2020-01-01', '2026-02-30', '2099-01-01', 'tomorrow', '', '01-12-2026'),
        slot: oddString.filter((text) => !(visitSlots as readonly string[]).includes(text)),
        engineer: fc.constantFrom('a b', 'x', 'none', '<script>'),
      },
    },
  },
  'admin-change-visit': {
    body: validVisitChange,
    pathParameters: { id: storedLeadId, visitId: storedVisitId },
    bodyFaults: {
      required: ['action', 'sequence'],
      text: { action: undefined, reason: visitNoteLimit },
      invalid: {
        action: oddString.filter((text) => text !== 'cancel' && text !== 'reschedule'),
        sequence: fc.constantFrom(-1, 0.5, '0', null),
      },
    },
  },
  'admin-visit-calendar': { pathParameters: { id: storedLeadId, visitId: storedVisitId } },
  'admin-list-visits': {},
  'admin-list-users': {},
  'admin-mfa-enrol': {},
  'admin-mfa-confirm': {
    // A code of the right shape; the suites that get past the code send the one of their moment.
    body: { code: '123456' },
    bodyFaults: {
      required: ['code'],
      text: { code: 6 },
      // The confirming code is the authenticator's 6 digits only (a recovery code does not confirm an enrolment).
      invalid: {
        code: fc.oneof(
          fc.constantFrom('', '12345', '1234567', 'abcde-fghjk', ' 123456', '١٢٣٤٥٦', 123456, null, [
            '123456',
          ]),
          oddString.filter((text) => !/^\d{6}$/.test(text)),
        ),
      },
    },
  },
  'admin-unlock-user': { pathParameters: { username: 'asha' } },
  'admin-get-settings': {},
  'admin-change-password': {
    // A full session's change: the tests' stores hold asha with the test password (a long test password).
    body: { password: 'a new long test password', currentPassword: 'a long test password' },
    bodyFaults: {
      required: ['password'],
      // Only the new password is broken here: a current password that is wrong but well formed is a failed
      // sign-in, which the activity log records by design (test/integration/one-time-password.test.ts), and this
      // fuzz checks that a refusal writes nothing.
      text: { password: maximumPasswordLength },
      // Under the CLI's minimum, or the password the user has now.
      invalid: {
        password: fc.constantFrom('', 'short', 'x'.repeat(minimumPasswordLength - 1), 'a long test password'),
      },
    },
  },
  'admin-create-user': {
    body: { username: 'kiran', role: 'sales', email: 'kiran@example.com' },
    bodyFaults: {
      required: ['username', 'role', 'email'],
      text: {},
      invalid: {
        username: fc.constantFrom('ab', 'a b', 'x'.repeat(65), '<script>', ''),
        role: fc.constantFrom('Owner', 'admin', '', 1),
        email: badEmail,
      },
    },
  },
  'admin-update-user': {
    pathParameters: { username: 'ravi' },
    body: { role: 'viewer', email: 'ravi@example.com' },
    bodyFaults: {
      required: [],
      text: {},
      invalid: { role: fc.constantFrom('Owner', 'admin', '', 1), email: badEmail },
    },
  },
  'admin-delete-user': { pathParameters: { username: 'ravi' } },
  'admin-get-away': {},
  'admin-message-templates': {},
  'admin-push-status': {},
  'admin-add-push-subscription': {
    body: validPushSubscription(),
    bodyFaults: {
      required: ['endpoint', 'keys'],
      text: { endpoint: maxPushEndpointLength },
      invalid: {
        endpoint: badPushEndpoint,
        keys: fc.constantFrom(
          {},
          { p256dh: 'B', auth: 'x' },
          { p256dh: validPushSubscription().keys.p256dh },
          'keys',
          [],
        ),
      },
    },
  },
  'admin-delete-push-subscription': {
    body: { endpoint: validPushSubscription().endpoint },
    bodyFaults: {
      required: ['endpoint'],
      text: { endpoint: maxPushEndpointLength },
      invalid: { endpoint: badPushEndpoint },
    },
  },
  'admin-set-away': {
    body: { away: true },
    bodyFaults: {
      required: ['away'],
      text: {},
      invalid: { away: fc.constantFrom('yes', 'true', 1, 0, null, []) },
    },
  },
  'admin-update-settings': {
    body: {
      version: 0,
      // Named people are checked against the staff records (test/unit/functions/settings.test.ts); the
      // suites' stores hold no roster, so the valid call names none.
      territories: [],
      calendar: {
        hours: [null, ...Array.from({ length: 6 }, () => ({ open: '09:00', close: '19:00' }))],
        holidays: ['2026-12-25'],
      },
    },
    bodyFaults: {
      required: ['version', 'calendar'],
      text: {},
      invalid: {
        version: fc.constantFrom(-1, 1.5, '1', null),
        territories: fc.constantFrom(
          [{ prefix: '50a', username: 'asha' }],
          [{ prefix: '1234567', username: 'asha' }],
          [
            { prefix: '500', username: 'asha' },
            { prefix: '5001', username: 'asha' },
          ],
          [{ prefix: '500', username: 'nobody' }],
          'all',
        ),
        calendar: fc.constantFrom(
          { hours: [null, { open: '19:00', close: '09:00' }, null, null, null, null, null] },
          { hours: [null, null, null, null, null, null, null] },
          { hours: [] },
          { hours: Array.from({ length: 7 }, () => null), holidays: ['2026-02-30'] },
        ),
      },
    },
  },
  'privacy-request-code': {
    body: { email: 'asha@example.com' },
    bodyFaults: { required: ['email'], text: { email: contactLimits.email }, invalid: { email: badEmail } },
  },
  'privacy-create-request': {
    body: { email: 'asha@example.com', code: '123456', kind: 'summary' },
    bodyFaults: {
      required: ['email', 'code', 'kind'],
      text: {
        email: contactLimits.email,
        code: privacyRequestFields.code.maxLength,
        kind: undefined,
        details: privacyRequestFields.details.maxLength,
        nominee: privacyRequestFields.nominee.maxLength,
      },
      invalid: {
        email: badEmail,
        code: fc.constantFrom('12345', '1234567', 'abcdef', '12 34 5', '١٢٣٤٥٦'),
        kind: fc.constantFrom('delete', 'SUMMARY', '', 1, null),
      },
    },
  },
  'admin-list-privacy-cases': {},
  'admin-open-privacy-case': {
    body: { kind: 'erasure', name: 'Ravi Kumar', phone: '98765 43210' },
    bodyFaults: {
      required: ['kind', 'name'],
      text: {
        kind: undefined,
        name: 120,
        phone: 20,
        email: contactLimits.email,
        details: privacyRequestFields.details.maxLength,
        nominee: privacyRequestFields.nominee.maxLength,
      },
      invalid: {
        phone: fc.constantFrom('12345', '5876543210', 'call me'),
        // Optional here: a blank or null address is one not given (the phone then reaches the person), not a
        // bad one.
        email: badEmail.filter(
          (text) => text !== null && text !== undefined && (typeof text !== 'string' || text.trim() !== ''),
        ),
      },
    },
  },
  'admin-get-privacy-case': { pathParameters: storedPrivacyCase },
  'admin-reply-privacy-case': {
    body: { decision: 'granted', reply: 'Here is what we hold about you.' },
    pathParameters: storedPrivacyCase,
    bodyFaults: {
      required: ['decision', 'reply'],
      text: {
        decision: undefined,
        reason: privacyCaseLimits.reason,
        reply: privacyCaseLimits.reply,
      },
      invalid: { decision: fc.constantFrom('yes', 'GRANTED', '', 0, null) },
    },
  },
  'admin-erase-privacy-case': {
    body: { confirm: true },
    pathParameters: storedPrivacyCase,
    bodyFaults: {
      required: [],
      text: {},
      invalid: { confirm: fc.constantFrom(false, 'yes', 'true', 1, null) },
    },
  },
  'admin-withdraw-privacy-case': {
    body: { purposes: ['whatsapp-updates', 'newsletter'], calledBack: true },
    pathParameters: storedPrivacyCase,
    bodyFaults: {
      required: ['purposes', 'calledBack'],
      text: {},
      invalid: {
        purposes: fc.constantFrom([], ['sms'], ['newsletter', 'newsletter'], 'newsletter', null),
        calledBack: fc.constantFrom(false, 'yes', 'true', 1, null),
      },
    },
  },
}

/** The fixture of a route (typed for any route: the table above is what checks each one). */
export function fixtureOf(id: keyof RouteFixtures): RouteFixture {
  return routeFixtures[id]
}

/** The valid call of a route: its fixture's body and path parameters, as `apiEvent` takes them. */
export function validCall(id: keyof RouteFixtures): {
  readonly body?: Readonly<Record<string, unknown>>
  readonly pathParameters?: Record<string, string>
} {
  const { body, pathParameters } = fixtureOf(id)
  return {
    ...(body === undefined ? {} : { body }),
    ...(pathParameters === undefined ? {} : { pathParameters: { ...pathParameters } }),
  }
}
