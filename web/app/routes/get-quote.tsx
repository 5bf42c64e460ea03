import { Link } from 'react-router'
import { FormPage } from '~/components/form-page'
import { calculatorLink, subsidyGuideLink } from '~/content/navigation'
import { sitePage } from '~/content/public-pages'
import { QuoteForm } from '~/features/quote/components/quote-form'
import { quotePage } from '~/features/quote/content'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/get-quote'

const page = sitePage('/get-quote')

export const meta: Route.MetaFunction = () => pageMeta(page)

export default function GetQuotePage() {
  return (
    <FormPage
      eyebrow={page.title}
      heading={quotePage.heading}
      intro={quotePage.intro}
      introExtra={
        <>
          <Link to={calculatorLink.to} className="font-semibold text-brand-800 underline underline-offset-4">
            {quotePage.calculatorLink}
          </Link>
          <br />
          <Link
            to={subsidyGuideLink.to}
            className="mt-2 inline-block font-semibold text-brand-800 underline underline-offset-4"
          >
            {subsidyGuideLink.label}
          </Link>
        </>
      }
      formName={{ label: page.title }}
      illustration={quotePage.illustration}
    >
      <QuoteForm />
    </FormPage>
  )
}
