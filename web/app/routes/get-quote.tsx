import { FormPage } from '~/components/form-page'
import { ImageWithFallback } from '~/components/image-with-fallback'
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
      aside={
        <aside className="lg:col-span-2">
          <ImageWithFallback
            src={quotePage.illustration.src}
            fallbackSrc={quotePage.illustration.fallbackSrc}
            alt={quotePage.illustration.alt}
            width={480}
            height={360}
            className="h-auto w-full rounded-2xl border border-slate-200 bg-white lg:sticky lg:top-24"
          />
        </aside>
      }
    >
      <QuoteForm />
    </FormPage>
  )
}
