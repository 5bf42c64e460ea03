/** The company's facts, in one place: change a phone number or an address here and every page follows. */

export interface PostalAddress {
  readonly street: string
  readonly locality: string
  readonly city: string
  readonly state: string
  readonly postalCode: string
  readonly country: string
}

export interface SocialLink {
  readonly label: 'LinkedIn' | 'X' | 'Facebook' | 'Instagram' | 'YouTube'
  /** Leave empty to hide the link: no social link is ever rendered pointing nowhere. */
  readonly url: string
}

/** A video the site shows in a modal, loaded only when the visitor opens it. */
export interface VideoSource {
  readonly title: string
  /** A file on this site (web/public) or a direct video URL. */
  readonly src: string
  /** A local image shown before playing and if the video cannot be played. */
  readonly poster: string
  readonly unavailableMessage: string
}

export interface Company {
  readonly name: string
  /** The name on its own in running text ('Life at Suryodaya'). */
  readonly shortName: string
  /** One line about what the company does. */
  readonly tagline: string
  readonly phone: {
    /** As people read it, with non-breaking spaces so the number never breaks across lines. */
    readonly display: string
    /** For `tel:` links, digits and a leading +. */
    readonly dial: string
  }
  readonly email: string
  readonly address: PostalAddress
  /** The brand colour, also the browsers' theme colour. */
  readonly themeColor: string
  /** The year shown in the footer's copyright line (spec: 2024). */
  readonly copyrightYear: number
  /** For WhatsApp chat links (wa.me): country code and number, digits only. */
  readonly whatsappNumber: string
  readonly social: readonly SocialLink[]
  readonly videos: { readonly demo: VideoSource; readonly story: VideoSource }
  /** The office map: an embed loaded only on request, the page to open in a map app, and a local picture. */
  readonly map: { readonly embedUrl: string; readonly linkUrl: string; readonly image: string }
}

export const company: Company = {
  name: 'Suryodaya Energy',
  shortName: 'Suryodaya',
  tagline: 'Solar, wind, storage and EV charging for homes, businesses and public bodies across India.',
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
  themeColor: '#0ea5a3',
  copyrightYear: 2024,
  whatsappNumber: '914040001234',
  // The company's own profiles, once it has them: e.g. { label: 'LinkedIn', url: 'https://www.linkedin.com/company/…' }.
  // A label with no address is not shown, so no footer link ever points at a guessed handle.
  social: [],
  videos: {
    demo: {
      title: 'Suryodaya Energy in two minutes',
      src: '/media/demo.webm',
      poster: '/images/video-demo-poster.svg',
      unavailableMessage: 'The video cannot be played right now. Call or write to us for a live demo.',
    },
    story: {
      title: 'Our Story',
      src: '/media/story.webm',
      poster: '/images/video-story-poster.svg',
      unavailableMessage: 'The video cannot be played right now. Read our story on this page.',
    },
  },
  map: {
    embedUrl:
      'https://www.openstreetmap.org/export/embed.html?bbox=78.3705%2C17.4385%2C78.3905%2C17.4535&layer=mapnik&marker=17.446%2C78.3805',
    linkUrl: 'https://www.openstreetmap.org/?mlat=17.4460&mlon=78.3805#map=16/17.4460/78.3805',
    image: '/images/office-map.svg',
  },
}

/** A WhatsApp chat link with the company, with an optional first message. */
export function whatsappLink(message?: string): string {
  const base = `https://wa.me/${company.whatsappNumber}`
  return message ? `${base}?text=${encodeURIComponent(message)}` : base
}

/** The social links that have an address (empty ones are not shown). */
export function socialLinks(): readonly SocialLink[] {
  return company.social.filter((link) => link.url.trim() !== '')
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
