import { ContactDetails } from '~/components/contact-details'
import { ImageWithFallback } from '~/components/image-with-fallback'
import { MapEmbed } from '~/components/ui/map-embed'
import { contactPage } from '~/content/contact'
import { ContactForm } from '~/features/lead-forms/components/contact-form'
import { pageMeta } from '~/lib/meta'
import type { Route } from './+types/contact'

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: contactPage.title, description: contactPage.description, path: '/contact' })

export default function ContactPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{contactPage.title}</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">{contactPage.heading}</h1>
        <p className="mt-3 text-lg text-muted">{contactPage.intro}</p>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-5">
        <section
          aria-labelledby="contact-form-heading"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 lg:col-span-3"
        >
          <h2 id="contact-form-heading" className="mb-4 text-xl font-semibold text-ink">
            {contactPage.formHeading}
          </h2>
          <ContactForm />
        </section>

        <aside className="flex flex-col gap-6 lg:col-span-2" aria-labelledby="contact-details-heading">
          <ImageWithFallback
            src={contactPage.illustration.src}
            fallbackSrc={contactPage.illustration.fallbackSrc}
            alt={contactPage.illustration.alt}
            width={480}
            height={360}
            className="h-auto w-full rounded-2xl border border-slate-200 bg-white"
          />
          <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <h2 id="contact-details-heading" className="mb-4 text-lg font-semibold text-ink">
              {contactPage.detailsHeading}
            </h2>
            <ContactDetails />
          </div>
          <MapEmbed />
        </aside>
      </div>
    </div>
  )
}
