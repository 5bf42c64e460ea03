import { Link } from 'react-router'
import { buttonVariants } from '~/components/button'
import { StaticSection } from '~/components/static-section'
import { sitePage } from '~/content/public-pages'
import { type GuideSection, residentialTable, subsidyGuide } from '~/content/subsidy-guide'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/solar-subsidy'

export const meta: Route.MetaFunction = () => pageMeta(sitePage('/solar-subsidy'))

const h2 = 'mt-10 text-2xl font-bold tracking-tight text-ink'

function Section({ section }: { readonly section: GuideSection }) {
  return (
    <section aria-labelledby={`${section.id}-heading`} id={section.id} className="scroll-mt-20">
      <h2 id={`${section.id}-heading`} className={h2}>
        {section.heading}
      </h2>
      {section.paragraphs?.map((text) => (
        <p key={text} className="mt-3">
          {text}
        </p>
      ))}
      {section.list ? (
        <ul className="mt-3 list-disc space-y-1.5 pl-5">
          {section.list.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      ) : null}
      {section.steps ? (
        <ol className="mt-4 space-y-4">
          {section.steps.map((step, index) => (
            <li key={step.title} className="relative pl-11">
              <span
                aria-hidden="true"
                className="absolute top-0 left-0 inline-flex size-8 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              <p className="font-semibold text-ink">{step.title}</p>
              <p className="mt-1">{step.text}</p>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  )
}

/**
 * /solar-subsidy: the PM Surya Ghar guide, one readable column, every amount from functions/core/subsidy.ts
 * (content/subsidy-guide.ts). Nothing to run: a static island, never hydrated, and no request to another host
 * (the portal and sources are named as text).
 */
export default function SolarSubsidyPage() {
  const guide = subsidyGuide
  return (
    <StaticSection name="solar-subsidy">
      <article aria-labelledby="page-title" className="page-x max-w-3xl py-10 text-slate-700 sm:py-14">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{guide.eyebrow}</p>
        <h1 id="page-title" className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {guide.heading}
        </h1>
        <p className="mt-3 text-lg">{guide.intro}</p>
        <p className="mt-3 text-sm text-muted">{guide.asOf}</p>

        <section aria-labelledby="amounts-heading">
          <h2 id="amounts-heading" className={h2}>
            {guide.amountsHeading}
          </h2>
          <p className="mt-3">{guide.amountsIntro}</p>
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="pb-2 text-left font-semibold text-ink">{guide.tableCaption}</caption>
              <thead>
                <tr className="border-b border-slate-300">
                  <th scope="col" className="py-2 pr-3">
                    {guide.tableHeads.size}
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    {guide.tableHeads.usual}
                  </th>
                  <th scope="col" className="py-2">
                    {guide.tableHeads.special}
                  </th>
                </tr>
              </thead>
              <tbody>
                {residentialTable.map((row) => (
                  <tr key={row.kw} className="border-b border-slate-200">
                    <th scope="row" className="py-2 pr-3 font-medium">
                      {row.kw === residentialTable.length ? `${row.kw} kW or more` : `${row.kw} kW`}
                    </th>
                    <td className="py-2 pr-3">{row.usual}</td>
                    <td className="py-2">{row.special}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h3 className="mt-6 text-lg font-semibold text-ink">{guide.specialHeading}</h3>
          <p className="mt-2">{guide.specialText}</p>
          <p className="mt-2 text-sm">{guide.specialStates.join(', ')}.</p>
          <h3 className="mt-6 text-lg font-semibold text-ink">{guide.housingHeading}</h3>
          {guide.housingText.map((text) => (
            <p key={text} className="mt-2">
              {text}
            </p>
          ))}
        </section>

        {guide.sections.map((section) => (
          <Section key={section.id} section={section} />
        ))}

        <section aria-labelledby="sources-heading">
          <h2 id="sources-heading" className={h2}>
            {guide.sourcesHeading}
          </h2>
          <p className="mt-3">
            {guide.sourcesIntro} <span className="font-semibold text-ink">{guide.portal}</span>
          </p>
          <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm">
            {guide.sources.map((source) => (
              <li key={source.name}>
                {source.name} ({source.address})
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="next-heading" className="mt-10 rounded-card bg-brand-50 p-5 sm:p-6">
          <h2 id="next-heading" className="text-xl font-bold text-ink">
            {guide.nextHeading}
          </h2>
          <p className="mt-2">{guide.nextText}</p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to={guide.calculator.to} className={buttonVariants({ size: 'lg' })}>
              {guide.calculator.label}
            </Link>
            <Link to={guide.quote.to} className={buttonVariants({ variant: 'outline', size: 'lg' })}>
              {guide.quote.label}
            </Link>
          </div>
        </section>
      </article>
    </StaticSection>
  )
}
