/** The company's facts, in one place: change a phone number or an address here and every page follows. */

export interface PostalAddress {
  readonly street: string
  readonly locality: string
  readonly city: string
  readonly state: string
  readonly postalCode: string
  readonly country: string
}

export interface Company {
  readonly name: string
  /** One line about what the company does. */
  readonly tagline: string
  readonly phone: {
    /** As people read it. */
    readonly display: string
    /** For `tel:` links, digits and a leading +. */
    readonly dial: string
  }
  readonly email: string
  readonly address: PostalAddress
  /** The public origin of the site, used for canonical URLs and social tags. No trailing slash. */
  readonly siteUrl: string
  /** The brand colour, also the browsers' theme colour. */
  readonly themeColor: string
  /** The year shown in the footer's copyright line (spec: 2024). */
  readonly copyrightYear: number
}

export const company: Company = {
  name: 'Suryodaya Energy',
  tagline: 'Solar, wind, storage and EV charging for homes, businesses and public bodies across India.',
  phone: { display: '+91 40 4000 1234', dial: '+914040001234' },
  email: 'hello@suryodaya.example',
  address: {
    street: 'Plot 12, Cyber Towers Road',
    locality: 'HITEC City, Madhapur',
    city: 'Hyderabad',
    state: 'Telangana',
    postalCode: '500081',
    country: 'India',
  },
  siteUrl: 'https://www.suryodaya.example',
  themeColor: '#0ea5a3',
  copyrightYear: 2024,
}

/** The address as lines, for display. */
export function addressLines(address: PostalAddress = company.address): readonly string[] {
  return [
    address.street,
    address.locality,
    `${address.city}, ${address.state} ${address.postalCode}`,
    address.country,
  ]
}
