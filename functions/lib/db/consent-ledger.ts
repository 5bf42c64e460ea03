import { createHash, createHmac } from 'node:crypto'
import type { ConsentChoice } from '@core/consent-choices'
import { normaliseEmail } from '@core/newsletter'
import { normaliseIndianMobile } from '@core/phone'
import {
  type ConsentPurpose,
  consentPurposes,
  type NoticeForm,
  type NoticeLanguage,
  noticeText,
  privacyNotice,
  privacyNoticeVersion,
} from '@core/privacy-notice'
import { consentKeys } from '../secrets'
import { tables } from '../store-definitions'
import type { Partition } from './partition-access'
import { putIfAbsent, queryPartition, withoutKey } from './partition-io'

/**
 * The consent ledger: the CONSENT partition of the content table, append-only. Each stored quote, contact
 * and newsletter signup writes one entry per purpose of its form and way to reach the person, with what the
 * form showed and what was chosen, the notice's version and the SHA-256 of its text in the language shown,
 * the form, the time and the client network. An entry is keyed by the HMAC-SHA256 of the normalised contact
 * under a key kept outside the table (functions/lib/secrets.ts consentKeys), so the ledger holds no
 * contact, outlives an erasure of the person's leads, and is found again from the phone or e-mail alone.
 * Written with a condition that nothing is there, never updated: a later withdrawal is an entry of its own.
 */
export const consentPartition = 'CONSENT' satisfies Partition<'content'>

const { partitionKey, sortKey } = tables.content

/** One entry of the ledger, as stored (without its key). */
export interface ConsentEntry extends ConsentChoice {
  /** HMAC-SHA256 (base64url) of the normalised contact, e.g. `phone:+91 98765 43210`. */
  readonly subject: string
  /** The key version the subject was computed with. */
  readonly keyId: string
  /** The form the choice was made on, or `choices` for a withdrawal (the page, its one-click link, or staff). */
  readonly form: NoticeForm | 'choices'
  /** A withdrawal's way in: the choices page, a message's one-click link, or staff after calling back. */
  readonly withdrawnVia?: WithdrawalWay
  readonly noticeVersion: string
  readonly noticeHash: string
  readonly language: NoticeLanguage
  /** Server time, ISO 8601. */
  readonly at: string
  /** The client network (client-ip.ts clientNetwork): an IPv4 address or an IPv6 /64. */
  readonly network: string
  /** The lead the choice came with (an id, no personal data; gone after an erasure); `none` for a withdrawal. */
  readonly leadId: string
}

/** How a withdrawal reached the company. */
export type WithdrawalWay = 'choices-page' | 'one-click' | 'staff'

/** The ways to reach a person an entry is found by: a mobile number, an e-mail address. */
export interface ConsentContacts {
  readonly phone?: string | undefined
  readonly email?: string | undefined
}

/** The forms are in English: the notice they link to binds in English. */
const shownLanguage: NoticeLanguage = 'en'

const noticeHashes = new Map<NoticeLanguage, string>()

/** SHA-256 (hex) of the notice's text in a language: the exact words noticeText gives. */
export function noticeHash(language: NoticeLanguage): string {
  let hash = noticeHashes.get(language)
  if (!hash) {
    hash = createHash('sha256')
      .update(noticeText(privacyNotice(language)))
      .digest('hex')
    noticeHashes.set(language, hash)
  }
  return hash
}

/** The normalised contacts an entry is keyed by: the phone in its one stored form, the e-mail lower-cased. */
export function normalisedContacts(contacts: ConsentContacts): string[] {
  const phone = contacts.phone?.trim()
  const email = contacts.email?.trim()
  return [
    ...(phone ? [`phone:${normaliseIndianMobile(phone)}`] : []),
    ...(email ? [`email:${normaliseEmail(email)}`] : []),
  ]
}

/** The ledger's subject of a normalised contact under a key: HMAC-SHA256, base64url. */
export function consentSubject(contact: string, key: string): string {
  return createHmac('sha256', key).update(contact).digest('base64url')
}

/**
 * Appends the entries of one stored form: each choice under each way to reach the person. A retry of the
 * same request writes the same keys, which the condition keeps as they are.
 */
