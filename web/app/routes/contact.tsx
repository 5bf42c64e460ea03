import { ContactDetails } from '~/components/contact-details'
import { FormPage } from '~/components/form-page'
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
    <FormPage
      eyebrow={contactPage.title}
      heading={contactPage.heading}
      intro={contactPage.intro}
      formName={{ heading: contactPage.formHeading, headingId: 'contact-form-heading' }}
      aside={
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
      }
    >
      <ContactForm />
    </FormPage>
  )
}
