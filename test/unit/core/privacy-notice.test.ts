import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  approvedLanguagesOf,
  noticeText,
  personalDataOf,
  privacyNotice,
  privacyNoticeVersion,
  processors,
} from '../../../functions/core/privacy-notice'
import { retentionDefaults } from '../../../functions/core/retention'

/**
 * The hash of each language's text, recorded for the notice's version: a change of the words (or of what a form
 * declares as personal data, which the notice lists) fails here until the version is new and its hashes are
 * recorded, so a consent given under one text never carries another text's version.
 */
const recordedHashes: Record<string, Record<'en' | 'hi', string>> = {
  'privacy-2026-11-26': {
    en: '2df27e2f48897f7cd09c73dcd0e93dd805c9b06ad6c684120629dc24ce0c3fba',
    hi: '3c399d44f04bd73188b7f3ea0b2dc3c009fc0da1fa497bf1e395bc13903c8754',
  },
  // SNS and WhatsApp name the one-time codes they carry where the company turns codes by SMS or WhatsApp on.
  'privacy-2026-11-27': {
    en: '3622a3bd56c690f6baf7d8c114c7a644bf06d36f516eb061155b0707299fab08',
    hi: '60cc8188349f63b934ab853ac8744d8b76440c841ab18a519ef716244634a10f',
  },
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

describe('the privacy notice', () => {
  it('has a new version whenever its words change', () => {
    const recorded = recordedHashes[privacyNoticeVersion]
    expect(recorded, `record the hashes of ${privacyNoticeVersion}`).toBeDefined()
    for (const language of ['en', 'hi'] as const) {
      expect(sha256(noticeText(privacyNotice(language))), language).toBe(recorded?.[language])
    }
  })

  it('lists the personal data each form declares', () => {
    expect(personalDataOf('newsletter')).toEqual(['email'])
    expect(personalDataOf('contact')).toEqual(['name', 'phone', 'email', 'message'])
    expect(personalDataOf('quote')).toEqual(expect.arrayContaining(['name', 'phone', 'place']))
    const text = noticeText(privacyNotice('en'))
    expect(text).toContain('The newsletter signup: e-mail.')
    expect(text).toContain(
      'The contact form: your name, phone or WhatsApp number, e-mail, what you write to us.',
    )
  })

  it('states the retention periods, the processors, the rights pages and the Board', () => {
    const text = noticeText(privacyNotice('en'))
    expect(text).toContain(`${retentionDefaults.lostMonths} months after it closes`)
    expect(text).toContain(`${retentionDefaults.wonMonths / 12} years`)
    for (const processor of processors) expect(text).toContain(processor.name)
    expect(text).toContain('/privacy/choices')
    expect(text).toContain('/privacy/request')
    expect(text).toContain('Data Protection Board of India')
    expect(text).toContain('18 or older')
  })

  it('binds in English; the Hindi text only once an owner has approved it, with the same sections', () => {
    const english = privacyNotice('en')
    const hindi = privacyNotice('hi')
    expect(english.approved).toBe(true)
    expect(hindi.approved).toBe(false)
    expect(privacyNotice('hi', ['hi']).approved).toBe(true)
    expect(hindi.sections.map((section) => section.paragraphs.length)).toEqual(
      english.sections.map((section) => section.paragraphs.length),
    )
    // The same figures in both languages.
    const hindiText = noticeText(hindi)
    expect(hindiText).toContain(`${retentionDefaults.lostMonths} महीने`)
    expect(hindiText).toContain('/privacy/choices')
    expect(hindiText).toContain('Data Protection Board of India')
  })
})

describe('the register of processors in the README', () => {
  it('lists every processor of the notice with what it receives', async () => {
    const { readFileSync } = await import('node:fs')
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8')
    const register = readme.slice(readme.indexOf('**Register of processors**'))
    for (const processor of processors) {
      const name = processor.name.replace(/ \(.*\)$/, '')
      const row = register.split('\n').find((line) => line.startsWith(`| ${name}`)) ?? ''
      const [, receives, when] = row
        .split('|')
        .slice(1)
        .map((cell) => cell.trim())
      expect(receives, processor.name).toBe(processor.receives.en)
      expect(when, processor.name).toBe(processor.when === 'always' ? 'always' : 'only when used')
    }
  })
})

describe('an approval of the notice in Hindi', () => {
  it('holds for the version it names only: new words need a new approval', () => {
    const approval = { approvedNoticeLanguages: ['hi'], approvedNoticeVersion: privacyNoticeVersion }
    expect(approvedLanguagesOf(approval, privacyNoticeVersion)).toEqual(['hi'])
    expect(
      approvedLanguagesOf({ ...approval, approvedNoticeVersion: 'privacy-2026-11-26' }, privacyNoticeVersion),
    ).toEqual([])
    expect(approvedLanguagesOf({ approvedNoticeLanguages: ['hi'] }, privacyNoticeVersion)).toEqual([])
    expect(approvedLanguagesOf(undefined, privacyNoticeVersion)).toEqual([])
    expect(
      approvedLanguagesOf({ ...approval, approvedNoticeLanguages: ['fr'] }, privacyNoticeVersion),
    ).toEqual([])
  })
})
