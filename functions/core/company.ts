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
  readonly email: string
  readonly address: PostalAddress
}

export const companyFacts: CompanyFacts = {
  name: 'Suryodaya Energy',
  shortName: 'Suryodaya',
  phone: { display: '+91\u00a040\u00a04000\u00a01234', dial: '+914040001234' },
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

/** The address as lines, for display. */
export function addressLines(address: PostalAddress = companyFacts.address): readonly string[] {
  return [
    address.street,
    address.locality,
    `${address.city}, ${address.state} ${address.postalCode}`,
    address.country,
  ]
}
