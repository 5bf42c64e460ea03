/**
 * The company's facts, in one place: its name, phone, e-mail and address. The pages show them (through
 * web/app/content/company.ts, which adds the site's own parts: tagline, brand colour, videos, map, links)
 * and the Lambdas' messages name them (the authenticator's issuer, the exports' author), so a change here
 * reaches both. Pure data: each Lambda that names the company bundles only this.
 */

export interface PostalAddress {
  readonly street: string
  readonly locality: string
  readonly city: string
  readonly state: string
  readonly postalCode: string
  readonly country: string
}

export interface CompanyFacts {
  readonly name: string
  /** The name on its own in running text ('Life at Suryodaya'). */
  readonly shortName: string
  readonly phone: {
    /** As people read it, with non-breaking spaces so the number never breaks across lines. */
    readonly display: string
    /** For `tel:` links, digits and a leading +. */
    readonly dial: string
  }
  /**
   * The WhatsApp number people chat with, which may be another line than the phone (a mobile, say): the
   * floating button, "Reach us directly" and every "Continue on WhatsApp" link read it.
   */
  readonly whatsapp: {
    /** As people read it, with non-breaking spaces. */
    readonly display: string
    /** For wa.me links: country code and number, digits only. */
    readonly number: string
  }
  readonly email: string
  readonly address: PostalAddress
  /**
   * What a family can check before it trusts an installer with the subsidy: the vendor registration on the
   * national portal and the distribution companies (DISCOMs) that empanel the company. Shown in the footer
   * and on the calculator page when set; leave a part out until the company holds it, so the site never
   * claims a registration it does not have.
   */
  readonly registrations?: CompanyRegistrations
  /** How the company handles personal data (functions/core/privacy-notice.ts reads it). */
  readonly privacy?: CompanyPrivacy
}

/** The privacy notice's settings. */
export interface CompanyPrivacy {
  /** The person who answers for personal data; without it, the company's own address and phone. */
  readonly contact?: { readonly name: string; readonly email: string; readonly phone: string }
  /**
   * The notice's languages besides English that an owner has approved (`'hi'`), for the version named in
   * `approvedNoticeVersion`: until then, and again once the notice has a new version, /privacy shows that text
   * marked as awaiting the company's approval, and English binds.
   */
  readonly approvedNoticeLanguages?: readonly string[]
  /** The notice's version (privacy-notice.ts `privacyNoticeVersion`) the approval above was given for. */
  readonly approvedNoticeVersion?: string
}

export interface CompanyRegistrations {
  /** The vendor registration on the PM Surya Ghar national portal, as the portal shows it. */
  readonly nationalPortalVendor?: string
  /** The DISCOMs that have empanelled the company as a rooftop-solar vendor, e.g. 'TGSPDCL'. */
  readonly discomEmpanelment?: readonly string[]
}

export const companyFacts: CompanyFacts = {
  name: 'Suryodaya Energy',
  shortName: 'Suryodaya',
  phone: { display: '+91\u00a040\u00a04000\u00a01234', dial: '+914040001234' },
  whatsapp: { display: '+91\u00a040\u00a04000\u00a01234', number: '914040001234' },
  email: 'hello@suryodaya.example',
  address: {
    street: 'Plot 12, Cyber Towers Road',
    locality: 'HITEC City, Madhapur',
    city: 'Hyderabad',
    state: 'Telangana',
    postalCode: '500081',
    country: 'India',
  },
}

/**
 * The registrations to show: the vendor registration when set, the DISCOMs when there is at least one; an
 * empty list when the company has none (then nothing is shown).
 */
export function registrationLines(
  registrations: CompanyRegistrations | undefined = companyFacts.registrations,
): readonly { readonly label: string; readonly value: string }[] {
  const vendor = registrations?.nationalPortalVendor?.trim()
  const discoms = (registrations?.discomEmpanelment ?? []).map((name) => name.trim()).filter(Boolean)
  return [
    ...(vendor ? [{ label: 'Registered vendor, PM Surya Ghar national portal', value: vendor }] : []),
    ...(discoms.length > 0 ? [{ label: 'Empanelled with', value: discoms.join(', ') }] : []),
  ]
}

/** The address as lines, for display. */
export function addressLines(address: PostalAddress = companyFacts.address): readonly string[] {
  return [
    address.street,
    address.locality,
    `${address.city}, ${address.state} ${address.postalCode}`,
    address.country,
  ]
}

/** The person who answers for the company's handling of personal data, and how to reach them. */
export interface PrivacyContact {
  readonly name: string
  readonly email: string
  readonly phone: string
}

/**
 * The privacy notice's contact person: the company's own address until the company names one
 * (`privacy.contact` above). Beside the facts, not in privacy-notice.ts, so a page that names the contact does
 * not load the whole notice.
 */
export const privacyContact: PrivacyContact = companyFacts.privacy?.contact ?? {
  name: `${companyFacts.shortName} privacy desk`,
  email: companyFacts.email,
  phone: companyFacts.phone.display,
}
