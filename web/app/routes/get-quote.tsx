import { FormPage } from '~/components/form-page'
import { sitePage } from '~/content/pages'
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
      formName={{ label: page.title }}
      illustration={quotePage.illustration}
    >
      <QuoteForm />
    </FormPage>
  )
}
