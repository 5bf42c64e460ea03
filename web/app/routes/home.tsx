import { Link } from 'react-router'
import { buttonVariants } from '~/components/button'
import { company } from '~/content/company'
import { homePage } from '~/content/home'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: homePage.title,
    description: homePage.description,
    path: '/',
    keywords: homePage.keywords,
  })

/** A placeholder home page; the hero, counters, solutions and stories come with later issues. */
export default function HomePage() {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-slate-50">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-16 sm:px-6 sm:py-24">
        <p className="rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-800 shadow-sm ring-1 ring-brand-200">
          {homePage.eyebrow}
        </p>
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-ink sm:text-5xl">{company.name}</h1>
        <p className="max-w-2xl text-lg text-muted sm:text-xl">{company.tagline}</p>
        <p className="max-w-2xl text-base text-muted">{homePage.pitch}</p>
        <Link to="/contact" className={buttonVariants({ size: 'lg' })}>
          {homePage.contactCta}
        </Link>
      </div>
    </section>
  )
}