export async function recordConsents(input: {
  readonly form: NoticeForm
  readonly choices: readonly ConsentChoice[]
  readonly contacts: ConsentContacts
  readonly leadId: string
  readonly at: string
  readonly network: string
}): Promise<ConsentEntry[]> {
  const { current } = await consentKeys()
  const entries = normalisedContacts(input.contacts).flatMap((contact) =>
    input.choices.map(
      (choice): ConsentEntry => ({
        ...choice,
        subject: consentSubject(contact, current.value),
        keyId: current.kid,
        form: input.form,
        noticeVersion: privacyNoticeVersion,
        noticeHash: noticeHash(shownLanguage),
        language: shownLanguage,
        at: input.at,
        network: input.network,
        leadId: input.leadId,
      }),
    ),
  )
  await Promise.all(
    entries.map((entry) =>
      putIfAbsent('content', {
        ...entry,
        [partitionKey]: consentPartition,
        [sortKey]: `${entry.subject}#${entry.at}#${entry.leadId}#${entry.purpose}`,
      }),
    ),
  )
  return entries
}

/** The words a withdrawal entry records as shown: what the person did. */
export const withdrawalShown: Readonly<Record<WithdrawalWay, string>> = {
  'choices-page': 'Withdrawn on the choices page',
  'one-click': "Withdrawn with a message's one-click link",
  staff: 'Withdrawn through staff, after calling the person back',
}

/**
 * Appends a withdrawal of each of `purposes` for each way to reach the person: entries of their own, never a
 * change to the entries that gave the consent.
 */
export async function recordWithdrawals(input: {
  readonly purposes: readonly ConsentPurpose[]
  readonly contacts: ConsentContacts
  readonly via: WithdrawalWay
  readonly at: string
  readonly network: string
}): Promise<ConsentEntry[]> {
  const { current } = await consentKeys()
  const entries = normalisedContacts(input.contacts).flatMap((contact) =>
    input.purposes.map(
      (purpose): ConsentEntry => ({
        purpose,
        basis: 'consent',
        given: false,
        shown: withdrawalShown[input.via],
        withdrawnVia: input.via,
        subject: consentSubject(contact, current.value),
        keyId: current.kid,
        form: 'choices',
        noticeVersion: privacyNoticeVersion,
        noticeHash: noticeHash(shownLanguage),
        language: shownLanguage,
        at: input.at,
        network: input.network,
        leadId: 'none',
      }),
    ),
  )
  await Promise.all(
    entries.map((entry) =>
      putIfAbsent('content', {
        ...entry,
        [partitionKey]: consentPartition,
        [sortKey]: `${entry.subject}#${entry.at}#withdrawal#${entry.purpose}`,
      }),
    ),
  )
  return entries
}

/** Where one consent stands for a person: the latest entry of its purpose decides. */
export interface ConsentStanding {
  readonly purpose: ConsentPurpose
  readonly given: boolean
  /** When it was last given or withdrawn; undefined when the person was never asked. */
  readonly at?: string
  readonly form?: NoticeForm | 'choices'
}

/** Every entry of a person, by any of their contacts and under each key version, oldest first. */
export async function ledgerEntriesOf(contacts: ConsentContacts): Promise<ConsentEntry[]> {
  const versions = await consentKeys()
  const keys = [versions.current, ...(versions.previous ? [versions.previous] : [])]
  const subjects = normalisedContacts(contacts).flatMap((contact) =>
    keys.map((key) => consentSubject(contact, key.value)),
  )
  const pages = await Promise.all(
    [...new Set(subjects)].map(async (subject) => {
      const items: Record<string, unknown>[] = []
      for await (const page of queryPartition('content', consentPartition, {
        sortKeyPrefix: `${subject}#`,
      })) {
        items.push(...page)
      }
      return items
    }),
  )
  return pages
    .flat()
    .map((item) => withoutKey('content', item) as unknown as ConsentEntry)
    .sort((a, b) => String(a.at).localeCompare(String(b.at)))
}

/** Where each consent purpose stands for a person now (given by their latest entry of it). */
export async function consentStanding(contacts: ConsentContacts): Promise<ConsentStanding[]> {
  return standingOf(await ledgerEntriesOf(contacts))
}

/** The standing of each purpose from a person's entries (oldest first). */
export function standingOf(entries: readonly ConsentEntry[]): ConsentStanding[] {
  return consentPurposes.map((purpose) => {
    const latest = entries.filter((entry) => entry.purpose === purpose).at(-1)
    return latest
      ? { purpose, given: latest.given, at: latest.at, form: latest.form }
      : { purpose, given: false }
  })
}
