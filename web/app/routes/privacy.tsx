import { companyFacts, privacyContact } from '@core/company'
import {
  approvedNoticeLanguages,
  noticeLanguageNames,
  noticeLanguages,
  type PrivacyNotice,
  privacyNotice,
  privacyPaths,
} from '@core/privacy-notice'
import { StaticSection } from '~/components/static-section'
import { sitePage } from '~/content/public-pages'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/privacy'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/privacy'))

/** Beside a text an owner has not approved yet: English binds until then. */
const awaitingApproval = "Awaiting the company's approval: the English text binds until then."

function Notice({ notice, first }: { readonly notice: PrivacyNotice; readonly first: boolean }) {
  const id = `notice-${notice.language}`
  return (
    <section aria-labelledby={id} lang={notice.language} className={first ? '' : 'mt-14 border-t pt-10'}>
      {first ? (
        <h1 id={id} className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {notice.title}
        </h1>
      ) : (
        <h2 id={id} className="text-2xl font-bold tracking-tight text-ink">
          {notice.title} ({noticeLanguageNames[notice.language]})
        </h2>
      )}
      {notice.approved ? null : (
        <p lang="en" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm font-medium text-amber-900">
          {awaitingApproval}
        </p>
      )}
      <p lang="en" className="mt-3 text-sm text-muted">
        Version {notice.version}
      </p>
      {notice.sections.map((section) => (
        <div key={section.heading}>
          {first ? (
            <h2 className="mt-8 text-xl font-semibold text-ink">{section.heading}</h2>
          ) : (
            <h3 className="mt-8 text-xl font-semibold text-ink">{section.heading}</h3>
          )}
          {section.paragraphs.map((text) => (
            <p key={text} className="mt-3">
              {text}
            </p>
          ))}
        </div>
      ))}
    </section>
  )
}

/**
 * /privacy: the privacy notice every form links to, the same words the consent ledger hashes
 * (functions/core/privacy-notice.ts): English, which binds, then each other language, marked as awaiting the
 * company's approval until company.ts lists it as approved; the register of processors is its section, the
 * contact person its last lines. Nothing to run: a static island, never hydrated.
 */
export default function PrivacyPage() {
  return (
    <StaticSection name="privacy">
      <article className="page-x max-w-3xl py-10 text-slate-700 sm:py-14">
        {noticeLanguages.map((language, index) => (
          <Notice
            key={language}
            notice={privacyNotice(language, approvedNoticeLanguages)}
            first={index === 0}
          />
        ))}
        <p lang="en" className="mt-14 border-t pt-10">
          <a href={privacyPaths.choices} className="font-medium text-brand-800 underline">
            See or withdraw your consents
          </a>
          {' · '}
          <a href={privacyPaths.request} className="font-medium text-brand-800 underline">
            Ask about your data
          </a>
        </p>
        <section aria-labelledby="privacy-contact" lang="en" className="mt-14 border-t pt-10">
          <h2 id="privacy-contact" className="text-2xl font-bold tracking-tight text-ink">
            Contact person
          </h2>
          <p className="mt-3">{privacyContact.name}</p>
          <p className="mt-1">
            <a href={`mailto:${privacyContact.email}`} className="font-medium text-brand-800 underline">
              {privacyContact.email}
            </a>
            , {privacyContact.phone}
          </p>
          <p className="mt-1 text-sm text-muted">{companyFacts.name}</p>
        </section>
      </article>
    </StaticSection>
  )
}
