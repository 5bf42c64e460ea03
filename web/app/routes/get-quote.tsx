import { Link } from 'react-router'
import { ImageWithFallback } from '~/components/image-with-fallback'
import { calculatorLink } from '~/content/navigation'
import { sitePage } from '~/content/pages'
import { QuoteForm } from '~/features/quote/components/quote-form'
import { quotePage } from '~/features/quote/content'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/get-quote'

const page = sitePage('/get-quote')

export const meta: Route.MetaFunction = () => pageMeta(page)

export default function GetQuotePage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{page.title}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{quotePage.heading}</h1>
        <p className="mt-3 text-lg text-muted">{quotePage.intro}</p>
        <p className="mt-3">
          <Link to={calculatorLink.to} className="font-semibold text-brand-800 underline underline-offset-4">
            {quotePage.calculatorLink}
          </Link>
        </p>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-5">
        <section
          aria-label={page.title}
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 lg:col-span-3"
        >
          <QuoteForm />
        </section>
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
      </div>
    </div>
  )
}
