import { ContactDetails } from '~/components/contact-details'
import { FormPage } from '~/components/form-page'
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
      illustration={contactPage.illustration}
      aside={{
        headingId: 'contact-details-heading',
        children: (
          <>
            <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
              <h2 id="contact-details-heading" className="mb-4 text-lg font-semibold text-ink">
                {contactPage.detailsHeading}
              </h2>
              <ContactDetails />
            </div>
            <MapEmbed />
          </>
        ),
      }}
    >
      <ContactForm />
    </FormPage>
  )
}
